import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import Testing

@testable import AnimSim

/// Secondary systems (§15): `on birth of E` and `on death of E`. Every expected count,
/// time and position is worked out by hand from the scene's text in the comments.
@Suite struct SecondarySystemTests {
  static func simulator(_ source: String) throws -> Simulator {
    let analysis = analyze(SourceFile(name: "secondary.anim", text: source))
    let errors = analysis.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    return try Simulator(try #require(analysis.ir))
  }

  /// Steps through the whole run; the error it stops with, if any.
  static func stop(_ sim: Simulator) -> SimulationError? {
    do {
      for _ in 0..<sim.frameCount { try sim.step() }
      return nil
    } catch {
      return error
    }
  }

  /// Every frame's records as (id, x, y).
  static func frames(_ source: String) throws -> [[(id: String, x: Double, y: Double)]] {
    let sim = try simulator(source)
    var out: [[(id: String, x: Double, y: Double)]] = []
    for _ in 0..<sim.frameCount {
      try sim.step()
      out.append(sim.frame.nodes.map { ($0.id.description, $0.state.position.x, $0.state.position.y) })
    }
    return out
  }

  /// Rockets at 0 s and 0.5 s, each flying (100, 300) → (200, 100) over 1 s: removed at
  /// 1 s and 1.5 s at (200, 100). Flares at 0.2 s with `remove after 0.75s`, moving
  /// (0, 0) → (100, 40) over 1 s: removed at 0.95 s at (75, 30). Sparks burst 3 on each
  /// death of either and live to the end.
  static let fireworks = """
    scene {
      size 400, 400
      fps 10
      duration 3s
    }
    emitter rockets {
      at 0s, 0.5s
      spawn circle(3) { animate position from (100, 300) to (200, 100) over 1s }
    }
    emitter flares {
      at 0.2s
      spawn circle(2) {
        remove after 0.75s
        animate position from (0, 0) to (100, 40) over 1s
      }
    }
    emitter sparks {
      on death of rockets
      on death of flares
      burst 3
      spawn circle(1) { remove after 10s }
    }
    """

  @Test("children = burst × parent deaths, frame by frame; each starts at its parent's final position")
  func countsAndPositions() throws {
    let frames = try Self.frames(Self.fireworks)
    #expect(frames.count == 30)
    for (n, nodes) in frames.enumerated() {
      let t = Double(n) / 10
      // Deaths by the frame's time: flare 0.95, rockets 1.0 and 1.5.
      let deaths = [0.95, 1.0, 1.5].filter { $0 <= t + 1e-12 }.count
      let sparks = nodes.filter { $0.id.hasPrefix("sparks#") }
      #expect(sparks.count == 3 * deaths, "frame \(n)")
      let rockets = [0.0, 0.5].filter { $0 <= t + 1e-12 && t < $0 + 1 - 1e-12 }.count
      #expect(nodes.filter { $0.id.hasPrefix("rockets#") }.count == rockets, "frame \(n)")
    }
    // In creation order: the flare's three at (75, 30), then each rocket's at (200, 100).
    let last = try #require(frames.last).filter { $0.id.hasPrefix("sparks#") }
    let expected: [(Double, Double)] = [(75, 30), (75, 30), (75, 30)] + Array(repeating: (200, 100), count: 6)
    for (spark, (x, y)) in zip(last, expected) {
      #expect(abs(spark.x - x) < 1e-9 && abs(spark.y - y) < 1e-9, "\(spark.id) at (\(spark.x), \(spark.y))")
    }
    #expect(last.map(\.id) == (0..<9).map { "sparks#\($0)" })
  }

  @Test("at equal times: other events first, then deaths in the instances' creation order, listeners in source order")
  func orderAtEqualTimes() throws {
    // `late` is created at 0.5 s and `early` at 0 s; both die at 1 s, `early`'s first
    // (created first). Each death fires `first` then `second` (source order); `plain`'s
    // own `at 1s` comes before both deaths.
    let frames = try Self.frames(
      """
      scene {
        fps 10
        duration 1.5s
      }
      emitter late {
        at 0.5s
        spawn circle(1) { animate position from (10, 0) to (20, 0) over 0.5s }
      }
      emitter early {
        at 0s
        spawn circle(1) { animate position from (0, 50) to (0, 60) over 1s }
      }
      emitter first {
        on death of late
        on death of early
        spawn circle(1) { remove after 1s }
      }
      emitter plain {
        at 1s
        spawn circle(1) { remove after 1s }
      }
      emitter second {
        on death of early
        on death of late
        spawn circle(1) { remove after 1s }
      }
      """)
    let atOne = frames[10].map(\.id)
    #expect(atOne == ["plain#0", "first#0", "second#0", "first#1", "second#1"])
    let positions = Dictionary(uniqueKeysWithValues: frames[10].map { ($0.id, Point($0.x, $0.y)) })
    #expect(positions["first#0"] == Point(0, 60) && positions["second#0"] == Point(0, 60))
    #expect(positions["first#1"] == Point(20, 0) && positions["second#1"] == Point(20, 0))
  }

  @Test("a birth fires at the creation, at the new instance's anchor; events it causes queue behind it")
  func birthsChain() throws {
    // a at 0.3 s at (5, 6); b on its birth; c on b's birth: all three at 0.3 s, in that
    // order, at (5, 6).
    let frames = try Self.frames(
      """
      scene {
        fps 10
        duration 0.5s
      }
      emitter a {
        at 0.3s
        spawn circle(1) { position (5, 6) }
      }
      emitter c {
        on birth of b
        spawn circle(1)
      }
      emitter b {
        on birth of a
        spawn circle(1)
      }
      """)
    #expect(frames[2].isEmpty)
    #expect(frames[3].map(\.id) == ["a#0", "b#0", "c#0"])
    #expect(frames[3].allSatisfy { $0.x == 5 && $0.y == 6 })
  }

  @Test("a spawn refused by `max` fires no birth, and an endless instance no death")
  func refusedAndEndless() throws {
    // burst 5 with max 2: two rockets, so two births; rockets never end (no animation),
    // so `on death of` never fires.
    let frames = try Self.frames(
      """
      scene {
        fps 10
        duration 1s
      }
      emitter rockets {
        at 0.1s
        burst 5
        max 2
        spawn circle(1)
      }
      emitter born {
        on birth of rockets
        spawn circle(1)
      }
      emitter died {
        on death of rockets
        spawn circle(1)
      }
      """)
    let last = try #require(frames.last)
    #expect(last.filter { $0.id.hasPrefix("rockets#") }.count == 2)
    #expect(last.filter { $0.id.hasPrefix("born#") }.count == 2)
    #expect(last.filter { $0.id.hasPrefix("died#") }.isEmpty)
  }

  @Test("trigger.velocity is (0, 0) without a motion, and at every other trigger")
  func velocityWithoutMotion() throws {
    let frames = try Self.frames(
      """
      scene {
        fps 10
        duration 0.5s
      }
      emitter a {
        at 0.1s
        spawn circle(1) { animate position from (0, 0) to (50, 0) over 0.2s }
      }
      emitter b {
        on death of a
        spawn circle(1) { position trigger.position + trigger.velocity + (0, 1) }
      }
      emitter c {
        at 0.1s
        spawn circle(1) { position trigger.velocity }
      }
      """)
    let last = try #require(frames.last)
    #expect(last.first { $0.id == "b#0" }.map { Point($0.x, $0.y) } == Point(50, 1))
    #expect(last.first { $0.id == "c#0" }.map { Point($0.x, $0.y) } == Point(0, 0))
  }

  /// A rocket at (100, 300) with V = (0, −100), A = (0, 50) over 1 s (§15, s = k = 0):
  /// at its birth p′ = V; at its death (τ = 1) p′ = V + A = (0, −50) and
  /// p = (100, 300 + (−100) + 50/2) = (100, 225).
  @Test("trigger.velocity is the last-begun motion's p′ at the birth and at the death")
  func velocityOfAMotion() throws {
    let frames = try Self.frames(
      """
      scene {
        fps 10
        duration 1.5s
      }
      emitter rockets {
        at 0.2s
        origin (100, 300)
        spawn circle(1) {
          position trigger.position
          animate position with motion(velocity: (0, -100), acceleration: (0, 50)) over 1s
        }
      }
      emitter born {
        on birth of rockets
        spawn circle(1) { position trigger.velocity }
      }
      emitter died {
        on death of rockets
        spawn circle(1) { position trigger.position + trigger.velocity }
      }
      """)
    let last = try #require(frames.last)
    let born = try #require(last.first { $0.id == "born#0" })
    #expect(abs(born.x) < 1e-9 && abs(born.y + 100) < 1e-9)
    let died = try #require(last.first { $0.id == "died#0" })
    #expect(abs(died.x - 100) < 1e-9 && abs(died.y - 175) < 1e-9, "\(died)")
  }

  @Test("the live-instance limit stops a runaway chain with a diagnostic, and the run ends")
  func runawayChainStops() throws {
    // Each `seed` instance makes 1,000 `grow` instances, which live to the end: past a
    // limit of 5,000 live instances the run stops with E0902 naming `grow`.
    let sim = try Self.simulator(
      """
      scene {
        fps 10
        duration 5s
      }
      emitter seed {
        every 0.1s
        spawn circle(1)
      }
      emitter grow {
        on birth of seed
        burst 1000
        spawn circle(1)
      }
      """)
    sim.instanceLimit = 5_000
    let e = try #require(Self.stop(sim))
    #expect(e.code == "E0902")
    #expect(e.message.contains("`grow`"))
  }

  @Test("a cycle built without the checker (a self-trigger) stops at the event limit instead of hanging")
  func uncheckedCycleStops() throws {
    var ir = scene(fps: 10, duration: 1)
    let spawn = node("loop", circle(1), [])
    ir.emitters = [
      EmitterTemplate(name: "loop", triggers: [.at([0.1]), .birth(emitter: 0)], spawn: spawn)
    ]
    let sim = try Simulator(ir)
    sim.eventLimit = 1_000
    let e = try #require(Self.stop(sim))
    #expect(e.code == "E0904")
  }
}

@Suite struct SecondaryCycleTests {
  static func errors(_ source: String) -> [Diagnostic] {
    analyze(SourceFile(name: "cycle.anim", text: source)).diagnostics.filter { $0.severity == .error }
  }

