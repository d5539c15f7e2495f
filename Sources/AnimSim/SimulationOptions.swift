import AnimImage
import AnimMath
import AnimModel

/// How to run a scene: overrides of its settings and extra taps (`--tap`).
package struct SimulationOptions: Sendable {
  /// nil: the scene's own.
  package var fps: Double? = nil
  /// Seconds; nil: the scene's own.
  package var duration: Double? = nil
  package var seed: UInt64? = nil
  /// `--tap TIME[@X,Y]`: run time, and the point (nil: every `on tap` emitter fires at
  /// its origin). They fire after the `input` block's events at the same time (§8).
  package var taps: [Tap] = []
  /// `--no-input`: the scene's `input` block is ignored; `--tap`s still fire (§13).
  package var ignoresInput = false
  /// Where the run reads the images the scene draws (§12.3): the checker's source, so
  /// that the pixels are those of the header it read.
  package var images: ImageLookup = .files

  package struct Tap: Hashable, Sendable {
    package var time: Double
    package var point: Point?
    package init(time: Double, point: Point?) {
      self.time = time
      self.point = point
    }
  }

  package init() {}
}
