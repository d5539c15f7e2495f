import AnimMath
import AnimSyntax

/// Semantic analysis: infers types and units, enforces the rules of the language and
/// lowers the tree to the IR. Diagnostics are collected, never printed; an expression
/// already reported has type `.error` and raises nothing further.
///
/// Some of the work is done by passes of its own, each reading what the ones before
/// settled: `NamePass` declares every top-level name first; `ConstantFolder` holds the
/// constant values by slot and folds what rules need to know now; `WarningPass` holds
/// the warning rules, which read settled facts and return warnings. Checking a value
/// returns what it found (`CheckedValue`) and writes no declaration, so the parallel
/// schedule (`ParallelGlobals.swift`) settles the values checked aside as data.
final class Checker {
  let file: SourceFile
  let tree: SyntaxTree
  var diagnostics: [Diagnostic] = []
  var declarations = DeclarationTable()
  /// Top-level declarations in source order.
  var order: [Symbol] = []
  var ir = SceneIR()
  /// Constant folding: the constant globals by slot, and folds of constant expressions.
  let folder: ConstantFolder
  /// The `let` chain being resolved, to name a whole cycle.
  var resolving: [Symbol] = []
  /// "Did you mean" answers for undefined names (see `nearestName`).
  var suggestions = Suggestions()
  var sceneChecked = false
  /// Whether the templates are kept in `ir`. `animc check` without `--emit-ir` needs only
  /// the diagnostics, and a large file's templates would cost more memory than its tree.
  let keepsIR: Bool
  /// When values and templates are checked on two threads (same results either way).
  let schedule: CheckSchedule
  let facts: SymbolFacts
  /// Whether checked expressions are lowered to IR (see `Lowering.swift`).
  var lowering = true
  /// Top-level values checked aside, on two threads (see `ParallelGlobals.swift`).
  var aside = AsideValues()
  /// The parser's heads of the top-level statements, when given (see `DeclarationHead`).
  var heads: [DeclarationHead]? = nil
  /// The shape expression of the node or shape whose block is being checked (for the
  /// `cornerRadius` fix, which moves the radius into a `rect(…)`).
  var currentShape: NodeID? = nil
  /// The `fill`/`stroke` statements of the block being checked, and whether each gives a
  /// gradient (§12.2: such a paint may not be animated; see `GradientRules.swift`).
  var gradientPaints: [(property: Property, range: SourceRange, isGradient: Bool)] = []

  /// `facts` are those of `tree`'s names, when already made (a second checker shares the
  /// first's); `constants` the constant values already settled, for a second checker.
  init(
    file: SourceFile, tree: SyntaxTree, keepsIR: Bool = true, schedule: CheckSchedule = .automatic,
    facts: SymbolFacts? = nil, constants: [Value] = []
  ) {
    self.file = file
    self.tree = tree
    self.facts = facts ?? SymbolFacts(tree.symbols)
    self.keepsIR = keepsIR
    self.schedule = schedule
    folder = ConstantFolder(constants: constants)
    warnings = WarningPass(file: file, tree: tree, folder: folder)
  }

  func run() -> (diagnostics: [Diagnostic], ir: SceneIR) {
    collectDeclarations()
    checkScene()
    resolveGlobals()
    checkInput()  // before the emitters: their `max` warning counts the input's taps
    checkTemplates()
    report(warnings.unusedLets(order, in: declarations))
    return (diagnostics, ir)
  }

  /// Runs the name pass and takes what it made: every top-level name is declared
  /// before any value is checked.
  func collectDeclarations() {
    let topLevel = tree.childCount(tree.root)
    if keepsIR { ir.globals.reserveCapacity(topLevel) }
    folder.reserve(topLevel)
    var names = NamePass(file: file, tree: tree, facts: facts)
    names.run(heads: heads)
    declarations = names.declarations
    order = names.order
    diagnostics += names.diagnostics
  }

  // MARK: Reporting

  func error(
    _ code: String, _ message: String, at range: SourceRange, labels: [Label] = [], notes: [String] = [],
    fixes: [Fix] = []
  ) {
    diagnostics.append(.error(code, message, at: range, labels: labels, notes: notes, fixes: fixes))
  }

  func warning(_ code: String, _ message: String, at range: SourceRange, notes: [String] = [], fixes: [Fix] = []) {
    diagnostics.append(.warning(code, message, at: range, notes: notes, fixes: fixes))
  }

  /// Adds what a pass found (most calls find nothing, and add nothing).
  func report(_ found: [Diagnostic]) {
    if !found.isEmpty { diagnostics += found }
  }

  func text(_ id: NodeID) -> String { file.text(tree.range(id)) }

  /// The warning rules, over what has been settled so far (made once: it holds the tree).
  let warnings: WarningPass

  // MARK: Values

  /// Checks a value declaration on first use, so `let`s may appear in any order; a
  /// reference back into the chain being checked is a cycle, reported once.
  func resolve(_ symbol: Symbol) {
    // Most calls come from uses of a name already checked: only its state is read.
    switch declarations.read(symbol, { $0.state }) {
    case nil, .done?: return
    case .checking?:
      reportCycle(from: symbol)
      return
    case .elsewhere?:
      // Checked aside, this value meets one not checked yet: it waits for the serial pass.
      aside.unresolved = true
      return
    case .unchecked?: break
    }
    guard resolving.count < Self.longestLetChain else { return reportLongChain(at: symbol) }
    declarations.update(symbol) { $0.state = .checking }
    resolving.append(symbol)
    guard let d = declarations[symbol] else { return }
    let checked = checkGlobal(d)
    resolving.removeLast()
    if keepsIR { ir.globals.append(GlobalBinding(name: d.name, slot: folder.count, value: checked.typed.expr)) }
    if !checked.shapeDefaults.isEmpty { declarations.update(symbol) { $0.shapeDefaults = checked.shapeDefaults } }
    settle(symbol, ValueFacts(checked.typed), checked.constant ?? .number(.nan))
  }

