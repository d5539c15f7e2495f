import AnimMath

// Writing a run's records: rotation and opacity finished, the matrix, the finite test.

extension RunSampler {
  /// The members' records: composed values with the `along` rotation on top, opacity
  /// clamped, and the matrix (§9), two members at a time: one `sinCos` on two lanes gives
  /// both rotations' sines and cosines. Returns the index of a member with a value that
  /// is not finite, if any (its record and those after it are left unfinished).
  /// `styleKept`: every record holds its style from an earlier frame, already found finite.
  mutating func write(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ states: StateColumn, _ extras: UnsafePointer<Double>,
    styleKept: Bool, into records: UnsafeMutablePointer<NodeFrame>
  ) -> Int? {
    // Counted in locals, stored once: kept in `self`, each was stored and reloaded per member.
    var record = RecordWriter(
      start: records + written, lastZ: lastZ, checksStyle: !styleKept, placed: first.pointee.placement != nil)
    defer {
      lastZ = record.lastZ
      if !record.ordered { ordered = false }
    }
    // The next pair's sines and cosines are taken before this pair's records are
    // written: the polynomials are a chain of dependent operations, which the processor
    // then works through while it writes, rather than waiting for them.
    var turns = Self.turns(states, extras, from: 0, count)
    var r = 0
    while r < count {
      let current = turns
      if r &+ 2 < count { turns = Self.turns(states, extras, from: r &+ 2, count) }
      guard
        record.write(first + r, states[r], r, rotation: current.rotation[0], sin: current.sin[0], cos: current.cos[0])
      else {
        written &+= r
        return r
      }
      let n = r &+ 1
      if n < count {
        guard
          record.write(first + n, states[n], n, rotation: current.rotation[1], sin: current.sin[1], cos: current.cos[1])
        else {
          written &+= n
          return n
        }
      }
      r &+= 2
    }
    written &+= count
    return nil
  }

  /// Members r and r + 1's rotations with the `along` rotation added, and their sines
  /// and cosines (a zero rotation stands in for a member past `count`).
  @inline(__always)
  private static func turns(_ states: StateColumn, _ extras: UnsafePointer<Double>, from r: Int, _ count: Int) -> (
    rotation: SIMD2<Double>, sin: SIMD2<Double>, cos: SIMD2<Double>
  ) {
    let rotation = states[r].pointee.rotation + extras[r]
    let next = r &+ 1 < count ? states[r &+ 1].pointee.rotation + extras[r &+ 1] : 0
    let (sines, cosines) = sinCos(degrees: SIMD2(rotation, next))
    return (SIMD2(rotation, next), sines, cosines)
  }

  /// Writes records from `start`, noting whether z never decreased.
  struct RecordWriter {
    let start: UnsafeMutablePointer<NodeFrame>
    var lastZ: Double
    var ordered = true
    /// Whether the style's numbers are tested too (they are unless no record changed them).
    let checksStyle: Bool
    /// Whether the members are replicator copies (a run's are all or none).
    let placed: Bool

    init(start: UnsafeMutablePointer<NodeFrame>, lastZ: Double, checksStyle: Bool, placed: Bool) {
      self.start = start
      self.lastZ = lastZ
      self.checksStyle = checksStyle
      self.placed = placed
    }

    /// Record r, of `instance` with its composed state (in the record) whose rotation is
    /// `rotation` with the `along` rotation added; false if a value is not finite.
    @inline(__always)
    mutating func write(
      _ instance: UnsafePointer<LiveInstance>, _ state: UnsafeMutablePointer<NodeState>, _ r: Int, rotation: Double,
      sin: Double, cos: Double
    ) -> Bool {
      let record = start + r
      let opacity = min(max(state.pointee.opacity, 0), 1)
      state.pointee.rotation = rotation
      state.pointee.opacity = opacity
      var matrix = Simulator.localMatrix(state.pointee, boxOrigin: instance.pointee.boxOrigin, sin: sin, cos: cos)
      if placed, let placement = instance.pointee.placement { matrix = placement.prefix * matrix }
      guard RunSampler.isFinite(state, opacity: opacity, matrix, style: checksStyle) else { return false }
      let z = instance.pointee.z
      record.pointee.matrix = matrix
      if z < lastZ { ordered = false }
      lastZ = z
      return true
    }
  }

  /// Whether every number of a record is finite. NaN and infinities propagate through the
  /// sum, so one test usually settles it; a sum of huge finite values needs the long way.
  /// Position, scale and rotation are not summed: the matrix is made of them by sums and
  /// products, which keep a NaN or an infinity (a zero factor turns one into NaN), so a
  /// finite matrix means they are finite too. Without `style`, the style's numbers (kept
  /// from an earlier frame, and tested then) are not read.
  /// Through a pointer: taking the state by value (or borrowing it from a pointer) copied
  /// it with memcpy for every instance.
  @inline(__always)
  static func isFinite(_ state: UnsafePointer<NodeState>, opacity: Double, _ m: AffineTransform, style: Bool)
    -> Bool
  {
    var sum = opacity + m.a + m.b + m.c + m.d + m.tx + m.ty
    if style { sum += state.pointee.lineWidth + state.pointee.strokeStart + state.pointee.strokeEnd }
    if sum.isFinite { return true }
    let s = state.pointee
    return [opacity, s.lineWidth, s.strokeStart, s.strokeEnd, m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite)
  }
}
