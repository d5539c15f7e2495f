import Testing

/// A scene that uses the layer tree (§14) passes `check`, and the commands that run it
/// refuse it with one error at its first use until the simulator places children.
@Suite struct LayerTreeRefusalTests {
  /// A group whose child is a circle: the group, at 1:1, is the first use.
  static let scene = "node g {\n  position (10, 10)\n  node c = circle(2)\n}\n"

  @Test func checkAcceptsATree() throws {
    let r = try CLITests.animc(["check", "-"], stdin: Self.scene)
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
  }

  @Test(arguments: [["dump", "-"], ["dump", "--format", "csv", "-"], ["run", "-"]])
  func runningCommandsRefuseIt(_ args: [String]) throws {
    let r = try CLITests.animc(args, stdin: Self.scene)
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    let first = r.stderr.split(separator: "\n").first.map(String.init)
    #expect(first == "<stdin>:1:1: error: the layer tree (§14) is checked but not simulated yet [E0381]")
  }

  @Test func aSceneWithoutChildrenStillRuns() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: "node c = circle(2) { position (10, 10) }\n")
    #expect(r.status == 0)
    #expect(r.stdout.contains("\"id\":\"c\""))
  }
}
