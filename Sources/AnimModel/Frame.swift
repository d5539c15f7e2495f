import AnimImage
import AnimMath

/// Who an instance is in dumps (§9, §14): `NAME` for a node, `NAME#k` for an emitter's
/// k-th spawn, `CHILD[i]` for copy i of a replicator's child, `NAME#k/CHILD/…` for a node
/// declared in a spawn's block (`name` then holds `NAME/CHILD/…`: names hold no `/`).
/// Kept in parts so producing a frame builds no strings.
public struct InstanceID: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable { case node, spawn, copy, spawnChild, copyChild }
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
    case .spawnChild:
      guard let slash = name.firstIndex(of: "/") else { return "\(name)#\(index)" }
      return "\(name[..<slash])#\(index)\(name[slash...])"
    case .copyChild:
      guard let slash = name.firstIndex(of: "/") else { return "\(name)[\(index)]" }
      return "\(name[..<slash])[\(index)]\(name[slash...])"
    }
  }

  /// Whether the index sits inside the name (`hearts#3/label`, `dot[2]/label`): the
  /// instance is a spawn's or a replicator copy's descendant (§14).
  public var indexInsideName: Bool { kind == .spawnChild || kind == .copyChild }
}

/// One instance as drawn in one frame: its composed properties and the complete
/// transform from its shape's local box to scene coordinates.
///
/// A record that holds the same instance as in the frame before, with no style animated,
/// gets only its matrix and the state's position, scale, rotation and opacity
/// (`FrameSampler.compose`): the rest is what it held.
///
/// What few records have (a tint, gradients, a contents rect) sits in one shared,
/// immutable box (`NodeFrameParts`), nil when a record has none of them: a frame writes
/// and its readers walk every record, and the box keeps a record about half the size
/// those inline would make it. Setting one of them makes a new box, so a record stays a
/// value. Those parts are set when a record takes its instance and kept while it holds it.
///
/// A 3-D matrix changes every frame, so it is not boxed: the frame's 3-D records share
/// one column of matrices (`DepthColumn`) that the simulator writes once per frame, and
/// each holds its place in it. A column is never written once records hold it.
public struct NodeFrame: Sendable {
  /// SVG `matrix(a b c d tx ty)`: T(position)·R(rotation)·S(scale)·T(−anchor·size),
  /// after the replicator's T(position)·Mⁱ for a copy.
  public var matrix: AffineTransform
  /// Composed values; `rotation` includes an `along` path's auto rotation, `opacity` is
  /// clamped to 0…1.
  public var state: NodeState
  public var id: InstanceID
  /// What it draws: shared, never rewritten.
  public var shape: SceneShape
  public var hasStroke: Bool
  public var hasTrim: Bool
  /// Whether its shape is hidden in this frame: its `doubleSided` is false and it faces
  /// away (§14, `Facing`). The record is still written; a drawer skips only the shape.
  public var backFacing = false
  /// The index in the frame's records of its parent's record (§14), always an earlier
  /// one; -1 for a top-level instance. Stored narrow, beside the flags, so that a record
  /// does not grow.
  package var parentSlot: Int32 = -1
  public var z: Double
  /// The rare parts below; nil when all are nil.
  private var parts: NodeFrameParts? = nil
  /// The frame's 3-D matrices, nil for a 2-D node or while the frame is being written.
  @usableFromInline private(set) var depthColumn: DepthColumn? = nil
  /// Its `matrix3d`'s place in `depthColumn`, or, while the frame is being written, in
  /// the simulator's column; -1 for a 2-D node.
  @usableFromInline package private(set) var depthSlot: Int32 = -1

  init(
    matrix: AffineTransform, state: NodeState, id: InstanceID, shape: SceneShape, hasStroke: Bool, hasTrim: Bool,
    tint: Color?, z: Double
  ) {
    self.matrix = matrix
    self.state = state
    self.id = id
    self.shape = shape
    self.hasStroke = hasStroke
    self.hasTrim = hasTrim
    self.z = z
    self.tint = tint
  }

