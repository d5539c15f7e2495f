import Foundation
import Testing

/// A scene that uses the parts of the layer tree (§14) the simulator does not run yet
/// passes `check`, and the commands that run it refuse it with one error at its first
/// such use; a tree of nodes and spawns runs, and a tree of nodes exports to Lottie flat.
@Suite struct LayerTreeRefusalTests {
  /// `scenePosition` read before the run starts: at 3:12, the first unsimulated use.
  static let scene = "node a = circle(1)\nnode b = circle(1) {\n  position a.scenePosition\n}\n"
  /// A replicator child's child.
  static let copyChild = "replicate r count 2 {\n  node b = circle(2) {\n    node c = circle(1)\n  }\n}\n"
  /// A spawn block's child.
  static let spawnChild =
    "emitter e {\n  at 0s\n  spawn circle(2) {\n    position (10, 10)\n    node c = circle(1)\n  }\n}\n"
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
    #expect(first == "<stdin>:3:12: error: the layer tree (§14) is checked but not simulated yet [E0381]")
  }

  @Test func aReplicatorChildRunsWithItsChild() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: Self.copyChild)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("{\"id\":\"b[1]/c\",\"shape\":\"c\",\"parent\":\"b[1]\","))
  }

  @Test func aSpawnRunsWithItsChild() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: Self.spawnChild)
    #expect(r.status == 0, "\(r.stderr)")
    // c's matrix: T(10, 10)·T(−2, −2) (the spawn's) times T(0, 0)·T(−1, −1) (its own).
    #expect(r.stdout.contains("{\"id\":\"e#0/c\",\"shape\":\"c\",\"parent\":\"e#0\","))
    #expect(r.stdout.contains("\"matrix\":[1,0,0,1,7,7]"))
  }

  @Test func aGroupRunsWithItsChild() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: Self.group)
    #expect(r.status == 0)
    // c's matrix: T(10, 10)·T(0, 0)·T(−2, −2) (a circle of radius 2 has a 4 × 4 box).
    #expect(r.stdout.contains("{\"id\":\"c\",\"shape\":\"c\",\"parent\":\"g\","))
    #expect(r.stdout.contains("\"matrix\":[1,0,0,1,8,8]"))
  }

  @Test func lottieParentsATreeToANullLayer() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let r = try CLITests.animc(["render", "-", "-o", out], stdin: Self.group)
    #expect(r.status == 0, "\(r.stderr)")
    let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
    let layers = (doc?["layers"] as? [[String: Any]]) ?? []
    // The group is a null layer (`ty` 3) at its position (10, 10); its 0 × 0 box puts
    // its origin there. The circle's layer names it as parent and sits at (0, 0) of the
    // group's box, its 4 × 4 box anchored at its centre (2, 2) (§14).
    #expect(layers.map { $0["nm"] as? String } == ["c", "g"])
    let circle = layers.first { $0["nm"] as? String == "c" }
    let group = layers.first { $0["nm"] as? String == "g" }
    #expect(group?["ty"] as? Int == 3)
    #expect(((group?["ks"] as? [String: Any])?["p"] as? [String: Any])?["k"] as? [Double] == [10, 10])
    #expect(circle?["parent"] as? Int == group?["ind"] as? Int)
    let ks = circle?["ks"] as? [String: Any]
    #expect((ks?["a"] as? [String: Any])?["k"] as? [Double] == [2, 2])
    #expect((ks?["p"] as? [String: Any])?["k"] as? [Double] == [0, 0])
  }

  @Test func aSceneWithoutChildrenStillRuns() throws {
    let r = try CLITests.animc(["dump", "--frames", "0..0", "-"], stdin: "node c = circle(2) { position (10, 10) }\n")
    #expect(r.status == 0)
    #expect(r.stdout.contains("\"id\":\"c\""))
  }
}
