import AnimMath

/// Which side of its shape a node shows (§14): `doubleSided false` hides the shape in a
/// frame where it faces away.
@usableFromInline package enum Facing {
  /// Whether the transform from a shape's box to the scene shows the box's back:
  /// `det H < 0`, H being rows and columns 1, 2 and 4 of the whole 4 × 4 transform (the
  /// map of the box's plane, `Matrix3D.planar`); for a 2-D node, the determinant of its
  /// affine matrix, so a mirrored node faces away too. A determinant that is 0 (edge on)
  /// or not a number faces no way.
  @inlinable package static func facesAway(_ matrix: AffineTransform, _ matrix3d: Matrix3D?) -> Bool {
    guard let m = matrix3d else { return matrix.a * matrix.d - matrix.b * matrix.c < 0 }
    return facesAway(m)
  }

  /// `facesAway` of a 3-D node: `det H < 0`.
  @usableFromInline package static func facesAway(_ m: Matrix3D) -> Bool {
    let h = m.planar
    let det =
      h.m00 * (h.m11 * h.m22 - h.m12 * h.m21) - h.m01 * (h.m10 * h.m22 - h.m12 * h.m20)
      + h.m02 * (h.m10 * h.m21 - h.m11 * h.m20)
    return det < 0
  }
}

extension NodeFrame {
  /// Decides `backFacing` from the record's state and its finished matrices: only a
  /// node whose `doubleSided` is false faces away, and only where `Facing.facesAway`
  /// says so. Called wherever a record's matrices are written, so that the flag is the
  /// frame's.
  @inline(__always)
  package mutating func decideFacing() {
    decideFacing(matrix3d: matrix3d)
  }

  /// `decideFacing` with its 3-D matrix given: the simulator's, while the frame's column
  /// is still being written (`placeDepth`). Inlined into the simulator, where a 2-D
  /// record's call (with no matrix) folds to a slot's test.
  @inlinable package mutating func decideFacing(matrix3d: Matrix3D?) {
    backFacing = !state.doubleSided && Facing.facesAway(matrix, matrix3d)
  }

  /// `decideFacing(matrix3d: nil)` of a 2-D record whose `doubleSided` is known
  /// (`singleSided` is its negation) without reading it from the state, where it sits in
  /// a cache line the frame's sampling otherwise leaves alone.
  @inlinable package mutating func decideFacing(singleSided: Bool) {
    backFacing = singleSided && Facing.facesAway(matrix, nil)
  }
}