  /// The index of its parent's record in the frame (§14); nil for a top-level instance.
  public var parent: Int? { parentSlot < 0 ? nil : Int(parentSlot) }

  /// A replicator copy's colour multiplier.
  public var tint: Color? {
    get { parts?.values.tint }
    set {
      guard newValue != nil || parts != nil else { return }
      change { $0.tint = newValue }
    }
  }

  /// The gradient fill and stroke (§12.2) in unit points of the shape's box; nil when
  /// both paints are colours. `state.fill`/`state.stroke` then hold a placeholder.
  public var gradients: PaintGradients? {
    get { parts?.values.gradients }
    set {
      guard newValue != nil || parts != nil else { return }
      change { $0.gradients = newValue }
    }
  }

  /// A 3-D node's whole transform from its shape's box to scene coordinates (§12.1),
  /// column-major as CSS `matrix3d()`; nil for a 2-D node. `matrix` then holds the same
  /// transform with rotationX, rotationY and perspective taken as 0.
  public var matrix3d: Matrix3D? {
    get { depthColumn?.matrix(inSlot: Int(depthSlot)) }
    set {
      // One record's own column: what a record set by hand holds (the simulator writes
      // a frame's matrices into one column, `placeDepth` and `publishDepth`).
      if let newValue {
        depthColumn = [newValue]
        depthSlot = 0
      } else {
        clearDepth()
      }
    }
  }

  /// Whether `matrix3d` is not nil, read without making the optional matrix: writers ask
  /// it of every record, and a 2-D scene's answer is no.
  @inlinable package var hasMatrix3D: Bool { depthColumn?.indices.contains(Int(depthSlot)) ?? false }

  /// Makes it a 3-D record whose matrix is at `slot` of a column still being written:
  /// `matrix3d` reads nil until `publishDepth` hands it the finished column.
  @inline(__always)
  package mutating func placeDepth(at slot: Int) {
    depthColumn = nil
    depthSlot = Int32(truncatingIfNeeded: slot)
  }

  /// Makes it a 2-D record.
  @inline(__always)
  package mutating func clearDepth() {
    depthColumn = nil
    depthSlot = -1
  }

  /// Hands a 3-D record (one with a slot) the finished column its slot indexes.
  @inline(__always)
  package mutating func publishDepth(_ column: DepthColumn) {
    if depthSlot >= 0 { depthColumn = column }
  }

  /// `contentsRect` when the block sets it (§12.3); nil for the whole image.
  public var contentsRect: ContentsRect? {
    get { parts?.values.contentsRect }
    set {
      guard newValue != nil || parts != nil else { return }
      change { $0.contentsRect = newValue }
    }
  }

  /// Sets all the rare parts at once (one box at most, where setting each would make
  /// one per part).
  package mutating func setParts(
    tint: Color?, gradients: PaintGradients?, matrix3d: Matrix3D?, contentsRect: ContentsRect?
  ) {
    let values = NodeFrameParts.Values(tint: tint, gradients: gradients, contentsRect: contentsRect)
    parts = values.isEmpty ? nil : NodeFrameParts(values)
    self.matrix3d = matrix3d
  }

  /// Replaces the box with one holding the changed values (none when all are nil).
  private mutating func change(_ edit: (inout NodeFrameParts.Values) -> Void) {
    var values = parts?.values ?? NodeFrameParts.Values()
    edit(&values)
    parts = values.isEmpty ? nil : NodeFrameParts(values)
  }

  /// A record the simulator overwrites: a 2-D record with nothing set.
  ///
  /// Made afresh at each use, not a stored `static let`: in a debug build (Swift 6.3.1),
  /// `var r = NodeFrame.placeholder` followed by a change to `r` read the copy's last field
  /// (`depthSlot`) as 0 instead of -1, so the copy looked like a 3-D record
  /// (`DepthColumnTests` failed when run alone). The simulator takes one per record it
  /// adds, which costs nothing beside sampling it.
  package static var placeholder: NodeFrame {
    NodeFrame(
      matrix: .identity, state: NodeState(), id: InstanceID(name: "", kind: .node), shape: .empty, hasStroke: false,
      hasTrim: false, tint: nil, z: 0)
  }
}

