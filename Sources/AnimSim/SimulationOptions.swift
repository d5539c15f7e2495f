import AnimImage
import AnimMath
import AnimModel

/// How to run a scene: overrides of its settings and extra taps (`--tap`).
public struct SimulationOptions: Sendable {
  /// nil: the scene's own.
  public var fps: Double? = nil
  /// Seconds; nil: the scene's own.
  public var duration: Double? = nil
  public var seed: UInt64? = nil
  /// `--tap TIME[@X,Y]`: run time, and the point (nil: every `on tap` emitter fires at
  /// its origin). They fire after the `input` block's events at the same time (§8).
  public var taps: [Tap] = []
  /// `--no-input`: the scene's `input` block is ignored; `--tap`s still fire (§13).
  public var ignoresInput = false
  /// Where the run reads the images the scene draws (§12.3): the checker's source, so
  /// that the pixels are those of the header it read.
  public var images: ImageLookup = .files

  public struct Tap: Hashable, Sendable {
    public var time: Double
    public var point: Point?
    public init(time: Double, point: Point?) {
      self.time = time
      self.point = point
    }
  }

  public init() {}
}
