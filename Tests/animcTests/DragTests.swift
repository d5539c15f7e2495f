import Foundation
import Testing

/// §16's scripted drags, bindings and `on release`, run through `animc dump --format csv`
/// and compared with values worked out here from the spec's formulas.
@Suite struct DragTests {
  /// A badge dragged from (300, 100); released within 80 points it goes home linearly,
  /// beyond it bursts; a dot's `live` scale follows the badge's distance from home.
  static let badge = """
    scene {
      size 400, 300
      fps 10
      duration 3s
    }
    emitter pop {
      spawn circle(3) {
        position trigger.position + trigger.velocity * 0.01
      }
    }
    node badge = circle(12) {
      position (300, 100)
      on drag {
        position drag.start + drag.translation
      }
      on release if distance((0, 0), drag.translation) > 80 {
        emit pop
        remove after 0.1s
      } else {
        animate position to (300, 100) over 0.5s
      }
    }
    node dot = circle(8) {
      position (300, 100)
      live scale clamp(1 - distance(badge.scenePosition, (300, 100)) / 120, 0, 1)
    }
    input {
      drag badge to (260, 130) over 0.5s at 0.5s
      drag badge to (100, 200) over 0.5s at 2s timing easeInOut
    }
    """

  /// Rows of the CSV dump by frame and id: x, y, scaleX.
  static func rows(_ source: String) throws -> [String: [Double]] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-drag-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // Tests run in parallel: a file of its own for each scene.
    let file = dir.appendingPathComponent("scene-\(UUID().uuidString).anim")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let r = try RenderCommandTests.animcOK(["dump", file.path, "--format", "csv"])
    let lines = r.stdout.split(separator: "\n")
    // A tree scene has a `parent` column: columns are found by the header.
    let header = lines.first.map { $0.split(separator: ",").map(String.init) } ?? []
    let at = ["x", "y", "scaleX"].map { name in header.firstIndex(of: name) ?? 0 }
    var rows: [String: [Double]] = [:]
    for line in lines.dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      rows["\(f[0]) \(f[2])"] = at.map { Double(f[$0]) ?? .nan }
    }
    return rows
  }

  static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-5 }

  /// CSS `ease-in-out`, cubic-bezier(0.42, 0, 0.58, 1), solved by bisection (an oracle
  /// independent of the program's Newton solver).
  static func easeInOut(_ u: Double) -> Double {
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if bezier(mid, 0.42, 0.58) < u { lo = mid } else { hi = mid }
    }
    return bezier((lo + hi) / 2, 0, 1)
  }

  @Test func theBadgeFollowsALinearDragFrameByFrame() throws {
    let rows = try Self.rows(Self.badge)
    // Pressed at 0.5 s at (300, 100); the pointer is P + (Q − P)·(t − 0.5)/0.5.
    for frame in 5...10 {
      let u = (Double(frame) / 10 - 0.5) / 0.5
      let x = 300 + (260 - 300) * u
      let y = 100 + (130 - 100) * u
      let badge = try #require(rows["\(frame) badge"])
      #expect(Self.near(badge[0], x) && Self.near(badge[1], y), "frame \(frame): \(badge)")
      // The dot's scale: 1 − distance / 120.
      let d = ((x - 300) * (x - 300) + (y - 100) * (y - 100)).squareRoot()
      let dot = try #require(rows["\(frame) dot"])
      #expect(Self.near(dot[2], max(0, min(1, 1 - d / 120))), "frame \(frame): \(dot)")
    }
  }

  @Test func releasedWithinReachItGoesHomeFromWhereTheFingerLetGo() throws {
    let rows = try Self.rows(Self.badge)
    // Released at 1 s at (260, 130), 50 points away: `animate position to home over 0.5s`
    // from the last bound value, linear.
    for frame in 10...15 {
      let u = (Double(frame) / 10 - 1) / 0.5
      let badge = try #require(rows["\(frame) badge"])
      #expect(Self.near(badge[0], 260 + 40 * u) && Self.near(badge[1], 130 - 30 * u), "frame \(frame): \(badge)")
    }
    let rest = try #require(rows["19 badge"])
    #expect(rest[0] == 300 && rest[1] == 100)
  }

  @Test func anEaseInOutDragAndItsBurst() throws {
    let rows = try Self.rows(Self.badge)
    for frame in 20...25 {
      let k = Self.easeInOut((Double(frame) / 10 - 2) / 0.5)
      let badge = try #require(rows["\(frame) badge"])
      #expect(
        Self.near(badge[0], 300 - 200 * k) && Self.near(badge[1], 100 + 100 * k), "frame \(frame): \(badge)")
    }
    // Released at 2.5 s, 223.6 points out: it bursts and is removed 0.1 s later.
    #expect(rows["25 badge"] != nil && rows["26 badge"] == nil)
    // drag.velocity at the release: the pointer over the last 0.1 s, per second. easeInOut
    // at u = 0.8 → (P + (Q − P)·k) and at u = 1 → Q.
    let k = Self.easeInOut(0.8)
    let vx = (100 - (300 - 200 * k)) / 0.1
    let vy = (200 - (100 + 100 * k)) / 0.1
    let pop = try #require(rows["25 pop#0"])
    #expect(Self.near(pop[0], 100 + vx * 0.01) && Self.near(pop[1], 200 + vy * 0.01), "\(pop)")
  }

  /// `on release` reads the scene at the release's instant, not at the frame before:
  /// released at 0.55 s (fps 10), `mover.x` is 55 (frame 5 drew 50), so the badge bursts
  /// from where the finger let go, (130, 50).
  @Test func onReleaseReadsTheSceneAtTheReleaseInstant() throws {
    let rows = try Self.rows(
      """
      scene {
        size 200, 200
        fps 10
        duration 1s
      }
      emitter pop {
        spawn circle(3) {
          position trigger.position
        }
      }
      node mover = circle(5) {
        position (0, 150)
        animate x from 0 to 100 over 1s
      }
      node badge = circle(12) {
        position (100, 50)
        on drag {
          position drag.start + drag.translation
        }
        on release if mover.x > 52 {
          emit pop
        } else {
          animate position to (100, 50) over 0.2s
        }
      }
      input {
        drag badge to (130, 50) over 0.25s at 0.3s
      }
      """)
    #expect(rows["5 mover"]?[0] == 50)
    let pop = try #require(rows["6 pop#0"], "the release read mover.x from the frame before")
    #expect(Self.near(pop[0], 130) && Self.near(pop[1], 50), "\(pop)")
    // Not sent home: it stays where it was let go.
    #expect(rows["7 badge"].map { Self.near($0[0], 130) } == true)
  }

  /// A press reads the scene at its own instant too (§16: a bound property takes its
  /// composed value at the press): pressed at 0.55 s (fps 10), the badge is at x = 55
  /// (frame 5 drew 50), so `drag.start` is (55, 50) and, 20 points to the right later,
  /// the badge rests at 75, not 70.
  @Test func aPressReadsTheSceneAtThePressInstant() throws {
    let rows = try Self.rows(
      """
      scene {
        size 200, 200
        fps 10
        duration 1s
      }
      node badge = circle(12) {
        position (0, 50)
        animate x from 0 to 100 over 1s
        on drag {
          position drag.start + drag.translation
        }
      }
      input {
        drag badge to (75, 50) over 0.1s at 0.55s
      }
      """)
    #expect(rows["5 badge"]?[0] == 50)
    let rest = try #require(rows["8 badge"])
    #expect(Self.near(rest[0], 75) && Self.near(rest[1], 50), "the press read the frame before: \(rest)")
  }

  @Test func aPressOnAChildIsDeliveredToItsAncestor() throws {
    let source = """
      scene {
        size 200, 200
        fps 10
        duration 1s
      }
      node card {
        position (50, 50)
        on drag {
          position drag.start + drag.translation
        }
        node label = rect(20, 20) {
          position (10, 0)
        }
      }
      input {
        drag (60, 50) to (90, 70) over 0.5s at 0.2s
      }
      """
    let rows = try Self.rows(source)
    // The press at (60, 50) lands on the label (its box spans 50…70 × 40…60), whose
    // parent `card` handles drags: the card moves by the pointer's translation.
    let card = try #require(rows["7 card"])
    #expect(Self.near(card[0], 80) && Self.near(card[1], 70), "\(card)")
  }

  @Test(arguments: [
    ("on drag {\n    animate opacity to 0 over 1s\n  }", "E0394"),
    ("opacity drag.translation.x", "E0396"),
    ("live opacity random(0..1)", "E0397"),
    ("live opacity 0.5\n  live opacity 1", "E0398"),
  ])
  func mistakesAreErrors(statement: String, code: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-drag-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // The cases run in parallel: one file each.
    let file = dir.appendingPathComponent("mistake-\(code).anim")
    try "node a = circle(5) {\n  \(statement)\n}\n".write(to: file, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["check", file.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains(code), "\(r.stderr)")
  }

  @Test func overlappingScriptedDragsAreAnError() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-drag-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("overlap.anim")
    try "input {\n  drag (0, 0) to (1, 1) over 1s at 0s\n  drag (0, 0) to (1, 1) over 1s at 0.5s\n}\n".write(
      to: file, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["check", file.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("E0399"), "\(r.stderr)")
  }

  @Test func bindingsThatReadEachOtherInACycleStopTheRun() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-drag-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("cycle.anim")
    try "node a = circle(5) {\n  live opacity b.opacity\n}\nnode b = circle(5) {\n  live opacity a.opacity\n}\n".write(
      to: file, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["dump", file.path])
    #expect(r.status != 0)
    #expect(r.stderr.contains("E0395"), "\(r.stderr)")
  }

  /// §16: the error stands at each binding of the cycle, and a binding that only reads
  /// the cycle is not one of them. `b.scenePosition` reads b's `x` binding.
  @Test func aCycleIsReportedAtEachOfItsBindings() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-drag-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("cycle-lines.anim")
    try """
    node a = circle(5) {
      live position b.scenePosition + (10, 0)
    }
    node b = circle(5) {
      live x a.x
    }
    node c = circle(5) {
      live opacity a.opacity
      live scale a.x / 100
    }

    """.write(to: file, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["check", file.path])
    #expect(r.status == 1)
    let lines = r.stderr.split(separator: "\n").filter { $0.contains("error:") }
    #expect(lines.count == 2, "\(r.stderr)")
    #expect(lines.contains { $0.contains(":2:3:") } && lines.contains { $0.contains(":5:3:") }, "\(r.stderr)")
  }

  /// A short press and release on nothing that receives presses is a tap at the release
  /// (§16); in a scene where nothing receives presses, a press is a tap at once.
  @Test(arguments: [true, false])
  func aShortPressTaps(sceneHasADraggable: Bool) throws {
    let draggable =
      sceneHasADraggable
      ? "node knob = circle(5) {\n  position (150, 150)\n  on drag {\n    position drag.location\n  }\n}\n" : ""
    let source = """
      scene {
        size 200, 200
        fps 10
        duration 1s
      }
      \(draggable)emitter spark {
        on tap
        spawn circle(2) {
          position trigger.position
        }
      }
      input {
        drag (20, 30) to (22, 30) over 0.1s at 0.5s
      }
      """
    let rows = try Self.rows(source)
    // With a draggable, the tap comes at the release (0.6 s, frame 6) at the release point;
    // without, at the press (0.5 s, frame 5) at the press point.
    let frame = sceneHasADraggable ? 6 : 5
    let spark = try #require(rows["\(frame) spark#0"])
    #expect(Self.near(spark[0], sceneHasADraggable ? 22 : 20) && Self.near(spark[1], 30), "\(spark)")
    #expect(rows["\(frame - 1) spark#0"] == nil)
    #expect(rows["9 spark#1"] == nil, "one tap only")
  }
}
