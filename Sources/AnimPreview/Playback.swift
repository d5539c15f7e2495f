import AnimKit

/// The preview's position in a run of the scene, with the input that made it: which frame
/// is shown, and the taps given so far by frame. Lives on the session's thread.
///
/// Determinism: the frame shown is always what a fresh `Simulation` of the scene with
/// the same seed, given the same taps before the same frames, produces — going forward
/// steps on, going back (or after a reload or new seed) simulates again from frame 0.
struct Playback {
  private(set) var scene: CheckedScene
  /// The seed asked for; nil for the scene's own.
  private(set) var seed: UInt64?
  private var simulation: Simulation? = nil
  /// The frame shown; nil before the first step.
  private(set) var frame: Frame? = nil
  /// Taps by the frame before which they are given; nil point: a tap at the origins.
  private var taps: [Int: [Point?]] = [:]
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
      for point in taps[next] ?? [] {
        if let point { simulation?.tap(at: point) } else { simulation?.tap() }
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

  /// A tap given before the next frame.
  mutating func tap(at point: Point?) {
    taps[index + 1, default: []].append(point)
  }

  /// Forgets the taps and shows frame 0.
  mutating func clear() throws {
    taps = [:]
    try restart()
    try show(0)
  }

  /// Another scene (after a reload), shown at the same frame with the same taps.
  mutating func replace(_ scene: CheckedScene) throws {
    let at = max(0, index)
    self.scene = scene
    simulation = nil
    try show(at)
  }

  /// Another seed, the run replayed from frame 0 with the same taps.
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
