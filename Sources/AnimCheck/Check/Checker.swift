import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Semantic analysis: infers types and units and enforces the rules of the language.
/// Diagnostics are collected, never printed; an expression already reported has type
/// `.error` and raises nothing further.
///
/// The work is done by passes, each reading what the ones before settled: `NamePass`
/// declares every top-level name first; this type pass checks types, units and stages
/// and leaves the scene over checked syntax (`UnloweredScene`) with what lowering needs
/// (`LoweringFacts`); `ConstantFolder` holds the constant values by slot and folds what
/// rules need to know now; `WarningPass` holds the warning rules, which read settled
/// facts and return warnings; `Lowering` makes the IR, when it is wanted. Checking a
/// value returns what it found (`CheckedValue`), which `resolve` settles.
final class Checker {
  let file: SourceFile
  let tree: SyntaxTree
  var diagnostics: [Diagnostic] = []
  var declarations = DeclarationTable()
  /// Top-level declarations in source order.
  var order: [Symbol] = []
  /// The scene as checked: the IR's shape over checked syntax.
  var scene = UnloweredScene()
  /// What lowering needs that the syntax does not say, recorded as nodes are checked.
  let loweringFacts: LoweringFacts
  /// Constant folding: the constant globals by slot, and folds of constant expressions.
  let folder: ConstantFolder
  /// The `let` chain being resolved, to name a whole cycle.
  var resolving: [Symbol] = []
  /// "Did you mean" answers for undefined names (see `nearestName`).
  var suggestions = Suggestions()
  var sceneChecked = false
  /// When templates are checked on two threads (same diagnostics either way).
  let schedule: CheckSchedule
  let facts: SymbolFacts
  /// The parser's heads of the top-level statements, when given (see `DeclarationHead`).
  var heads: [DeclarationHead]? = nil
  /// Whether the checked templates are kept for lowering. A check whose IR no one asks
  /// for (`animc check`, the language server) drops each once checked: keeping them
  /// cost a large file's check the joining of the two halves' templates and, at the
  /// end, the freeing of every one (together about 3 % of it).
  var keepsScene = true
  /// Where `text(…)` finds fonts and `image(…)` images.
  let resources: SceneResources

  /// `facts` are those of `tree`'s names, when already made (a second checker shares the
  /// first's); `constants` the constant values already settled, for a second checker.
  init(
    file: SourceFile, tree: SyntaxTree, schedule: CheckSchedule = .automatic, facts: SymbolFacts? = nil,
    constants: [Value] = [], globalSlots: [Int32] = [], resources: SceneResources = .files
  ) {
    self.file = file
    self.resources = resources
    self.tree = tree
    self.facts = facts ?? SymbolFacts(tree.symbols)
    self.schedule = schedule
    folder = ConstantFolder(constants: constants)
    loweringFacts = LoweringFacts(globalSlots: globalSlots)
    lowering = Lowering(tree: tree, facts: loweringFacts, builtins: self.facts)
    warnings = WarningPass(file: file, tree: tree, folder: folder, lowering: lowering)
  }

  /// Lowers checked syntax (for a fold, or the whole scene once checked).
  let lowering: Lowering

  func run() -> CheckResult {
    collectDeclarations()
    checkScene()
    loweringFacts.settings = scene.settings
    // Every value, in order; one already checked (a use resolved it first) returns at once.
    for symbol in order { resolve(symbol) }
    checkInput()  // before the emitters: their `max` warning counts the input's taps
    checkTemplates()
    checkSecondaryCycles()
    checkBindingCycles()
    report(warnings.unusedLets(order, in: declarations))
    return CheckResult(diagnostics: diagnostics, scene: scene, lowering: lowering)
  }

