import AnimMath
import AnimSource
import AnimSyntax
import AnimTestSupport
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

/// Lowering is a pass of its own: the checker leaves the scene over checked syntax and
/// `Lowering` makes the IR from it and the recorded facts. Expected values are worked
/// out by hand from the source text.
@Suite struct LoweringTests {
  /// Checks `text`, with no errors, and returns what the checker left.
  private func checked(_ text: String) throws -> CheckResult {
    let file = SourceFile(name: "lowering.anim", text: text)
    let parsed = Parser.parse(file)
    try #require(!parsed.diagnostics.hasErrors)
    let result = checkSemantics(file, parsed.tree, schedule: .serial)
    try #require(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return result
  }

  private func evaluate(_ e: Expr, globals: [Value] = []) throws -> Value {
    var ctx = EvaluationContext(random: RandomStream(seed: 0, name: ""))
    ctx.globals = globals
    return try Evaluator.evaluate(e, &ctx)
  }

  /// A global, and a node with fixed properties and an animation.
  static let oneNode = """
    let a = 2 * 3
    node n = circle(10) {
      opacity 50%
      position (a + 1, -4)
      rotation 0.5turn
      animate scale to 2 over 1s
    }
    """

  /// The checker builds no expression: every value it leaves is checked syntax.
  @Test func theCheckerLeavesSyntaxNotExpressions() throws {
    let result = try checked(Self.oneNode)
    let node = try #require(result.scene.nodes.first)
    guard case .node = node.shape else {
      Issue.record("the shape was lowered by the checker")
      return
    }
    for statement in node.body {
      switch statement {
      case .set(_, .node), .timeline: continue
      default: Issue.record("a statement holds a made expression: \(statement)")
      }
    }
    guard case .node = try #require(result.scene.globals.first).value else {
      Issue.record("a global was lowered by the checker")
      return
    }
  }

  /// What lowering makes evaluates to what the source says.
  @Test func loweredValuesEvaluateToTheSource() throws {
    let ir = try checked(Self.oneNode).ir
    let globals = try ir.globals.map { try evaluate($0.value) }
    #expect(globals.count == 1 && globals[0].number == 6)
    var values: [Property: Value] = [:]
    for case .set(let property, let e) in try #require(ir.nodes.first).body {
      values[property] = try evaluate(e, globals: globals)
    }
    #expect(values[.opacity]?.number == 0.5)
    #expect(values[.position]?.point == Point(7, -4))
    #expect(values[.rotation]?.number == 180)
  }

  /// A Path where a Shape goes is lowered as the shape of that path (§3.1), and a
  /// one-argument `scale` as `scale(s, s)`.
  @Test func implicitConversionsAreLowered() throws {
    let ir = try checked(
      """
      path p = line(from: (0, 0), to: (10, 0))
      node n = p
      replicate r count 2 {
        instance transform scale(3)
        node c = circle(1)
      }
      """
    ).ir
    guard case .call(.shapeOfPath, let args, _) = try #require(ir.nodes.first).shape, case .global(0)? = args.first
    else {
      Issue.record("the path was not taken as a shape: \(String(describing: ir.nodes.first?.shape))")
      return
    }
    let transform = try #require(ir.replicators.first?.instanceTransform.first)
    guard case .constant(.transform(let m)) = transform else {
      Issue.record("not folded: \(transform)")
      return
    }
    #expect(m.a == 3 && m.d == 3)
  }

  /// A shape declaration is lowered with its block's style settings.
  @Test func shapeDeclarationsKeepTheirStyle() throws {
    let ir = try checked(
      """
      shape dot = circle(4) {
        fill #FF0000
        lineWidth 2
      }
      node n = dot
      """
    ).ir
    guard case .styledShape(_, let settings) = try #require(ir.globals.first).value else {
      Issue.record("the declaration's style was lost")
      return
    }
    #expect(settings.map(\.field) == [.fill, .lineWidth])
    #expect(try evaluate(settings[0].value).color == Color(r: 1, g: 0, b: 0))
    #expect(try evaluate(settings[1].value).number == 2)
  }

  /// Facts from another checker of the same tree are taken over, the later one winning,
  /// with their call arguments.
  @Test func adoptedFactsWin() {
    let mine = LoweringFacts()
    let other = LoweringFacts()
    mine.record(.local(0), at: NodeID(1))
    mine.record(value: .constant(.number(1)), at: NodeID(2))
    other.record(.local(5), at: NodeID(1))
    let first = other.startCall()
    other.addArgument(NodeID(1))
    other.addArgument(.constant(.number(3)))
    other.addArgument(copying: first)
    other.endCall(.min, from: first, at: NodeID(2))
    other.recordConversionToShape(at: NodeID(3))
    mine.adopt(other)
    guard case .local(5)? = mine[NodeID(1)] else {
      Issue.record("the other's fact did not win")
      return
    }
    guard case .call(.min, let first, let end)? = mine[NodeID(2)], end - first == 3 else {
      Issue.record("the call was not adopted: \(String(describing: mine[NodeID(2)]))")
      return
    }
    guard case .node(NodeID(1)) = mine.argument(first), case .made(.constant(.number(3))) = mine.argument(first + 1),
      case .node(NodeID(1)) = mine.argument(first + 2)
    else {
      Issue.record("arguments lost")
      return
    }
    #expect(mine.isConvertedToShape(NodeID(3)) && !mine.isConvertedToShape(NodeID(2)))
  }
}

/// `NodeMap` against a dictionary, over inserts, updates and lookups of present and
/// absent nodes, through several growths.
@Suite struct NodeMapTests {
  @Test func answersAsADictionaryDoes() {
    var random = TestRandom(seed: 17)
    var map = NodeMap()
    var oracle: [Int32: Int32] = [:]
    for step in 0..<50_000 {
      // Dense neighbours and far-apart nodes both, as a tree's facts are.
      let key = Int32(step % 3 == 0 ? random.below(2_000_000) : random.below(4_000))
      if random.below(3) == 0 {
        #expect(map[NodeID(key)] == oracle[key], "lookup of \(key) at step \(step)")
      } else {
        let value = Int32(random.below(1_000_000))
        map[NodeID(key)] = value
        oracle[key] = value
      }
    }
    #expect(map.count == oracle.count)
    for (key, value) in oracle { #expect(map[NodeID(key)] == value) }
  }
}
