import AnimCheck
import AnimMath

/// The property values of one instance (§6.1): its model values, then the result of
/// composing its animations on top of them (§6.3).
///
/// Plain `Double`s only, 17 of them: `copy(_:to:)` relies on it. Position, scale, rotation
/// and opacity lead (what most animations change; `copyLeading(_:to:)`), the style follows.
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

  public init() {}
}

extension NodeState {
  /// Copies `source` into `destination` with five vector loads and stores. Sampling
  /// copies two states per instance and frame; at this size a plain assignment is a call
  /// to memcpy, which costs more than the copy itself.
  @inline(__always)
  static func copy(_ source: UnsafePointer<NodeState>, to destination: UnsafeMutablePointer<NodeState>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    let vector = MemoryLayout<SIMD4<Double>>.size
    for i in 0..<4 {
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: i * vector, as: SIMD4<Double>.self), toByteOffset: i * vector,
        as: SIMD4<Double>.self)
    }
    to.storeBytes(of: from.load(fromByteOffset: 4 * vector, as: Double.self), toByteOffset: 4 * vector, as: Double.self)
  }

  /// Copies position, scale, rotation and opacity (the first six numbers), not the style.
  @inline(__always)
  static func copyLeading(_ source: UnsafePointer<NodeState>, to destination: UnsafeMutablePointer<NodeState>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    let vector = MemoryLayout<SIMD4<Double>>.size
    to.storeBytes(of: from.loadUnaligned(as: SIMD4<Double>.self), as: SIMD4<Double>.self)
    to.storeBytes(
      of: from.loadUnaligned(fromByteOffset: vector, as: SIMD2<Double>.self), toByteOffset: vector,
      as: SIMD2<Double>.self)
  }

  /// The bytes `copyLeading` copies: they end where the style begins (a test checks it).
  /// Counted rather than asked of a key path, which is not a constant the compiler folds.
  static let leadingBytes = 6 * MemoryLayout<Double>.stride
}

/// Which components of `NodeState` an animation reads and writes. Component targets
/// (`x`, `y`, `scaleX`, `scaleY`) touch only their own component, so they share one
/// source-order stack with `position` and `scale` (§6.3).
enum Target: Sendable {
  case position, x, y, scale, scaleX, scaleY, rotation, opacity, fill, stroke, lineWidth
  case strokeStart, strokeEnd

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
    }
  }

  /// Whether it animates the style (fill, stroke, line width, trim) rather than one of
  /// the leading values (see `NodeState.copyLeading`).
  var isStyle: Bool {
    switch self {
    case .position, .x, .y, .scale, .scaleX, .scaleY, .rotation, .opacity: return false
    case .fill, .stroke, .lineWidth, .strokeStart, .strokeEnd: return true
    }
  }

  /// Where `write` puts a value: `count` consecutive numbers of `NodeState` from byte
  /// `offset`, channel by channel (a point's x and y, a colour's r, g, b and a), for loops
  /// that write one value into many states without asking the target each time.
  var slot: (offset: Int, count: Int) {
    func at(_ path: PartialKeyPath<NodeState>) -> Int { MemoryLayout<NodeState>.offset(of: path)! }
    switch self {
    case .position: return (at(\.position), 2)
    case .x: return (at(\.position.x), 1)
    case .y: return (at(\.position.y), 1)
    case .scale: return (at(\.scaleX), 2)
    case .scaleX: return (at(\.scaleX), 1)
    case .scaleY: return (at(\.scaleY), 1)
    case .rotation: return (at(\.rotation), 1)
    case .opacity: return (at(\.opacity), 1)
    case .fill: return (at(\.fill), 4)
    case .stroke: return (at(\.stroke), 4)
    case .lineWidth: return (at(\.lineWidth), 1)
    case .strokeStart: return (at(\.strokeStart), 1)
    case .strokeEnd: return (at(\.strokeEnd), 1)
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
