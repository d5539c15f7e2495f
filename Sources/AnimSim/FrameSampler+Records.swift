import AnimMath
import AnimModel

// Writing a cohort's records: rotation and opacity finished, the matrix, the finite test.

extension FrameSampler {
  /// The members' records: composed values with the `along` rotation on top, opacity
  /// clamped, and the matrix (§9), two members at a time: one `sinCos` on two lanes gives
  /// both rotations' sines and cosines. Returns the index of a member with a value that
  /// is not finite, if any (its record and those after it are left unfinished).
  /// `styleKept`: every record holds its style from an earlier frame, already found finite.
  mutating func write(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ extras: [Double], styleKept: Bool,
    into records: inout [NodeFrame]
  ) -> Int? {
    // Counted in locals, stored once.
    var record = RecordWriter(
      base: written, lastZ: lastZ, checksStyle: !styleKept, placed: live[cohort.first].placement != nil)
    defer {
      lastZ = record.lastZ
      if !record.ordered { ordered = false }
    }
    let count = cohort.count
    // The next pair's sines and cosines are taken before this pair's records are
    // written: the polynomials are a chain of dependent operations, which the processor
    // then works through while it writes, rather than waiting for them.
    var turns = Self.turns(records, written, extras, from: 0, count)
    var r = 0
    while r < count {
      let current = turns
      if r &+ 2 < count { turns = Self.turns(records, written, extras, from: r &+ 2, count) }
      guard
        record.write(
          live, cohort.first &+ r, r, rotation: current.rotation[0], sin: current.sin[0], cos: current.cos[0], &records,
          &depths)
      else {
        written &+= r
        return r
      }
      let n = r &+ 1
      if n < count {
        guard
          record.write(
            live, cohort.first &+ n, n, rotation: current.rotation[1], sin: current.sin[1], cos: current.cos[1],
            &records, &depths)
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
  /// and cosines (a zero rotation stands in for a member past `count`); their records
  /// are `base + r` and `base + r + 1`.
  @inline(__always)
  private static func turns(_ records: [NodeFrame], _ base: Int, _ extras: [Double], from r: Int, _ count: Int) -> (
    rotation: SIMD2<Double>, sin: SIMD2<Double>, cos: SIMD2<Double>
  ) {
    let rotation = records[base &+ r].state.rotation + extras[r]
    let next = r &+ 1 < count ? records[base &+ r &+ 1].state.rotation + extras[r &+ 1] : 0
    let (sines, cosines) = sinCos(degrees: SIMD2(rotation, next))
    return (SIMD2(rotation, next), sines, cosines)
  }

  /// Writes records from `base`, noting whether z never decreased.
  struct RecordWriter {
    let base: Int
    var lastZ: Double
    var ordered = true
    /// Whether the style's numbers are tested too (they are unless no record changed them).
    let checksStyle: Bool
    /// Whether the members are replicator copies (a cohort's are all or none).
    let placed: Bool

    init(base: Int, lastZ: Double, checksStyle: Bool, placed: Bool) {
      self.base = base
      self.lastZ = lastZ
      self.checksStyle = checksStyle
      self.placed = placed
    }

    /// Record `base + r`, of instance `m` with its composed state (in the record) whose
    /// rotation is `rotation` with the `along` rotation added; false if a value is not
    /// finite. A 3-D member's matrix goes to the end of `depths`, the record taking its
    /// place there.
    @inline(__always)
    mutating func write(
      _ live: ContiguousArray<LiveInstance>, _ m: Int, _ r: Int, rotation: Double, sin: Double, cos: Double,
      _ records: inout [NodeFrame], _ depths: inout DepthColumn
    ) -> Bool {
      let w = base &+ r
      let opacity = min(max(records[w].state.opacity, 0), 1)
      records[w].state.rotation = rotation
      records[w].state.opacity = opacity
      var matrix = Simulator.localMatrix(
        position: records[w].state.position, scaleX: records[w].state.scaleX, scaleY: records[w].state.scaleY,
        boxOrigin: live[m].boxOrigin, sin: sin, cos: cos)
      if placed, let placement = live[m].placement { matrix = placement.prefix * matrix }
      guard FrameSampler.isFinite(records[w].state, opacity: opacity, matrix, style: checksStyle) else { return false }
      // A 2-D member's record has no matrix3d already (`FrameSampler.fill`).
      let z = live[m].z
      records[w].matrix = matrix
      if live[m].is3D {
        guard let m3 = FrameSampler.depthMatrix(live[m], records[w].state) else { return false }
        depths.append(m3)
        records[w].placeDepth(at: depths.count &- 1)
        records[w].decideFacing(matrix3d: m3)
      } else {
        records[w].decideFacing(singleSided: live[m].singleSided)
      }
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
  @inline(__always)
  static func isFinite(_ state: borrowing NodeState, opacity: Double, _ m: AffineTransform, style: Bool) -> Bool {
    var sum = opacity + m.a + m.b + m.c + m.d + m.tx + m.ty
    if style { sum += state.lineWidth + state.strokeStart + state.strokeEnd }
    if sum.isFinite { return true }
    return [opacity, state.lineWidth, state.strokeStart, state.strokeEnd, m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(
      \.isFinite)
  }
}
