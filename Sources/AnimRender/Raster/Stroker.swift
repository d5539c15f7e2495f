import AnimMath

/// Turns polylines into the polygons whose union is their stroke, with Core Animation's
/// shape-layer defaults: butt caps and miter joins with limit 10, falling back to bevel.
///
/// The accumulation rasterizer takes `min(1, |winding area|)` per pixel, which is the
/// union only where pieces do not overlap inside a partly covered pixel: overlapping
/// pieces along an antialiased edge would make it too dark. So at a gentle corner (all
/// of a flattened curve's) neighbouring segments are cut along the corner's bisector
/// into trapezoids that tile the stroke exactly, the outer miter included. Only at a
/// sharp corner, where such a cut would run past a neighbouring segment, does a segment
/// keep square ends and a separate join wedge. All pieces wind the same way, so the
/// non-zero rule unions them.
enum Stroker {
  /// A segment: start, end, unit direction, length.
  typealias Segment = (p: Point, q: Point, d: Point, len: Double)

  /// CAShapeLayer's default `miterLimit`.
  static let miterLimit = 10.0

  /// Appends the stroke polygons of `lines` at `width` to `out`. Nothing for a width
  /// that is zero, negative or not finite. `scratch` holds one strip's left side.
  static func stroke(
    _ lines: Polylines, width: Double, into out: inout Polylines, scratch: inout [Point]
  ) {
    guard width > 0, width.isFinite else { return }
    let hw = width / 2
    // Trapezoids joined at smooth corners are emitted as one strip polygon: the right
    // side forward, then the left side back (positive area, like every other piece).
    // Their shared cuts would cancel in the accumulation anyway; leaving them out
    // halves the edges to deposit.
    var stripStart = -1
    func flush() {
      guard stripStart >= 0 else { return }
      out.points.append(contentsOf: scratch.reversed())
      out.runs.append(
        Polylines.Run(start: stripStart, count: out.points.count - stripStart, closed: true))
      stripStart = -1
      scratch.removeAll(keepingCapacity: true)
    }
    for run in lines.runs where run.count >= 2 {
      let segments = run.closed ? run.count : run.count - 1
      // Segment k runs from point k to point k + 1 (wrapping when closed).
      func segment(_ k: Int) -> Segment? {
        guard run.closed || (k >= 0 && k < segments) else { return nil }
        let i = ((k % segments) + segments) % segments
        let p = lines.points[run.start + i]
        let q = lines.points[run.start + (i + 1) % run.count]
        let len = p.distance(to: q)
        guard len > 0, len.isFinite else { return nil }
        return (p, q, (q - p) / len, len)
      }
      var previous = segment(-1)
      var current = segment(0)
      for k in 0..<segments {
        let next = segment(k + 1)
        defer {
          previous = current
          current = next
        }
        guard let seg = current else { continue }
        let (l0, r0, smoothStart) = cut(at: seg.p, previous, seg, hw, ending: false)
        if stripStart < 0 || !smoothStart {
          flush()
          stripStart = out.points.count
          out.points.append(r0)
          scratch.append(l0)
        }
        let (l1, r1, smoothEnd) = cut(at: seg.q, seg, next, hw, ending: true)
        out.points.append(r1)
        scratch.append(l1)
        if !smoothEnd {
          flush()
          if let next { join(at: seg.q, seg.d, next.d, hw, &out) }
        }
      }
      flush()
    }
  }

  /// Where a segment's stroke ends at vertex `p` between `incoming` and `outgoing`
  /// (either nil at an open end): the left and right corners, and whether the cut is
  /// the bisector shared with the neighbour (`smooth`: no join piece needed) rather
  /// than square to the segment being drawn, which is `incoming` when `ending`.
  private static func cut(
    at p: Point, _ incoming: Segment?, _ outgoing: Segment?, _ hw: Double, ending: Bool
  ) -> (Point, Point, Bool) {
    if let a = incoming, let b = outgoing {
      let m = Point(-a.d.y, a.d.x) + Point(-b.d.y, b.d.x)
      let mm = m.dot(m)  // 4·cos²(θ/2) for a turn of θ
      // The bisector cut reaches hw·tan(θ/2) = hw·2·|d0 × d1| / |m|² along each
      // segment; within half of each, the trapezoids stay simple polygons.
      let reach = hw * 2 * abs(a.d.cross(b.d)) / max(mm, 1e-300)
      if mm >= 4 / (miterLimit * miterLimit) && reach <= 0.5 * min(a.len, b.len) {
        // p + m·2hw/|m|² lies on both segments' offset lines: the miter corner.
        let corner = m * (2 * hw / mm)
        return (p + corner, p - corner, true)
      }
    }
    let d = (ending ? incoming?.d : outgoing?.d) ?? Point(1, 0)
    let n = Point(-d.y, d.x) * hw
    return (p + n, p - n, false)
  }

  /// The wedge filling the outer side of the corner at `p` between unit directions
  /// `d0` (incoming) and `d1` (outgoing): a miter when its length is within the limit,
  /// else a bevel. The inner side is already covered by the overlapping rectangles.
  private static func join(
    at p: Point, _ d0: Point, _ d1: Point, _ hw: Double, _ out: inout Polylines
  ) {
    let cross = d0.cross(d1)
    if cross == 0 && d0.dot(d1) > 0 { return }
    let n0 = Point(-d0.y, d0.x)
    let n1 = Point(-d1.y, d1.x)
    // The outer side is the one the path turns away from.
    let side = cross > 0 ? -hw : hw
    let o0 = p + n0 * side
    let o1 = p + n1 * side
    // |n0 + n1| = 2·cos(θ/2) for a turn of θ; the miter's length over the line width is
    // 1/cos(θ/2), so the limit holds while |n0 + n1|² ≥ 4 / limit².
    let b = n0 + n1
    let bb = b.dot(b)
    if bb >= 4 / (miterLimit * miterLimit) {
      let tip = p + b * (2 * side / bb)
      out.addPolygon(p, o0, tip, o1)
    } else {
      out.addPolygon(p, o0, o1)
    }
  }
}
