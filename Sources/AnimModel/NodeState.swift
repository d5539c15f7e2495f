import AnimMath

/// The property values of one instance (§6.1): its model values, then the result of
/// composing its animations on top of them (§6.3).
///
/// Position, scale, rotation and opacity lead (what most animations change;
/// `takeLeading(of:)`), the style follows.
public struct NodeState: Hashable, Sendable {
  public var position = Point.zero
  public var scaleX = 1.0
  public var scaleY = 1.0
  /// Degrees, clockwise, unwrapped.
  public var rotation = 0.0
  public var opacity = 1.0
  public var fill = Color.black
  /// Transparent when the node has no stroke; dumps write it only when the node has one.
  public var stroke = Color.clear
  public var lineWidth = 1.0
  public var strokeStart = 0.0
  public var strokeEnd = 1.0
  /// Degrees about x and y (§12.1), and the eye's distance (0: none); a node is 3-D when
  /// its source sets or animates any of them (`LiveInstance.is3D`).
  public var rotationX = 0.0
  public var rotationY = 0.0
  public var perspective = 0.0

  public init() {}

  /// Takes position, scale, rotation and opacity from `other`, not the style: what a
  /// record kept from the frame before needs when no animation changes its style.
  @inline(__always)
  package mutating func takeLeading(of other: NodeState) {
    position = other.position
    scaleX = other.scaleX
    scaleY = other.scaleY
    rotation = other.rotation
    opacity = other.opacity
  }

  /// The one-number properties, for loops that read and write one of them in many states.
  package enum Scalar: Hashable, Sendable {
    case x, y, scaleX, scaleY, rotation, opacity, lineWidth, strokeStart, strokeEnd
    case rotationX, rotationY, perspective
  }

  /// One number of the state, chosen by a switch (no memory offsets).
  @inline(__always)
  package subscript(scalar scalar: Scalar) -> Double {
    get {
      switch scalar {
      case .x: return position.x
      case .y: return position.y
      case .scaleX: return scaleX
      case .scaleY: return scaleY
      case .rotation: return rotation
      case .opacity: return opacity
      case .lineWidth: return lineWidth
      case .strokeStart: return strokeStart
      case .strokeEnd: return strokeEnd
      case .rotationX: return rotationX
      case .rotationY: return rotationY
      case .perspective: return perspective
      }
    }
    set {
      switch scalar {
      case .x: position.x = newValue
      case .y: position.y = newValue
      case .scaleX: scaleX = newValue
      case .scaleY: scaleY = newValue
      case .rotation: rotation = newValue
      case .opacity: opacity = newValue
      case .lineWidth: lineWidth = newValue
      case .strokeStart: strokeStart = newValue
      case .strokeEnd: strokeEnd = newValue
      case .rotationX: rotationX = newValue
      case .rotationY: rotationY = newValue
      case .perspective: perspective = newValue
      }
    }
  }
}
