import AnimImage
import AnimMath

/// What every writer is told before a run's first frame (§9's header line): the scene's
/// canvas, the run's rate and seed, and how many frames will follow.
public struct RunHeader: Sendable, Equatable {
  public var title: String
  /// The canvas in points.
  public var width: Double
  public var height: Double
  public var background: Color
  public var fps: Double
  public var seed: UInt64
  /// Frames the writer will be given (a still's writer is given one).
  public var frames: Int
  /// The cubic-Bezier timing curves the scene's animations are written with
  /// (`Simulator.timingCurves`), for writers that re-express values as keyframes; filled
  /// in for whole runs (`FrameRun.write`), empty otherwise.
  public var timingCurves: [TimingFunction] = []
  /// Whether the scene has a 3-D node (§12.1): a CSV dump then has the 3-D columns.
  public var hasDepth = false
  /// Whether the scene has a node with a parent (§14): a CSV dump then has a `parent`
  /// column after `shape`.
  public var hasTree = false
  /// The `.unlessDefault` properties the scene sets (§14): a CSV dump then has their
  /// columns after `z`.
  package var unlessDefaultProperties: [Property] = []
  /// The pictures the scene draws (§12.3), in name order, for writers that carry them
  /// apart from the frames (the preview page).
  public var images: [ImageAsset] = []

  public init(
    title: String, width: Double, height: Double, background: Color, fps: Double, seed: UInt64, frames: Int
  ) {
    self.title = title
    self.width = width
    self.height = height
    self.background = background
    self.fps = fps
    self.seed = seed
    self.frames = frames
  }
}
