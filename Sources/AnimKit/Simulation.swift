import AnimMath
import AnimModel
import AnimSim
import AnimWriters

/// A deterministic run of a checked scene (§8), one frame per `step()`. Taps, pauses and
/// speed changes take effect at the next frame. Frames are values: one returned by `step`
/// stays valid however far the simulation goes on.
public final class Simulation {
  private let simulator: Simulator

  /// A run of `scene`. Seed, frame rate and duration default to the scene's own.
  /// Throws when the scene cannot start (a value that is not finite, too many instances).
  public init(_ scene: CheckedScene, seed: UInt64? = nil, fps: Double? = nil, duration: Double? = nil) throws {
    var options = SimulationOptions()
    options.seed = seed
    options.fps = fps
    options.duration = duration
    options.images = scene.images
    simulator = try Simulator(scene.ir, options: options)
  }

  /// The header writers are given for a run of `frames` frames: the one `write` gives.
  public func header(frames: Int) -> RunHeader { FrameRun.header(simulator, frames: frames) }

  /// Frames per second of run time.
  public var fps: Double { simulator.fps }
  /// The run's seed (the scene's, or the one given).
  public var seed: UInt64 { simulator.seed }
  /// Frames in a headless run of the scene's duration.
  public var frameCount: Int { simulator.frameCount }
  /// Whether scene time is stopped.
  public var isPaused: Bool { simulator.isPaused }
  /// The scene time the run has reached.
  public var sceneTime: Double { simulator.sceneTime }

  /// Taps the scene at `point` (scene coordinates): fires the `on tap` emitters whose
  /// node's filled shape contains it, and the untargeted ones (§8).
  public func tap(at point: Point) { simulator.inject(.tap(.point(point)), atRunTime: simulator.nextRunTime) }

  /// Taps with no point: every `on tap` emitter fires at its origin.
  public func tap() { simulator.inject(.tap(.none), atRunTime: simulator.nextRunTime) }

  /// Presses at `point` (scene coordinates), from the next frame (§16): the topmost node
  /// with an `on drag` or `on release` block there, or whose ancestor has one, receives
  /// the drag. A press during a drag is ignored. In a scene where nothing has those
  /// blocks, a press is a tap at once.
  public func press(at point: Point) {
    simulator.inject(.press(.point(point), .reported), atRunTime: simulator.nextRunTime)
  }

  /// Moves the pressed pointer to `point` (scene coordinates); `on drag` bindings read it
  /// from the next frame.
  public func move(to point: Point) { simulator.inject(.move(point), atRunTime: simulator.nextRunTime) }

  /// Lifts the pointer: the bound values stay, `on release` runs, and a press shorter than
  /// 10 points and 0.3 s is a tap too (§16).
  public func release() { simulator.inject(.release, atRunTime: simulator.nextRunTime) }

  /// Stops scene time (frames keep coming, showing the same moment).
  public func pause() { simulator.inject(.pause, atRunTime: simulator.nextRunTime) }

  /// Lets scene time run again.
  public func resume() { simulator.inject(.resume, atRunTime: simulator.nextRunTime) }

  /// Scene seconds per run second from the next frame on (1 is normal speed).
  public func setSpeed(_ speed: Double) { simulator.inject(.speed(speed), atRunTime: simulator.nextRunTime) }

  /// Advances one frame and returns it.
  public func step() throws -> Frame {
    try simulator.step()
    return simulator.frame
  }

  /// Writes the run's frames `range` (all of a headless run when nil) with `writer`.
  public func write(frames range: ClosedRange<Int>? = nil, to writer: inout some FrameWriter) throws {
    try FrameRun.write(simulator, frames: range, to: &writer)
  }
}
