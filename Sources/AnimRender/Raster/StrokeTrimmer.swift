import AnimMath

/// `strokeStart` / `strokeEnd` (§6.1): keeps the part of an outline between two fractions
/// of its total length, measured along the flattened polylines from where the outline
/// starts (closing segments count). A subpath kept whole stays closed, so its joins
/// stay joined; a cut subpath becomes open and gets butt caps.
enum StrokeTrimmer {
  /// True when `start…end` keeps everything, so the caller can skip trimming.
  static func keepsAll(start: Double, end: Double) -> Bool {
    clampUnit(start) <= 0 && clampUnit(end) >= 1
  }

  /// Appends to `out` the part of `lines` between fractions `start` and `end` (each
  /// clamped to 0…1; nothing when start ≥ end).
  static func trim(_ lines: Polylines, start: Double, end: Double, into out: inout Polylines) {
    let s = clampUnit(start)
    let e = clampUnit(end)
    guard s < e else { return }
    var total = 0.0
    for run in lines.runs { total += length(of: run, in: lines.points) }
    guard total > 0, total.isFinite else { return }
    let from = s * total
    let to = e * total
    // Lengths are sums of the same terms in both passes, so a run kept whole compares
    // exactly; the slack only absorbs the products s·total and e·total.
    let slack = total * 1e-12
    var offset = 0.0
    for run in lines.runs {
      let len = length(of: run, in: lines.points)
      defer { offset += len }
      let a = max(from, offset)
      let b = min(to, offset + len)
      guard b > a else { continue }
      if from <= offset + slack && to >= offset + len - slack {
        out.runs.append(
          Polylines.Run(start: out.points.count, count: run.count, closed: run.closed))
        out.points.append(contentsOf: lines.points[run.start..<run.start + run.count])
      } else {
        extract(run, from: a - offset, to: b - offset, lines.points, &out)
      }
    }
  }

  /// The length of one run, including the closing segment when closed.
  static func length(of run: Polylines.Run, in points: [Point]) -> Double {
    guard run.count > 1 else { return 0 }
    var len = 0.0
    for i in run.start..<run.start + run.count - 1 {
      len += points[i].distance(to: points[i + 1])
    }
    if run.closed {
      len += points[run.start + run.count - 1].distance(to: points[run.start])
    }
    return len
  }

  /// Appends the open piece of `run` from arc length `a` to `b` (0 ≤ a < b ≤ its length).
  private static func extract(
    _ run: Polylines.Run, from a: Double, to b: Double, _ points: [Point], _ out: inout Polylines
  ) {
    let segments = run.closed ? run.count : run.count - 1
    var walked = 0.0
    var started = false
    for k in 0..<segments {
      let p = points[run.start + k]
      let q = points[run.start + (k + 1) % run.count]
      let len = p.distance(to: q)
      let next = walked + len
      defer { walked = next }
      guard len > 0 else { continue }
      if !started {
        guard a < next || k == segments - 1 else { continue }
        out.begin(p.lerp(to: q, min(1, max(0, (a - walked) / len))))
        started = true
      }
      if b <= next || k == segments - 1 {
        out.add(p.lerp(to: q, min(1, max(0, (b - walked) / len))))
        return
      }
      out.add(q)
    }
  }
}
