import AnimIR
import AnimMath
import AnimModel

/// One instance in the run: a node, a spawn or a replicator copy.
///
/// What sampling reads of every member of a run sits here (`block`, `boxOrigin`, `z`),
/// so that it reads the body only for what differs between members. What every frame
/// reads of each member (`end`, `seq`, the column positions, `boxOrigin`, `z`, `cohort`,
/// `is3D`) is declared first, side by side: stored properties are laid out in
/// declaration order, so those reads share one or two cache lines rather than spreading
/// over the whole instance.
struct LiveInstance {
  /// Scene time from which it no longer appears (§6.4); `remove after` in `on release`
  /// brings it forward (§16).
  var end: Double
  /// Creation order, for paint order among equal z; it also tells whether a record still
  /// holds this instance (`Simulator.recordOwners`).
  let seq: Int
  /// The positions of `block.curve`'s entry (-1 when there is no curve) and of
  /// `block.scalars` in the simulator's `LiveColumn`.
  var curveAt = -1
  var scalarsAt = 0
  /// What the matrix and the paint order need of `body`, copied so that writing a record
  /// reads the instance alone.
  let boxOrigin: Point
  let z: Double
  /// The same for consecutive instances of one timing group created together (at the
  /// same time, with the same time offset, all replicator copies or none): a cohort's
  /// members (see `FrameSampler`), found by comparing this alone. Only equality with the
  /// neighbours' counts, so it may wrap.
  var cohort: Int32 = 0
  /// `body.template.is3D` (§12.1).
  let is3D: Bool
  /// Whether its `doubleSided` is false: its model's, as no animation changes it (a
  /// binding that sets it decides the record's facing itself, `Simulator+Bindings`).
  let singleSided: Bool
  let hasStroke: Bool
  let hasTrim: Bool
  /// Whether the body has gradients or a contents rect (`fill` reads the body only then).
  let hasPaintExtras: Bool
  /// `body.block`.
  let block: AnimationBlock
  /// Scene time of creation (the event's, not the frame's).
  let created: Double
  /// A replicator copy's `i·D`.
  var timeOffset = 0.0
  /// A replicator copy's transform and colour; nil for nodes and spawns.
  var placement: CopyPlacement? = nil
  /// `body.timingGroup`'s id, here so that finding a cohort reads no body.
  let group: Int
  let shape: SceneShape
  let body: InstanceBody
  let id: InstanceID

  init(
    body: InstanceBody, id: InstanceID, created: Double, end: Double, seq: Int, shape: SceneShape
  ) {
    self.body = body
    group = body.timingGroup.id
    self.id = id
    self.created = created
    self.end = end
    self.seq = seq
    self.shape = shape
    block = body.block
    boxOrigin = body.boxOrigin
    z = body.z
    hasStroke = body.hasStroke
    hasTrim = body.hasTrim
    hasPaintExtras = body.gradients != nil || body.contentsRect != nil
    is3D = body.template.is3D
    singleSided = !body.model.doubleSided
  }
}

/// Where a replicator copy is drawn (§3.2): `T(replicator position)·Mⁱ` before its own
/// transform, and its colour multiplier.
final class CopyPlacement: Sendable {
  let prefix: AffineTransform
  let tint: Color

  init(prefix: AffineTransform, tint: Color) {
    self.prefix = prefix
    self.tint = tint
  }
}
