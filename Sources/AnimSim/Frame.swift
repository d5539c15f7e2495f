import AnimMath

/// Who an instance is in dumps (§9): `NAME` for a node, `NAME#k` for an emitter's k-th
/// spawn, `CHILD[i]` for copy i of a replicator's child. Kept in parts so producing a
/// frame builds no strings.
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable { case node, spawn, copy }
  // The index first: equality compares in this order, and a frame's records compare ids
  // to keep the ones in place, where two spawns' ids differ in their index.
  public var index: Int
  public var kind: Kind
  public var name: String

  public init(name: String, kind: Kind, index: Int = 0) {
    self.name = name
    self.kind = kind
    self.index = index
  }

  public var description: String {
    switch kind {
    case .node: return name
    case .spawn: return "\(name)#\(index)"
    case .copy: return "\(name)[\(index)]"
    }
  }
}

/// One instance as drawn in one frame: its composed properties and the complete
/// transform from its shape's local box to scene coordinates.
///
/// What changes in most frames comes first: the matrix, then the state's position, scale,
/// rotation and opacity. A record that holds the same instance as in the frame before,
/// with no style animated, gets only those (`RunSampler.compose`): the lines of memory
/// after them are not touched.
public struct NodeFrame: Sendable {
  /// SVG `matrix(a b c d tx ty)`: T(position)·R(rotation)·S(scale)·T(−anchor·size),
  /// after the replicator's T(position)·Mⁱ for a copy.
  public var matrix: AffineTransform
  /// Composed values; `rotation` includes an `along` path's auto rotation, `opacity` is
  /// clamped to 0…1.
  public var state: NodeState
  public var id: NodeID
  /// Slot in `Simulator.shapes`.
  public var shape: Int
  public var hasStroke: Bool
  public var hasTrim: Bool
  /// A replicator copy's colour multiplier.
  public var tint: Color?
  public var z: Double

  /// The bytes of the matrix and the state's leading values (a test checks the layout).
  static let leadingBytes = MemoryLayout<AffineTransform>.size + NodeState.leadingBytes

  /// A record the simulator overwrites.
  static let placeholder = NodeFrame(
    matrix: .identity, state: NodeState(), id: NodeID(name: "", kind: .node), shape: 0, hasStroke: false,
    hasTrim: false, tint: nil, z: 0)
}

/// One frame of a run: frame number n, run time n / fps, the scene time it shows, and
/// the live instances in paint order (z, then creation order).
public struct Frame: Sendable {
  public var index = 0
  public var time = 0.0
  public var sceneTime = 0.0
  public var nodes: [NodeFrame] = []
}

/// A shape as dumps announce it (§9): its id and its outline in its local box.
public struct ShapeEntry: Sendable {
  public var id: String
  public var outline: ShapeOutline
  /// Whether a consumer (a dump) has written this shape's line already; reset when a
  /// per-instance slot is reused.
  public var announced = false
}

/// The shapes in use. Declared shapes (and inline shapes named after their node) keep
/// one slot for the whole run; a shape whose geometry differs per spawn takes a slot for
/// its instance's lifetime, freed and reused afterwards, so memory stays flat.
struct ShapeTable: Sendable {
  private(set) var entries: [ShapeEntry] = []
  private var named: [String: Int] = [:]
  private var free: [Int] = []

  /// The slot for a shape id, created on first use with the first instance's outline.
  mutating func named(_ id: String, _ outline: ShapeOutline) -> Int {
    if let slot = named[id] { return slot }
    entries.append(ShapeEntry(id: id, outline: outline))
    named[id] = entries.count - 1
    return entries.count - 1
  }

  /// A slot for one instance's own shape (its id is the instance's id).
  mutating func instance(_ id: String, _ outline: ShapeOutline) -> Int {
    let entry = ShapeEntry(id: id, outline: outline)
    if let slot = free.popLast() {
      entries[slot] = entry
      return slot
    }
    entries.append(entry)
    return entries.count - 1
  }

  mutating func release(_ slot: Int) {
    guard slot >= 0 && slot < entries.count, named[entries[slot].id] != slot else { return }
    entries[slot].outline = ShapeOutline(path: Path(), width: 0, height: 0)
    free.append(slot)
  }

  subscript(slot: Int) -> ShapeEntry {
    get { entries[slot] }
    set { entries[slot] = newValue }
  }
}
