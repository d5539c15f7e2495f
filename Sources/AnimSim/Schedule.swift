import AnimIR
import AnimMath
import AnimModel

/// The run's two clocks (§8): run time T drives frames and input; scene time S advances
/// at the current speed (0 while paused), as a Core Animation layer's `speed`. Scene
/// time is computed from the last change of rate, not accumulated step by step, so
/// other events cannot perturb it: with speed 1 and no pause, S = T exactly.
struct RunClock: Sendable {
  private(set) var runTime = 0.0
  /// Where the current rate began, in both clocks.
  private var anchorRun = 0.0
  private var anchorScene = 0.0
  private var speedValue = 1.0
  private var pausedValue = false

  var sceneTime: Double { sceneTime(atRunTime: runTime) }

  var speed: Double {
    get { speedValue }
    set {
      reanchor()
      speedValue = newValue
    }
  }

  var paused: Bool {
    get { pausedValue }
    set {
      reanchor()
      pausedValue = newValue
    }
  }

  /// How fast scene time advances. A negative speed counts as 0: scene time never runs
  /// backwards, so triggers and lifetimes stay ordered.
  var rate: Double { pausedValue ? 0 : max(speedValue, 0) }

  private mutating func reanchor() {
    anchorScene = sceneTime
    anchorRun = runTime
  }

  func sceneTime(atRunTime t: Double) -> Double {
    let r = rate
    if r == 1 && anchorRun == 0 && anchorScene == 0 { return t }
    return anchorScene + r * (max(t, anchorRun) - anchorRun)
  }

  /// The run time at which scene time reaches `s` at the current rate.
  func runTime(atSceneTime s: Double) -> Double {
    let now = sceneTime
    guard s > now, rate > 0 else { return runTime }
    return anchorRun + (s - anchorScene) / rate
  }

  mutating func advance(toRunTime t: Double) {
    if t > runTime { runTime = t }
  }
}

/// An increasing sequence of event times: a list (`at t₁, t₂`) or `every P from F until
/// U` (F + k·P while before U), walked lazily so a long `every` costs no memory.
struct TimeSequence: Sendable {
  private enum Source: Sendable {
    case list([Double])
    case every(period: Double, from: Double, until: Double?)
  }
  private let source: Source
  private var k = 0

  init(times: [Double]) {
    source = .list(times.filter(\.isFinite).sorted())
  }

  init(every period: Double, from: Double, until: Double?) {
    source = .every(period: period, from: from, until: until)
  }

  /// The next time, or nil when the sequence is over.
  var next: Double? {
    switch source {
    case .list(let times): return k < times.count ? times[k] : nil
    case .every(let period, let from, let until):
      // A non-positive period would fire forever at one instant: it fires once.
      guard period.isFinite, from.isFinite, period > 0 || k == 0 else { return nil }
      let t = from + Double(k) * max(period, 0)
      if let until, !(t < until - ActiveTiming.epsilon) { return nil }
      return t
    }
  }

  mutating func advance() { k += 1 }
}

/// What an event on the run-time clock does (§8).
package enum RunEvent: Sendable {
  /// A tap at a point, at a node's box centre, or with no point.
  case tap(InputEvent.Target)
  /// A press (§16): scripted, with its whole pointer path, or at a reported point.
  case press(InputEvent.Target, PointerPath)
  /// The pointer moved to a reported point (interactive presses only).
  case move(Point)
  case release
  case pause
  case resume
  case speed(Double)
}

/// A source of run-time events: one `input` line, a `--tap`, or an interactive key.
/// Ties fire input events first, then `--tap`s and the user's (§8).
struct RunEventSource: Sendable {
  var event: RunEvent
  var times: TimeSequence
  /// 0 for the `input` block, 1 for `--tap` and interactive events; -1 for a scripted
  /// release, which comes before a press at the same time (§16).
  var priority: Int

  /// The sources of one `input` line: a drag is a press and a release, the release first
  /// at equal times (§16).
  static func sources(_ input: InputEvent) -> [RunEventSource] {
    guard case .drag(let drag) = input else { return [from(input)] }
    return [
      RunEventSource(
        event: .press(drag.from, .scripted(drag)), times: TimeSequence(times: [drag.at]), priority: 0),
      RunEventSource(event: .release, times: TimeSequence(times: [drag.at + drag.duration]), priority: -1),
    ]
  }

  static func from(_ input: InputEvent) -> RunEventSource {
    switch input {
    case .drag(let drag):
      return RunEventSource(
        event: .press(drag.from, .scripted(drag)), times: TimeSequence(times: [drag.at]), priority: 0)
    case .tap(let target, .at(let times)):
      return RunEventSource(event: .tap(target), times: TimeSequence(times: times), priority: 0)
    case .tap(let target, .every(let period, let from, let until)):
      return RunEventSource(
        event: .tap(target), times: TimeSequence(every: period, from: from, until: until), priority: 0)
    case .pause(let t): return RunEventSource(event: .pause, times: TimeSequence(times: [t]), priority: 0)
    case .resume(let t): return RunEventSource(event: .resume, times: TimeSequence(times: [t]), priority: 0)
    case .speed(let s, let t): return RunEventSource(event: .speed(s), times: TimeSequence(times: [t]), priority: 0)
    }
  }
}

/// A source of scene-time events: a node's appearance or one trigger of an emitter.
struct SceneEventSource: Sendable {
  enum Kind: Sendable {
    case appear(node: Int)
    case trigger(emitter: Int)
  }
  var kind: Kind
  var times: TimeSequence
}

/// A small binary min-heap of end times: each emitter's live instances, so `max` counts
/// exactly the instances live at a spawn's scene time.
struct EndTimes: Sendable {
  private var heap = MinHeap<Double>()
  /// Instances that never end (`repeat forever`, no animation).
  private var endless = 0

  var count: Int { heap.count + endless }

  mutating func insert(_ t: Double) {
    guard t.isFinite else {
      endless += 1
      return
    }
    heap.insert(t)
  }

  /// Drops the instances no longer live at scene time `s` (end ≤ s).
  mutating func expire(at s: Double) {
    while let first = heap.first, first <= s + ActiveTiming.epsilon { heap.removeFirst() }
  }
}
