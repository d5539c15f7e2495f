import AnimMath
import AnimModel

// 3-D nodes (§12.1): their whole transform, and hit-testing them through it.

extension Simulator {
  /// A node's whole transform from its shape's box to its parent's space, CSS's list
  /// about the anchor (§12.1): `translate(position) perspective(d) rotateX(rotationX)
  /// rotateY(rotationY) rotate(rotation) scale(scaleX, scaleY) translate(−ax·w, −ay·h)`.
  /// `boxOrigin` is (−ax·w, −ay·h); `s.rotation` already holds an `along` rotation.
  static func matrix3D(_ s: NodeState, boxOrigin o: Point) -> Matrix3D {
    Matrix3D.translation(s.position.x, s.position.y) * Matrix3D.perspective(s.perspective)
      * Matrix3D.rotationX(degrees: s.rotationX) * Matrix3D.rotationY(degrees: s.rotationY)
      * Matrix3D.rotationZ(degrees: s.rotation) * Matrix3D.scale(s.scaleX, s.scaleY)
      * Matrix3D.translation(o.x, o.y)
  }

  /// Node `i`'s projection of its box at scene time `s` when it is 3-D, else nil (its
  /// 2-D `nodeMatrix` then says all).
  func nodeProjection(_ i: Int, at s: Double) -> Homography? {
    let body = nodeBodies[i]
    guard body.template.is3D else { return nil }
    let appeared = nodeAppeared[i] ?? body.appearAt
    var (state, extra) = body.sample(s - appeared)
    state.rotation += extra
    return Self.matrix3D(state, boxOrigin: body.boxOrigin).planar
  }

  /// Whether the tap point `p` hits a 3-D node's outline: its inverse projection must
  /// lie where W > 0 (in front of the eye) and inside the shape (§12.1).
  static func projectedContains(_ outline: FlatOutline, _ h: Homography, _ p: Point) -> Bool {
    guard let inverse = h.inverse else { return false }
    let (x, y, w) = inverse.homogeneous(p)
    guard w != 0, w.isFinite else { return false }
    let local = Point(x / w, y / w)
    guard local.x.isFinite, local.y.isFinite, h.w(local) > 0 else { return false }
    return outline.contains(local)
  }
}

extension FrameSampler {
  /// A 3-D record's whole matrix from its finished state, a replicator copy's 2-D prefix
  /// composed before it; nil if a number is not finite. Its caller keeps it in the frame's
  /// column (`DepthColumn`), not in the record.
  @inline(__always)
  static func depthMatrix(_ instance: LiveInstance, _ s: NodeState) -> Matrix3D? {
    guard (s.rotationX + s.rotationY + s.perspective).isFinite else { return nil }
    var m = Simulator.matrix3D(s, boxOrigin: instance.boxOrigin)
    if let placement = instance.placement { m = Matrix3D(placement.prefix) * m }
    guard m.isFinite else { return nil }
    return m
  }
}
