import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSim
import AnimSource
import Testing

/// Names are visible in the whole file (§3), so a node or `let` may read a node declared
/// after it: the per-run stage evaluates what is read first.
@Suite struct RunOrderTests {
  func firstFrame(_ source: String) throws -> [String: NodeState] {
    let analysis = analyze(SourceFile(name: "t.anim", text: source))
    let ir = try #require(analysis.ir, "\(analysis.diagnostics.map(\.message))")
    let simulator = try Simulator(ir)
    try simulator.step()
    return Dictionary(uniqueKeysWithValues: simulator.frame.nodes.map { ($0.id.description, $0.state) })
  }

  @Test func aNodeReadsANodeDeclaredAfterIt() throws {
    // follower is 10 to the right of leader, which is declared later at (100, 200).
    let nodes = try firstFrame(
      """
      node follower = circle(5) { position (leader.x + 10, leader.y) }
      node leader = circle(5) { position (100, 200) }
      """)
    #expect(nodes["follower"]?.position == Point(110, 200))
    #expect(nodes["leader"]?.position == Point(100, 200))
  }

  @Test func aLetReadsANodePosition() throws {
    // offset = leader.position + (1, 2) = (31, 42), read by a node declared first.
    let nodes = try firstFrame(
      """
      node user = circle(5) { position offset }
      let offset = leader.position + (1, 2)
      node leader = circle(5) { position (30, 40) }
      """)
    #expect(nodes["user"]?.position == Point(31, 42))
  }

  @Test func paintOrderStaysSourceOrder() throws {
    let analysis = analyze(
      SourceFile(
        name: "t.anim",
        text: """
          node a = circle(5) { position (b.x, 0) }
          node b = circle(5) { position (7, 0) }
          """))
    let simulator = try Simulator(try #require(analysis.ir))
    try simulator.step()
    #expect(simulator.frame.nodes.map(\.id.description) == ["a", "b"])
  }
}
