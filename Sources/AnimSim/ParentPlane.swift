import AnimMath
import AnimModel

/// How a record's `position` space, its parent's box plane, maps to the scene (§14): an
/// affine map while every ancestor is 2-D, the plane's homography once one is 3-D (the
/// chain composes as 4 × 4 matrices, and a child lies in its parent's z = 0 plane, §12.1).
/// `scenePosition`, `drag.*`, a release's emit position, and the points and velocities of
/// spawns made `in` a node all go through it.
struct ParentPlane {
  private enum Map {
    case flat(AffineTransform)
    case projective(Homography)
  }
  private let map: Map

  private init(map: Map) { self.map = map }

  /// A record's position space from its parent's whole transforms (its 3-D matrix when it
  /// has one; the scene without a parent), then a replicator copy's `placement` (§16:
  /// copy i's coordinates are mapped by copy i's transform).
  init(whole parent: NodeFrame?, placement: CopyPlacement?) {
    let prefix = placement?.prefix ?? .identity
    if let m3 = parent?.matrix3d {
      map = .projective((m3 * Matrix3D(prefix)).planar)
    } else {
      map = .flat((parent?.matrix ?? .identity) * prefix)
    }
  }

  /// The box plane of a node whose whole transform is `whole` (§14): applied as affine
  /// whenever it is, so a 2-D chain maps exactly as the records' affine walk does.
  init(whole: Matrix3D) {
    let h = whole.planar
    if h.m20 == 0 && h.m21 == 0 && h.m22 == 1 {
      map = .flat(AffineTransform(a: h.m00, b: h.m10, c: h.m01, d: h.m11, tx: h.m02, ty: h.m12))
    } else {
      map = .projective(h)
    }
  }

  /// Record `k`'s position space, composed from the records' own (local) matrices:
  /// W(parent) = W(grandparent)·L(parent), then a copy's `placement`. Affine products
  /// while the chain is 2-D, so a flat scene's values are the ones an affine walk gives.
  /// The records are the frame's as sampled, their 3-D matrices still in `depths`.
  init(
    ofRecord k: Int, in records: [NodeFrame], depths: DepthColumn, parents parentRecord: [Int],
    placement: CopyPlacement?
  ) {
    var flat = placement?.prefix ?? AffineTransform.identity
    var depth: Matrix3D? = nil
    var p = parentRecord[k]
    var steps = 0
    while p >= 0 && steps < 128 {
      let record = records[p]
      let own = depths.matrix(inSlot: Int(record.depthSlot))
      if depth != nil || own != nil {
        depth = (own ?? Matrix3D(record.matrix)) * (depth ?? Matrix3D(flat))
      } else {
        flat = record.matrix * flat
      }
      p = parentRecord[p]
      steps += 1
    }
    map = depth.map { .projective($0.planar) } ?? .flat(flat)
  }

  /// A point of the plane in the scene.
  func toScene(_ p: Point) -> Point {
    switch map {
    case .flat(let t): return t.apply(p)
    case .projective(let h): return h.apply(p)
    }
  }

  /// A velocity `v` of a point moving through `p` of the plane, in the scene: the map's
  /// derivative at `p`. The linear part of an affine map (§15's "linear part of its
  /// parent's matrix"); under a 3-D parent the projection's Jacobian, since how fast a
  /// point moves on screen depends on where it is.
  func velocityToScene(_ v: Point, at p: Point) -> Point {
    switch map {
    case .flat(let t): return t.applyLinear(v)
    case .projective(let h):
      // d(X/W) = (dX − (X/W)·dW) / W, and likewise for Y.
      let w = h.w(p)
      guard w != 0, w.isFinite else { return .zero }
      let q = h.apply(p)
      let dW = h.m20 * v.x + h.m21 * v.y
      let d = h.applyLinear(v)
      return Point((d.x - q.x * dW) / w, (d.y - q.y * dW) / w)
    }
  }

  /// A scene point in the plane; the point itself where the map is singular (a parent
  /// scaled to nothing or seen edge-on).
  func fromScene(_ p: Point) -> Point { fromSceneIfDefined(p) ?? p }

  /// A scene point in the plane; nil where the map is singular or the point has no
  /// finite preimage.
  func fromSceneIfDefined(_ p: Point) -> Point? {
    switch map {
    case .flat(let t): return t.inverted?.apply(p)
    case .projective(let h):
      guard let inverse = h.inverse else { return nil }
      let q = inverse.apply(p)
      return q.x.isFinite && q.y.isFinite ? q : nil
    }
  }
}
