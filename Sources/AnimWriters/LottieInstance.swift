import AnimMath
import AnimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the Lottie writer keeps of one instance in one frame: its whole transform in
/// output units, and its style with a replicator copy's tint applied.
struct LottieSample: Sendable {
  var matrix: AffineTransform
  /// The node's position in the scene: with the matrix, it gives the local anchor.
  var position: Point
  /// 0 in a frame where the node faces away with `doubleSided false` (§14): the shape
  /// is hidden there, as every other drawer hides it.
  var opacity: Double
  var fill: Color
  var stroke: Color
  var lineWidth: Double
  var strokeStart: Double
  var strokeEnd: Double
  /// A 3-D node's projection from its box to output units (§12.1), baked into paths.
  var projection: Homography? = nil
  /// A 3-D node's fill and stroke gradients as Lottie draws them this frame, in output
  /// units: one fit, or strips (`LottieDepthStrips`); nil in a frame where that paint is
  /// hidden.
  var depthFill: LottieDepthStrips? = nil
  var depthStroke: LottieDepthStrips? = nil
  /// §15's `blur`, as a standard deviation in output units (0: none).
  var blur = 0.0
}

/// One instance over the frames it is present in without a break: one Lottie layer.
struct LottieInstance: Sendable {
  let id: InstanceID
  let shape: SceneShape
  let hasStroke: Bool
  let hasTrim: Bool
  /// Gradient paints in box points, and the copy's tint they take (§12.2; fixed for life).
  let gradients: PaintGradients?
  let tint: Color?
  /// An image's part drawn over its box (§12.3), when set.
  let contentsRect: ContentsRect?
  /// §15's `blend .additive` (fixed for life).
  let additive: Bool
  /// The frame (counted from the first written) of `samples[0]`.
  let firstFrame: Int
  var samples: [LottieSample] = []
  /// The instance (by the writer's number) whose layer is this one's parent (§14), its
  /// samples' matrices then being relative to that parent's; nil when written flat. It is
  /// fixed for life: a record whose parent changes starts a new instance.
  let parentInstance: Int?
  /// A group (§14): a null layer, its opacity 100 (Lottie does not pass opacity on).
  let isGroup: Bool
  /// In a tree: its parented descendants' boxes in its box's points, over its life
  /// (`LottieTreeFrame.reach`).
  var reach: [Double]? = nil
  /// In a tree: the largest stretch of its parent's whole transform to output units over
  /// its life (local errors grow by it), and the longest chain of parented layers it
  /// shared a frame with (errors along a chain add).
  var parentStretch = 0.0
  var treeDepth = 1

  init(_ node: NodeFrame, frame: Int, parentInstance: Int? = nil) {
    self.parentInstance = parentInstance
    isGroup = node.shape.isGroup
    id = node.id
    shape = node.shape
    hasStroke = node.hasStroke
    hasTrim = node.hasTrim
    gradients = node.boxGradients
    tint = node.tint
    contentsRect = node.contentsRect
    additive = node.state.isAdditive
    firstFrame = frame
  }

  /// The frame after the last one it is present in (Lottie's `op`).
  var endFrame: Int { firstFrame + samples.count }

  /// `opacity` is the record's as drawn (its ancestors' multiplied in, §14), `position`
  /// its position in the scene (a child's mapped by its parent's transform).
  static func sample(_ node: NodeFrame, opacity: Double, position: Point, scale: AffineTransform) -> LottieSample {
    let s = node.state
    let tint = node.tint ?? .white
    func tinted(_ c: Color) -> Color {
      Color(
        r: lottieUnit(c.r * tint.r), g: lottieUnit(c.g * tint.g), b: lottieUnit(c.b * tint.b),
        a: lottieUnit(c.a * tint.a))
    }
    return LottieSample(
      matrix: scale * node.matrix, position: position, opacity: node.backFacing ? 0 : lottieUnit(opacity),
      fill: tinted(s.fill),
      stroke: tinted(s.stroke), lineWidth: s.lineWidth.isFinite ? max(s.lineWidth, 0) : 0,
      strokeStart: lottieUnit(s.strokeStart), strokeEnd: lottieUnit(s.strokeEnd),
      projection: node.matrix3d.map { scale * $0.planar },
      blur: s.blur > 0 ? s.blur * abs(scale.determinant).squareRoot() : 0)
  }

  /// The local point the layer turns and scales about: the node's anchor (the local point
  /// its matrix takes to its position), so that position, rotation and scale each follow
  /// their own property; the box's centre when no frame's matrix can be inverted.
  func anchor(scale: AffineTransform) -> Point {
    for s in samples {
      guard let inverse = s.matrix.inverted else { continue }
      let a = inverse.apply(scale.apply(s.position))
      if a.x.isFinite && a.y.isFinite && abs(a.x) < 1e7 && abs(a.y) < 1e7 { return a }
    }
    return Point(shape.outline.width / 2, shape.outline.height / 2)
  }
}

/// A matrix as Lottie's layer transform about a fixed anchor A: M = T(p)·R(r)·S(s)·T(−A)
/// plus a residual skew that one layer cannot carry (rlottie ignores `sk`/`sa`): a layer
/// with one takes a parent null layer instead (`LottieShearSample`).
struct LottieTransformSample: Sendable {
  var position: Point
  /// Degrees, clockwise on screen.
  var rotation: Double
  var scaleX: Double
  var scaleY: Double
  /// The shear left over: M's linear part is R(r)·[[sx, skew], [0, sy]].
  var skew: Double

  /// Decomposes `m` about `anchor`, choosing the rotation nearest `previous` (degrees) so
  /// that rotation stays continuous across frames.
  init(_ m: AffineTransform, anchor: Point, previous: Double?) {
    position = m.apply(anchor)
    let sx = (m.a * m.a + m.b * m.b).squareRoot()
    var theta: Double
    if sx > 1e-12 {
      theta = atan2(m.b, m.a)
    } else if (m.c * m.c + m.d * m.d) > 1e-24 {
      theta = atan2(-m.c, m.d)
    } else {
      theta = (previous ?? 0) * .pi / 180
    }
    var degrees = theta * 180 / .pi
    if let previous {
      degrees += 360 * ((previous - degrees) / 360).rounded()
    }
    theta = degrees * .pi / 180
    rotation = degrees
    scaleX = sx
    scaleY = -sin(theta) * m.c + cos(theta) * m.d
    skew = cos(theta) * m.c + sin(theta) * m.d
  }

  /// The matrix Lottie plays for these values (no skew).
  static func matrix(position p: [Double], rotation r: Double, scale s: [Double], anchor: Point) -> AffineTransform {
    let theta = r * .pi / 180
    let sx = s[0] / 100
    let sy = s[1] / 100
    let cs = cos(theta)
    let sn = sin(theta)
    let a = cs * sx
    let b = sn * sx
    let c = -sn * sy
    let d = cs * sy
    return AffineTransform(
      a: a, b: b, c: c, d: d, tx: p[0] - (a * anchor.x + c * anchor.y), ty: p[1] - (b * anchor.x + d * anchor.y))
  }
}

/// Clamps to 0…1; NaN draws as 0.
func lottieUnit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