  @Test("a cycle is reported at each of its triggers, spelled out")
  func twoEmitterCycle() {
    let errors = Self.errors(
      """
      emitter a {
        on death of b
        spawn circle(1)
      }
      emitter b {
        on birth of a
        spawn circle(1)
      }
      """)
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0.code == "E0323" })
    #expect(errors.map { $0.message.contains("`b` → `a` → `b`") } == [true, false])
    #expect(errors.map { $0.message.contains("`a` → `b` → `a`") } == [false, true])
    // Each at its own trigger: lines 2 and 6 (0-based offsets of `on`).
    let text = "emitter a {\n  on death of b\n  spawn circle(1)\n}\nemitter b {\n  on birth of a\n"
    #expect(errors.map(\.range.start) == [14, text.count - 14])
  }

  @Test("an emitter that triggers itself is a cycle; a chain without one is not")
  func selfAndChain() {
    let own = Self.errors("emitter s {\n  on birth of s\n  spawn circle(1)\n}\n")
    #expect(own.count == 1 && own.first?.message.contains("`s` → `s`") == true)
    let chain = Self.errors(
      """
      emitter a {
        every 1s
        spawn circle(1)
      }
      emitter b {
        on death of a
        spawn circle(1)
      }
      emitter c {
        on birth of b
        on death of a
        spawn circle(1)
      }
      """)
    #expect(chain.isEmpty, "\(chain.map(\.message))")
  }

  @Test("an instance whose death fires a secondary system may vanish: no W0312 for it")
  func deathListenedToIsMeantToVanish() {
    let rockets = """
      scene {
        duration 3s
      }
      emitter rockets {
        at 0s
        spawn circle(3) { animate position from (0, 0) to (10, 10) over 1s }
      }

      """
    func codes(_ text: String) -> [String] { analyze(SourceFile(name: "w.anim", text: text)).diagnostics.map(\.code) }
    #expect(codes(rockets).contains("W0312"))
    #expect(!codes(rockets + "emitter sparks {\n  on death of rockets\n  spawn circle(1)\n}\n").contains("W0312"))
    #expect(codes(rockets + "emitter sparks {\n  on birth of rockets\n  spawn circle(1)\n}\n").contains("W0312"))
  }

  @Test("`on birth of` names an emitter")
  func namesAnEmitter() {
    let errors = Self.errors("node n = circle(1)\nemitter e {\n  on death of n\n  spawn circle(1)\n}\n")
    #expect(errors.count == 1 && errors.first?.message.contains("is not an emitter") == true)
    let typo = Self.errors(
      "emitter rockets {\n  every 1s\n  spawn circle(1)\n}\nemitter e {\n  on death of rocket\n  spawn circle(1)\n}\n")
    #expect(typo.first?.fixes.first?.edits.first?.newText == "rockets")
  }
}