  /// Runs the name pass and takes what it made: every top-level name is declared
  /// before any value is checked.
  func collectDeclarations() {
    let topLevel = tree.childCount(tree.root)
    scene.globals.reserveCapacity(topLevel)
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
    case .unchecked?: break
    }
    guard resolving.count < Self.longestLetChain else { return reportLongChain(at: symbol) }
    declarations.update(symbol) { $0.state = .checking }
    resolving.append(symbol)
    guard let d = declarations[symbol] else { return }
    let checked = checkGlobal(d)
    resolving.removeLast()
    if !checked.shapeDefaults.isEmpty { declarations.update(symbol) { $0.shapeDefaults = checked.shapeDefaults } }
    settle(symbol, ValueFacts(checked.typed), checked.value, checked.constant ?? .number(.nan))
  }

  /// Checks a top-level value; with its constant value when a rule may fold it. It
  /// writes no declaration: what it found is returned, for the caller to settle.
  func checkGlobal(_ d: Declaration) -> CheckedValue {
    var checked = checkDeclarationValue(d)
    let typed = checked.typed
    // Shapes and paths are never folded by a rule (no built-in makes a number, a point,
    // a colour or a timing of one), so they are not built at check time: outlining a
    // heart or a parabola per declaration would be work no check result reads.
    guard !typed.type.isError, typed.stage == .constant, typed.type != .shape, typed.type != .path else {
      return checked
    }
    // A value that cannot be folded is reported once, here; its uses see an error.
    guard let value = foldReporting(lowering.lower(checked.value)) else { return .error }
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

  /// Records a checked value and gives it the next slot, in the constants and the globals.
  func settle(_ symbol: Symbol, _ facts: ValueFacts, _ value: CheckedExpr, _ constant: Value) {
    let slot = folder.count
    folder.append(constant)
    if let name = declarations.read(symbol, { $0.name }) {
      scene.globals.append(IRForm.GlobalBinding(name: name, slot: slot, value: value))
    }
    loweringFacts.settle(symbol, slot: slot)
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
    settle(symbol, ValueFacts(Typed.error), CheckedValue.error.value, .number(.nan))
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
    case .letValue: return CheckedValue(typed: check(value, expecting: nil, in: &scope), value: .node(value))
    case .timing: return CheckedValue(typed: check(value, expecting: .timing, in: &scope), value: .node(value))
    case .path: return CheckedValue(typed: check(value, expecting: .path, in: &scope), value: .node(value))
    case .shape:
      // The declaration itself: lowering adds its block's `fill`, `stroke`, `lineWidth`.
      let (typed, defaults) = checkShapeDeclaration(d, in: &scope)
      return CheckedValue(typed: typed, value: .node(d.syntax), shapeDefaults: defaults)
    default: return .error
    }
  }

  /// Evaluates a constant expression now (for key times, limits, `cubicBezier` bounds).
  func fold(_ e: Expr) -> Value? { folder.fold(e) }

  /// Lowers and evaluates the value checked at `id` (see `fold(_:)`).
  func fold(_ id: NodeID) -> Value? {
    // A number literal (most durations) is its own value, as it lowers: nothing to
    // lower or evaluate (the same shortcut as `WarningPass.fold`).
    if tree.kind(id) == .number { return .number(tree.numberLiteral(id).value) }
    return folder.fold(lowering.lower(id))
  }

  /// The value checked at `id` as a finite number, when `t` says it is a constant one.
  func constantNumber(_ t: Typed, at id: NodeID) -> Double? {
    guard t.stage == .constant, !t.type.isError, case .number(let n)? = fold(id), n.isFinite else { return nil }
    return n
  }
}

/// What the checker leaves: every diagnostic, and the scene over checked syntax with
/// the lowering that turns it into the IR.
struct CheckResult {
  let diagnostics: [Diagnostic]
  let scene: UnloweredScene
  let lowering: Lowering

  /// The IR (lowering the whole scene).
  var ir: SceneIR { lowering.lower(scene) }
}

/// Runs the checker on a parsed file.
/// `heads` are the parser's heads of the root's children, when at hand (see `DeclarationHead`).
/// `keepingScene: false` keeps no node, emitter or replicator template in the result
/// (nothing lowers it): each is checked and dropped (see `Checker.keepsScene`).
func checkSemantics(
  _ file: SourceFile, _ tree: SyntaxTree, schedule: CheckSchedule = .automatic, heads: [DeclarationHead]? = nil,
  resources: SceneResources = .files, keepingScene: Bool = true
) -> CheckResult {
  let checker = Checker(file: file, tree: tree, schedule: schedule, resources: resources)
  checker.keepsScene = keepingScene
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
