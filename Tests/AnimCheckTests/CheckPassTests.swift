import AnimMath
import AnimSource
import AnimSyntax
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

/// The checker's passes on their own: what the name pass declares and numbers, and what
/// the constant folder answers. Expected values are worked out by hand from §3.1 and
/// §10 of the spec, not taken from a run.
@Suite struct CheckPassTests {
  static func names(_ text: String) -> NamePass {
    let file = SourceFile(name: "passes.anim", text: text)
    let tree = Parser.parse(file).tree
    var names = NamePass(file: file, tree: tree, facts: SymbolFacts(tree.symbols))
    names.run(heads: nil)
    return names
  }

  static func declaration(_ names: NamePass, _ name: String) -> Declaration? {
    names.declarations.values.first { $0.name == name }
  }

  /// Top-level nodes are numbered first, in source order, then the nodes inside
  /// replicators: `late` follows `cards` in the file but comes before `card`.
  @Test func nodeIndicesCountTopLevelNodesFirst() {
    let names = Self.names(
      """
      node first = circle(10)
      replicate cards count 4 {
        node card = rect(70, 100)
      }
      node late = circle(5)
      let speed = 2
      """)
    #expect(Self.declaration(names, "first")?.nodeIndex == 0)
    #expect(Self.declaration(names, "late")?.nodeIndex == 1)
    #expect(Self.declaration(names, "card")?.nodeIndex == 2)
    #expect(Self.declaration(names, "speed")?.nodeIndex == nil)
    #expect(names.order.map { names.tree.symbols[$0] } == ["first", "card", "cards", "late", "speed"])
    #expect(names.diagnostics.isEmpty)
  }

  /// A name declared twice is reported once, at the second declaration, and the first
  /// declaration is the one kept.
  @Test func aSecondDeclarationIsReportedAndDropped() {
    let names = Self.names("let size = 1\nlet size = 2\n")
    #expect(names.diagnostics.map(\.code) == [SemanticCode.duplicateName])
    #expect(names.diagnostics.first?.range.start == 17)
    #expect(Self.declaration(names, "size")?.nameRange.start == 4)
    #expect(names.order.count == 1)
  }

  /// A fold reads the constants settled so far by slot; NaN in a slot marks a value
  /// that is not constant, and is no fixed value.
  @Test func foldingReadsSettledConstants() {
    let folder = ConstantFolder()
    folder.append(.number(2))
    folder.append(.number(.nan))
    let sum = Expr.arithmetic(.add, .global(0), .constant(.number(3)), .at(0))
    guard case .number(let n)? = folder.fold(sum) else {
      Issue.record("2 + 3 did not fold to a number")
      return
    }
    #expect(n == 5)
    #expect(folder.settledValue(1) == nil)
    #expect(folder.settledValue(7) == nil)
    if case .number(let v)? = folder.settledValue(0) { #expect(v == 2) } else { Issue.record("slot 0 lost") }
    // A slot not settled yet folds to NaN, as the evaluator reads a missing global.
    if case .number(let v)? = folder.fold(.global(9)) { #expect(v.isNaN) } else { Issue.record("no value") }
  }

  /// Only a constant, finite number is a constant number: a per-run one is not known.
  /// A fold lowers the checked node it is asked about, names included.
  @Test func onlyConstantNumbersAreKnown() {
    let file = SourceFile(name: "n.anim", text: "let a = 4\nlet b = random(0..1)\nlet c = 2 * a\nlet d = -a\n")
    let parsed = Parser.parse(file)
    let checker = Checker(file: file, tree: parsed.tree, schedule: .serial)
    _ = checker.run()
    let values = parsed.tree.children(parsed.tree.root).map { parsed.tree.child($0, 1) }
    #expect(values.count == 4)
    #expect(checker.constantNumber(Typed(type: .number), at: values[0]) == 4)
    #expect(checker.constantNumber(Typed(type: .number, stage: .perRun), at: values[1]) == nil)
    #expect(checker.constantNumber(Typed(type: .number), at: values[2]) == 8)
    #expect(checker.constantNumber(Typed(type: .number), at: values[3]) == -4)
    #expect(checker.constantNumber(Typed(type: .error), at: values[0]) == nil)
  }
}
