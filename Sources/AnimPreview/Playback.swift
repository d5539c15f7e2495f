import AnimKit

/// One input a page gives the run, before a frame.
enum PageInput: Sendable {
  /// A tap at a scene point, or at the origins (nil).
  case tap(Point?)
  /// A press, a move of the pressed pointer, a release (§16).
  case press(Point)
  case move(Point)
  case release
}

/// The preview's position in a run of the scene, with the input that made it: which frame
/// is shown, and the taps and pointer input given so far by frame. Lives on the session's
/// thread.
///
/// Determinism: the frame shown is always what a fresh `Simulation` of the scene with
/// the same seed, given the same input before the same frames, in the same order, produces — going forward
/// steps on, going back (or after a reload or new seed) simulates again from frame 0.
struct Playback {
  private(set) var scene: CheckedScene
  /// The seed asked for; nil for the scene's own.
  private(set) var seed: UInt64?
  private var simulation: Simulation? = nil
  /// The frame shown; nil before the first step.
  private(set) var frame: Frame? = nil
  /// Input by the frame before which it is given, in the order given.
  private var inputs: [Int: [PageInput]] = [:]
  /// Counts the fresh simulations: a page gets a new header with each.
  private(set) var generation = 0

  init(scene: CheckedScene, seed: UInt64?) {
    self.scene = scene
    self.seed = seed
  }

  /// Frames in one pass of the run (at least one: a zero-length scene still shows frame 0).
  var frameCount: Int { max(1, simulation?.frameCount ?? 1) }
  var fps: Double { simulation?.fps ?? 60 }
  /// The seed of the run.
  var runSeed: UInt64 { simulation?.seed ?? seed ?? 0 }
  var index: Int { frame?.index ?? -1 }
  var header: RunHeader? { simulation.map { $0.header(frames: frameCount) } }

  /// Shows frame `n` (clamped to the run).
  mutating func show(_ n: Int) throws {
    var target = max(0, n)
    if simulation != nil { target = min(target, frameCount - 1) }
    if simulation == nil || target < index { try restart() }
    target = min(target, frameCount - 1)
    while index < target {
      let next = index + 1
      for input in inputs[next] ?? [] {
        switch input {
        case .tap(let point?): simulation?.tap(at: point)
        case .tap(nil): simulation?.tap()
        case .press(let p): simulation?.press(at: p)
        case .move(let p): simulation?.move(to: p)
        case .release: simulation?.release()
        }
      }
      guard let s = simulation else { return }
      frame = try s.step()
    }
  }

  /// The frame after the one shown; after the last, the run starts over (with the same
  /// taps, as a seek to 0 would).
  mutating func advance() throws {
    try show(index + 1 >= frameCount ? 0 : index + 1)
  }

  /// A tap given before the next frame; nil point: at the origins.
  mutating func tap(at point: Point?) { give(.tap(point)) }

  /// Input given before the next frame.
  mutating func give(_ input: PageInput) {
    inputs[index + 1, default: []].append(input)
  }

  /// Forgets the input and shows frame 0.
  mutating func clear() throws {
    inputs = [:]
    try restart()
    try show(0)
  }

  /// Another scene (after a reload), shown at the same frame with the same input.
  mutating func replace(_ scene: CheckedScene) throws {
    let at = max(0, index)
    self.scene = scene
    simulation = nil
    try show(at)
  }

  /// Another seed, the run replayed from frame 0 with the same input.
  mutating func reseed(_ seed: UInt64?) throws {
    self.seed = seed
    simulation = nil
    try show(0)
  }

  /// Frame `n` of run time `t`: the last frame at or before `t`, as `render --time`
  /// picks it (frame k is at k / fps, §9).
  func frameIndex(atTime t: Double) -> Int {
    guard t.isFinite, t > 0 else { return 0 }
    let product = (t * fps).rounded(.down)
    guard product < Double(frameCount) else { return frameCount - 1 }
    var n = Int(product)
    if Double(n + 1) / fps <= t { n += 1 }
    return min(n, frameCount - 1)
  }

  private mutating func restart() throws {
    simulation = nil
    frame = nil
    simulation = try Simulation(scene, seed: seed)
    generation += 1
  }
}
