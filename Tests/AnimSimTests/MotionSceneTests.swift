import AnimCheck
import AnimIR
import AnimSource
import AnimTestSupport
import AnimWriters
import Foundation
import Testing

@testable import AnimMath
@testable import AnimModel
@testable import AnimSim

/// §15's `animate position with motion(…)` through check, simulation and the CSV dump,
/// against an RK4 integration written in the test.
@Suite struct MotionSceneTests {
  /// One motion: its source text and its coefficients as plain numbers, for the oracle.
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var v: (Double, Double)
    var a: (Double, Double)
    var k: Double
    var target: (Double, Double)
    var s: Double
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "ballistic", text: "velocity: (120, -400), acceleration: (0, 300)", v: (120, -400), a: (0, 300), k: 0,
      target: (0, 0), s: 0),
    Case(
      name: "damped", text: "velocity: (-80, -450), acceleration: (0, 300), damping: 0.4", v: (-80, -450),
      a: (0, 300), k: 0.4, target: (0, 0), s: 0),
    Case(
      name: "under",
      text: "velocity: (50, -30), acceleration: (0, 20), damping: 1.5, attractor: (200, 300), attraction: 16",
      v: (50, -30), a: (0, 20), k: 1.5, target: (200, 300), s: 16),
    // ζ = k/(2√s) = 8/8 = 1.
    Case(
      name: "critical",
      text: "velocity: (-60, 90), acceleration: (10, 0), damping: 8, attractor: (100, 50), attraction: 16",
      v: (-60, 90), a: (10, 0), k: 8, target: (100, 50), s: 16),
    Case(
      name: "over",
      text: "velocity: (70, 10), acceleration: (0, -40), damping: 12, attractor: (-20, 40), attraction: 9",
      v: (70, 10), a: (0, -40), k: 12, target: (-20, 40), s: 9),
  ]

  /// How the motion is written around: its clauses, and the value below it.
  enum Variant: String, CaseIterable, Sendable {
    case plain, delay, additive, fill
    var clauses: String {
      switch self {
      case .plain: return ""
      case .delay: return " delay 0.3s"
      case .additive: return " additive"
      case .fill: return " delay 0.2s fill .removed"
      }
    }
    /// Below the motion: the model (30, 500), drifting right at 50 pt/s for `additive`.
    var below: String {
      self == .additive ? "\n  animate position from (30, 500) to (130, 500) over 2s" : ""
    }
    func belowValue(_ t: Double) -> (Double, Double) { self == .additive ? (30 + 50 * t, 500) : (30, 500) }
    var begin: Double { self == .delay ? 0.3 : self == .fill ? 0.2 : 0 }
  }

  static let duration = 1.5

  static func source(fps: Int, rotate: Bool = false) -> String {
    var text = "scene { size 400, 800; fps \(fps); duration 2s }\n"
    for c in cases {
      for v in Variant.allCases {
        text += "node \(c.name)_\(v.rawValue) = circle(2) {\n  position (30, 500)\(v.below)\n"
        text += "  animate position with motion(\(c.text)) over \(duration)s\(v.clauses)"
        text += rotate ? " rotate .auto\n}\n" : "\n}\n"
      }
    }
    return text
  }

  /// Rows of the CSV dump by id: (time, x, y, rotation).
  static func rows(_ text: String) throws -> [String: [(Double, Double, Double, Double)]] {
    let analysis = analyze(SourceFile(name: "motion.anim", text: text))
    let ir = try #require(analysis.ir, "\(analysis.diagnostics.map(\.message))")
    let csv = try dump(ir, format: .csv)
    let lines = csv.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = try #require(lines.first)
    let column = { (name: String) in header.firstIndex(of: name) ?? 0 }
    let (time, id, x, y, rotation) = (column("time"), column("id"), column("x"), column("y"), column("rotation"))
    var out: [String: [(Double, Double, Double, Double)]] = [:]
    for row in lines.dropFirst() {
      out[row[id], default: []].append(
        (Double(row[time]) ?? .nan, Double(row[x]) ?? .nan, Double(row[y]) ?? .nan, Double(row[rotation]) ?? .nan))
    }
    return out
  }

  @Test func closedFormsMatchRK4AtEveryFrame() throws {
    let rows = try Self.rows(Self.source(fps: 30))
    for c in Self.cases {
      for v in Variant.allCases {
        let frames = try #require(rows["\(c.name)_\(v.rawValue)"])
        #expect(frames.count == 60)
        let p0 = v.belowValue(v.begin)
        // Frame i is at i/30 s (the dump's time column is rounded to 6 decimals).
        let times = frames.indices.map { Double($0) / 30 }
        let taus = times.map { min(max($0 - v.begin, 0), Self.duration) }
        let xs = integrateMotion(p0: p0.0, v: c.v.0, a: c.a.0, k: c.k, target: c.target.0, s: c.s, at: taus)
        let ys = integrateMotion(p0: p0.1, v: c.v.1, a: c.a.1, k: c.k, target: c.target.1, s: c.s, at: taus)
        for (i, f) in frames.enumerated() {
          let t = times[i]
          var expected = (xs[i].0, ys[i].0)
          if v == .additive {
            let below = v.belowValue(t)
            expected = (below.0 + xs[i].0 - p0.0, below.1 + ys[i].0 - p0.1)
          }
          // `fill .removed`: the model value before the begin and after the end.
          if v == .fill && (t < v.begin || t >= v.begin + Self.duration) { expected = (30, 500) }
          #expect(
            abs(f.1 - expected.0) < 1e-4 && abs(f.2 - expected.1) < 1e-4,
            "\(c.name) \(v) at \(t): (\(f.1), \(f.2)) vs \(expected)")
        }
      }
    }
  }

  @Test func sameSceneTimeSamePositionAtAnyFrameRate() throws {
    let at30 = try Self.rows(Self.source(fps: 30))
    for fps in [60, 120] {
      let other = try Self.rows(Self.source(fps: fps))
      for (id, frames) in at30 {
        let more = try #require(other[id])
        for (i, f) in frames.enumerated() {
          let g = more[i * fps / 30]
          #expect(abs(f.0 - g.0) < 1e-9, "\(id): frame times differ")
          #expect(abs(f.1 - g.1) <= 1e-6 && abs(f.2 - g.2) <= 1e-6, "\(id) at \(f.0) and \(fps) fps")
        }
      }
    }
  }

  @Test func rotateAutoFollowsTheBallisticVelocity() throws {
    let rows = try Self.rows(Self.source(fps: 30, rotate: true))
    let frames = try #require(rows["ballistic_plain"])
    for (i, f) in frames.enumerated() where i < 45 {
      // Frame i is at τ = i/30 s; p' = V + Aτ = (120, −400 + 300τ), never zero here.
      let tau = Double(i) / 30
      let expected = atan2(-400 + 300 * tau, 120) * 180 / Double.pi
      #expect(abs(f.3 - expected) < 1e-5, "at \(f.0): \(f.3) vs \(expected)")
    }
  }

  /// Each §15 error, with its fix.
  @Test(arguments: [
    ("animate opacity with motion(velocity: (1, 1)) over 1s", "E0390", "animate `position`"),
    ("animate position with motion(velocity: (1, 1)) over 1s timing easeIn", "E0391", "remove `timing`"),
    ("animate position with motion(velocity: (1, 1)) over 1s repeat 2", "E0391", "remove `repeat`"),
    ("animate position with motion(velocity: (1, 1)) over 1s autoreverse", "E0391", "remove `autoreverse`"),
    ("animate position with motion(velocity: (1, 1)) over 1s cumulative", "E0391", "remove `cumulative`"),
    ("animate position with motion(velocity: (1, 1), damping: -2) over 1s", "E0392", "use 0"),
    ("animate position with motion(velocity: (1, 1), attraction: 0.0005) over 1s", "E0392", "use 0.001"),
    ("animate position with motion(velocity: (1, 1)) over 100000s", "E0393", "use `86400s`"),
    ("animate position with motion(velocity: (1, 1))", "E0336", "add `over 1s`"),
  ])
  func errorsWithFixes(_ statement: String, _ code: String, _ fix: String) {
    let text = "scene { size 100, 100 }\nnode n = circle(2) {\n  \(statement)\n}\n"
    let diagnostics = analyze(SourceFile(name: "e.anim", text: text)).diagnostics
    #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map(\.message))")
    #expect(diagnostics.first?.fixes.map(\.message) == [fix])
  }

  @Test func validCoefficientsAndPolarCheck() {
    let text = """
      scene { size 100, 100 }
      node n = circle(2) {
        animate position with motion(velocity: polar(10, 45deg), damping: 0.001, attraction: 0) over 86400s rotate .autoReverse
      }
      """
    #expect(analyze(SourceFile(name: "ok.anim", text: text)).diagnostics.isEmpty)
  }

  @Test func lastBegunMotionVelocity() {
    // The second motion begins at 0.5 s: at t = 2 s its τ is clamped to 1 s, so
    // p' = (0, −100 + 50·1) = (0, −50); at 0.75 s, (0, −100 + 50·0.25); before 0.5 s the
    // first motion's (10, 0).
    var stack = AnimationStack()
    stack.animations = [
      CompiledAnimation(target: PropertyTarget(.position), kind: stack.motion(Motion(velocity: Point(10, 0)), .none)),
      CompiledAnimation(
        target: PropertyTarget(.position),
        kind: stack.motion(Motion(velocity: Point(0, -100), acceleration: Point(0, 50)), .none)),
    ]
    stack.timings = [
      ActiveTiming(begin: 0, duration: 1, autoreverse: false, fill: .forwards, function: .linear),
      ActiveTiming(begin: 0.5, duration: 1, autoreverse: false, fill: .forwards, function: .linear),
    ]
    #expect(stack.lastBegunMotionVelocity(at: 0.25) == Point(10, 0))
    #expect(stack.lastBegunMotionVelocity(at: 2) == Point(0, -50))
    #expect(stack.lastBegunMotionVelocity(at: 0.75) == Point(0, -87.5))
  }
}
