import AnimCheck
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
  mutating func takeLeading(of other: NodeState) {
    position = other.position
    scaleX = other.scaleX
    scaleY = other.scaleY
    rotation = other.rotation
    opacity = other.opacity
  }

  /// The one-number properties, for loops that read and write one of them in many states.
  enum Scalar: Hashable, Sendable {
    case x, y, scaleX, scaleY, rotation, opacity, lineWidth, strokeStart, strokeEnd
    case rotationX, rotationY, perspective
  }

  /// One number of the state, chosen by a switch (no memory offsets).
  @inline(__always)
  subscript(scalar scalar: Scalar) -> Double {
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

/// Which components of `NodeState` an animation reads and writes. Component targets
/// (`x`, `y`, `scaleX`, `scaleY`) touch only their own component, so they share one
/// source-order stack with `position` and `scale` (§6.3).
enum PropertyTarget: Sendable {
  case position, x, y, scale, scaleX, scaleY, rotation, opacity, fill, stroke, lineWidth
  case strokeStart, strokeEnd
  case rotationX, rotationY, perspective

  init(_ property: Property) {
    switch property {
    case .position: self = .position
    case .x: self = .x
    case .y: self = .y
    case .scale: self = .scale
    case .scaleX: self = .scaleX
    case .scaleY: self = .scaleY
    case .rotation: self = .rotation
    case .opacity: self = .opacity
    case .fill: self = .fill
    case .stroke: self = .stroke
    case .lineWidth: self = .lineWidth
    case .strokeStart: self = .strokeStart
    case .strokeEnd: self = .strokeEnd
    case .rotationX: self = .rotationX
    case .rotationY: self = .rotationY
    case .perspective: self = .perspective
    }
  }

  /// The value below, as channels. `scale` reads both components as a Point.
  @inline(__always) func read(_ s: NodeState) -> Channels {
    switch self {
    case .position: return Channels(s.position)
    case .x: return Channels(s.position.x)
    case .y: return Channels(s.position.y)
    case .scale: return Channels(s.scaleX, s.scaleY)
    case .scaleX: return Channels(s.scaleX)
    case .scaleY: return Channels(s.scaleY)
    case .rotation: return Channels(s.rotation)
    case .opacity: return Channels(s.opacity)
    case .fill: return Channels(s.fill)
    case .stroke: return Channels(s.stroke)
    case .lineWidth: return Channels(s.lineWidth)
    case .strokeStart: return Channels(s.strokeStart)
    case .strokeEnd: return Channels(s.strokeEnd)
    case .rotationX: return Channels(s.rotationX)
    case .rotationY: return Channels(s.rotationY)
    case .perspective: return Channels(s.perspective)
    }
  }

  @inline(__always) func write(_ v: Channels, _ s: inout NodeState) {
    switch self {
    case .position: s.position = v.point
    case .x: s.position.x = v.x
    case .y: s.position.y = v.x
    case .scale:
      s.scaleX = v.x
      s.scaleY = v.y
    case .scaleX: s.scaleX = v.x
    case .scaleY: s.scaleY = v.x
    case .rotation: s.rotation = v.x
    case .opacity: s.opacity = v.x
    case .fill: s.fill = v.color
    case .stroke: s.stroke = v.color
    case .lineWidth: s.lineWidth = v.x
    case .strokeStart: s.strokeStart = v.x
    case .strokeEnd: s.strokeEnd = v.x
    case .rotationX: s.rotationX = v.x
    case .rotationY: s.rotationY = v.x
    case .perspective: s.perspective = v.x
    }
  }

  /// Whether it animates the style (fill, stroke, line width, trim) rather than one of
  /// the leading values (see `NodeState.takeLeading`). The 3-D values count as style:
  /// few nodes have them, so `takeLeading` need not copy them for every other one.
  var isStyle: Bool {
    switch self {
    case .position, .x, .y, .scale, .scaleX, .scaleY, .rotation, .opacity: return false
    case .fill, .stroke, .lineWidth, .strokeStart, .strokeEnd: return true
    case .rotationX, .rotationY, .perspective: return true
    }
  }

  /// The one number it writes, for a one-number target; nil for points and colours.
  var scalar: NodeState.Scalar? {
    switch self {
    case .x: return .x
    case .y: return .y
    case .scaleX: return .scaleX
    case .scaleY: return .scaleY
    case .rotation: return .rotation
    case .opacity: return .opacity
    case .lineWidth: return .lineWidth
    case .strokeStart: return .strokeStart
    case .strokeEnd: return .strokeEnd
    case .rotationX: return .rotationX
    case .rotationY: return .rotationY
    case .perspective: return .perspective
    case .position, .scale, .fill, .stroke: return nil
    }
  }

  /// An evaluated value of this property as channels: a Number given to `scale` sets
  /// both components (§6.1).
  func channels(_ v: Value) -> Channels {
    switch v {
    case .point(let p): return Channels(p)
    case .color(let c): return Channels(c)
    case .number(let n): return self == .scale ? Channels(n, n) : Channels(n)
    default: return Channels(.nan)
    }
  }

  /// Sets a fixed property value from a block statement (`opacity 0.5`, `scale 2`).
  func set(_ v: Value, _ s: inout NodeState) {
    write(channels(v), &s)
  }
}