/// The parts of a `NodeFrame` that few records have. Immutable: records share a box, and
/// a change makes a new one.
package final class NodeFrameParts: Sendable {
  struct Values: Sendable {
    var tint: Color? = nil
    var gradients: PaintGradients? = nil
    var contentsRect: ContentsRect? = nil

    var isEmpty: Bool { tint == nil && gradients == nil && contentsRect == nil }
  }

  let values: Values

  init(_ values: Values) {
    self.values = values
  }
}

/// A frame's 3-D matrices, by record slot (`NodeFrame.depthSlot`): written by the
/// simulator while it makes the frame, then shared by the frame's 3-D records and never
/// written again (a later frame writes a column of its own).
@usableFromInline package typealias DepthColumn = ContiguousArray<Matrix3D>

extension ContiguousArray where Element == Matrix3D {
  /// The 3-D matrix in a record's `slot`: nil for a record without one (slot -1), and for
  /// a slot this column does not hold.
  @inlinable package func matrix(inSlot slot: Int) -> Matrix3D? { indices.contains(slot) ? self[slot] : nil }
}

/// One frame of a run: frame number n, run time n / fps, the scene time it shows, and
/// the live instances in paint order (z, then creation order). A value: it holds what it
/// draws, and stays valid after any number of later steps (the simulator writes a frame
/// into the records of an earlier one, copying them only when a consumer still holds
/// that one: `Simulator.samplesIntoSpareRecords`).
public struct Frame: Sendable {
  public var index = 0
  public var time = 0.0
  public var sceneTime = 0.0
  public var nodes: [NodeFrame] = []

  package init() {}
}

/// A shape as frames draw it and dumps announce it (§9): its id and its outline in its
/// local box. Immutable and shared: every record that draws it holds this one object, so a
/// frame stays valid however far the simulation goes on.
public final class SceneShape: Sendable {
  public let id: String
  public let outline: ShapeOutline
  /// Whether the id names one shape for the whole run (declared, or named after its
  /// node) rather than one instance's own: a shared shape is announced once per run, an
  /// instance's own once per instance.
  public let isShared: Bool
  /// A text's font faces, "file#index" in order of first use (§12.4); empty otherwise.
  public var fonts: [String] { outline.fonts }
  /// An image shape's picture (§12.3), drawn over the box `outline` outlines.
  public let image: ImageAsset?
  /// Whether it is a group's (§14): it draws nothing, and dumps neither announce it nor
  /// name it in a record.
  public let isGroup: Bool

  public init(id: String, outline: ShapeOutline, isShared: Bool, image: ImageAsset? = nil, isGroup: Bool = false) {
    self.id = id
    self.outline = outline
    self.isShared = isShared
    self.image = image
    self.isGroup = isGroup
  }

  /// What every group's record holds.
  package static let group = SceneShape(
    id: "", outline: ShapeOutline(path: Path(), width: 0, height: 0), isShared: true, isGroup: true)

  /// What a record holds before the simulator fills it.
  static let empty = SceneShape(id: "", outline: ShapeOutline(path: Path(), width: 0, height: 0), isShared: true)
}

/// The shared shapes of a run by id, each created on first use with the first instance's
/// outline (§9: one shape line per id).
package struct SharedShapes: Sendable {
  private var byID: [String: SceneShape] = [:]

  package init() {}

  package mutating func shape(_ id: String, _ outline: ShapeOutline, image: ImageAsset? = nil) -> SceneShape {
    if let shape = byID[id] { return shape }
    let shape = SceneShape(id: id, outline: outline, isShared: true, image: image)
    byID[id] = shape
    return shape
  }
}