  /// Checks a top-level value; with its constant value when a rule may fold it. It
  /// writes no declaration: what it found is returned, for the caller to settle.
  func checkGlobal(_ d: Declaration) -> CheckedValue {
    // Lowered even when first used inside a value that is not: its value is folded. A
    // shape's or a path's never is (see below), so only the IR reads what they lower to.
    var checked =
      d.kind == .shape || d.kind == .path
      ? unlowered { checkDeclarationValue(d) } : lowered { checkDeclarationValue(d) }
    let typed = checked.typed
    // Shapes and paths are never folded by a rule (no built-in makes a number, a point,
    // a colour or a timing of one), so they are not built at check time: outlining a
    // heart or a parabola per declaration would be work no check result reads.
    guard typed.stage == .constant && typed.type != .shape && typed.type != .path else { return checked }
    // A value that cannot be folded is reported once, here; its uses see an error.
    guard let value = foldReporting(typed.expr) else { return CheckedValue(typed: .error) }
    checked.constant = value
    return checked
  }

  /// `fold`, with a value that is not finite (`1e308 * 10`) reported where it is made:
  /// numbers must be finite (§10), and a constant's is known now, not only when it runs.
  func foldReporting(_ e: Expr) -> Value? {
    do {
      return try folder.evaluate(e)
    } catch {
      self.error(SemanticCode.notFinite, error.message, at: error.range)
      return nil
    }
  }

  /// Records a checked value and gives it the next slot (in both lists when the IR is kept).
  func settle(_ symbol: Symbol, _ facts: ValueFacts, _ constant: Value) {
    let slot = folder.count
    folder.append(constant)
    declarations.update(symbol) { d in
      d.state = .done
      d.type = facts.type
      d.stage = facts.stage
      d.usesScene = facts.usesScene
      d.realTimeSpring = facts.realTimeSpring
      d.slot = slot
    }
  }

  /// How many values, each needing the next, are checked one inside another. Checking
  /// follows such a chain by recursion, so a chain without end would overflow the stack.
  static let longestLetChain = 10_000

  /// The value that would make the chain too long: one error, and the value is taken as
  /// an error so that those before it in the chain report nothing more.
  func reportLongChain(at symbol: Symbol) {
    guard let d = declarations[symbol] else { return }
    let first = resolving.first.flatMap { declarations[$0] }
    error(
      SemanticCode.letChainTooLong,
      "`\(first?.name ?? d.name)` needs a chain of more than \(Self.longestLetChain) values, each using the next",
      at: d.nameRange, labels: first.map { [Label($0.nameRange, "the chain starts here")] } ?? [],
      notes: ["give a value along the chain directly, to cut it in two"])
    settle(symbol, ValueFacts(Typed.error), .number(.nan))
    declarations.update(symbol) { $0.type = .error }
  }

  func reportCycle(from symbol: Symbol) {
    guard let start = resolving.firstIndex(of: symbol) else { return }
    let chain = resolving[start...].compactMap { declarations[$0] }
    guard !chain.contains(where: { $0.type.isError && $0.state == .done }) else { return }
    let names = chain.map { "`\($0.name)`" } + ["`\(chain.first?.name ?? "")`"]
    let first = chain.first?.nameRange ?? .at(0)
    error(
      SemanticCode.letCycle, "these declarations depend on each other in a cycle: \(names.joined(separator: " → "))",
      at: first, labels: chain.dropFirst().map { Label($0.nameRange, "part of the cycle") })
    // Mark the whole chain so each name reports nothing more.
    for s in resolving[start...] {
      declarations.update(s) { $0.type = .error }
    }
  }

  func checkDeclarationValue(_ d: Declaration) -> CheckedValue {
    var scope = BlockScope(.topLevel)
    let value = tree.child(d.syntax, 1)
    switch d.kind {
    case .letValue: return CheckedValue(typed: check(value, expecting: nil, in: &scope))
    case .timing: return CheckedValue(typed: check(value, expecting: .timing, in: &scope))
    case .path: return CheckedValue(typed: check(value, expecting: .path, in: &scope))
    case .shape:
      let (typed, defaults) = checkShapeDeclaration(d, in: &scope)
      return CheckedValue(typed: typed, shapeDefaults: defaults)
    default: return CheckedValue(typed: .error)
    }
  }

  /// Evaluates a constant expression now (for key times, limits, `cubicBezier` bounds).
  func fold(_ e: Expr) -> Value? { folder.fold(e) }

  func constantNumber(_ t: Typed) -> Double? { folder.number(t) }
}

/// Runs the checker on a parsed file.
/// `heads` are the parser's heads of the root's children, when at hand (see `DeclarationHead`).
func checkSemantics(
  _ file: SourceFile, _ tree: SyntaxTree, keepsIR: Bool = true, schedule: CheckSchedule = .automatic,
  heads: [DeclarationHead]? = nil
) -> (diagnostics: [Diagnostic], ir: SceneIR) {
  let checker = Checker(file: file, tree: tree, keepsIR: keepsIR, schedule: schedule)
  checker.heads = heads
  return checker.run()
}

/// The closest top-level or built-in name to each undefined spelling met, and how many
/// more candidates may be compared before suggestions stop (a file with thousands of
/// undefined names and thousands of declarations made the check quadratic).
struct Suggestions {
  var nearest: [String: String?] = [:]
  var comparisonsLeft = 500_000
}
