import Foundation
import Testing

/// A scene that uses the parts of the layer tree (§14) the simulator does not run yet
/// passes `check`, and the commands that run it refuse it with one error at its first
/// such use; a tree of nodes that stand for one instance runs, but not as Lottie.
@Suite struct LayerTreeRefusalTests {
  /// A spawn block's child: its declaration, at 3:5, is the first unsimulated use.
  static let scene = "emitter e {\n  spawn circle(2) {\n    node c = circle(1)\n  }\n}\n"
  /// A group whose child is a circle.
  static let group = "node g {\n  position (10, 10)\n  node c = circle(2)\n}\n"

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
    #expect(first == "<stdin>:3:5: error: the layer tree (§14) is checked but not simulated yet [E0381]")
  }

  @Test func aGroupRunsWithItsChild() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: Self.group)
    #expect(r.status == 0)
    // c's matrix: T(10, 10)·T(0, 0)·T(−2, −2) (a circle of radius 2 has a 4 × 4 box).
    #expect(r.stdout.contains("{\"id\":\"c\",\"shape\":\"c\",\"parent\":\"g\","))
    #expect(r.stdout.contains("\"matrix\":[1,0,0,1,8,8]"))
  }

  @Test func lottieRefusesATree() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString).json").path
    let r = try CLITests.animc(["render", "-", "-o", out], stdin: Self.group)
    #expect(r.status != 0)
    #expect(r.stderr.contains("Lottie export does not carry yet"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aSceneWithoutChildrenStillRuns() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: "node c = circle(2) { position (10, 10) }\n")
    #expect(r.status == 0)
    #expect(r.stdout.contains("\"id\":\"c\""))
  }
}
