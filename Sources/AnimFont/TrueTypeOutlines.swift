import AnimMath

/// TrueType outlines: `glyf` glyphs located by `loca`, simple (quadratic contours) and
/// composite (other glyphs under 2×2 transforms and offsets), as a `Path` in font units
/// with y up.
///
/// A contour is emitted as fontTools' `glyf` drawing does, so the two can be compared
/// segment for segment: it starts at its first on-curve point, two off-curve points in a
/// row imply the on-curve point midway, the final line back to the start is left to
/// `close`, and a contour with no on-curve point starts midway between its last and first
/// points. A simple glyph is shifted horizontally so that its `xMin` lands on its `hmtx`
/// left side bearing (the phantom-point convention of FreeType and fontTools; fonts set
/// them equal, and where they differ the metrics are the ones hinting was made for).
struct TrueTypeOutlines: Sendable {
  private let glyf: ByteView
  private let loca: ByteView
  private let longOffsets: Bool
  private let numGlyphs: Int
  private let metrics: Metrics

  /// Composite nesting deeper than this is an error: it bounds a glyph that includes
  /// itself, directly or through others.
  static let maxDepth = 8
  /// At most this many points in one glyph after composites are expanded: a composite
  /// tree of repeated references could otherwise grow exponentially.
  static let maxPoints = 100_000
  /// At most this many component references are followed in one glyph, repeats served
  /// from the memo included: empty components add no points, so without this bound a
  /// small tree of them (40 references per level, 8 levels) means 40⁸ visits.
  static let maxVisits = 100_000

  init(tables: TableDirectory, metrics: Metrics) throws(FontError) {
    glyf = try tables.required("glyf")
    loca = try tables.required("loca")
    longOffsets = metrics.indexToLocFormat != 0
    numGlyphs = metrics.numGlyphs
    self.metrics = metrics
    try loca.check(0, (numGlyphs + 1) * (longOffsets ? 4 : 2))
  }

  private func range(_ glyph: Int) throws(FontError) -> (Int, Int) {
    guard glyph >= 0, glyph < numGlyphs else { throw glyf.fail("glyph \(glyph) is beyond the \(numGlyphs) glyphs") }
    let start = longOffsets ? try loca.u32(4 * glyph) : 2 * (try loca.u16(2 * glyph))
    let end = longOffsets ? try loca.u32(4 * glyph + 4) : 2 * (try loca.u16(2 * glyph + 2))
    guard start <= end else { throw loca.fail("glyph \(glyph) ends before it starts") }
    return (start, end - start)
  }

  func outline(_ glyph: Int) throws(FontError) -> Path {
    var work = Expansion()
    var contours: [[(Point, Bool)]] = []
    try collect(glyph, transform: (1, 0, 0, 1, 0, 0), depth: 0, work: &work, into: &contours)
    var path = Path()
    for contour in contours { Self.emit(contour, into: &path) }
    return path
  }

  private typealias Transform = (Double, Double, Double, Double, Double, Double)

  /// A glyph under one transform: what `collect` produces depends on nothing else.
  private struct Use: Hashable {
    let glyph: Int
    let a: UInt64, b: UInt64, c: UInt64, d: UInt64, e: UInt64, f: UInt64
    init(_ glyph: Int, _ t: Transform) {
      self.glyph = glyph
      (a, b, c, d, e, f) = (
        t.0.bitPattern, t.1.bitPattern, t.2.bitPattern, t.3.bitPattern, t.4.bitPattern, t.5.bitPattern
      )
    }
  }

  /// The work of expanding one glyph: the points so far, the component visits so far,
  /// and each expanded use's contours with how deep its composite tree goes, so a
  /// component used again under the same transform is copied, not expanded again.
  private struct Expansion {
    var points = 0
    var visits = 0
    var memo: [Use: (contours: [[(Point, Bool)]], points: Int, height: Int)] = [:]
  }

  private func apply(_ t: Transform, _ x: Double, _ y: Double) -> Point {
    Point(t.0 * x + t.2 * y + t.4, t.1 * x + t.3 * y + t.5)
  }

  /// Appends the contours of `glyph` (points with their on-curve flags), transformed,
  /// from the memo when this use was expanded before. Returns how many levels of
  /// composites lie below `glyph` (0 for a simple or empty glyph).
  @discardableResult
  private func collect(
    _ glyph: Int, transform: Transform, depth: Int, work: inout Expansion, into contours: inout [[(Point, Bool)]]
  ) throws(FontError) -> Int {
    work.visits += 1
    guard work.visits <= Self.maxVisits else {
      throw glyf.fail("glyph \(glyph) refers to components more than \(Self.maxVisits) times")
    }
    let use = Use(glyph, transform)
    if let known = work.memo[use] {
      try checkDepth(depth + known.height)
      try addPoints(known.points, glyph, &work)
      contours.append(contentsOf: known.contours)
      return known.height
    }
    let before = (contours.count, work.points)
    let height = try expand(glyph, transform: transform, depth: depth, work: &work, into: &contours)
    // The glyph asked for is not a component of itself (that would nest for ever).
    if depth > 0 { work.memo[use] = (Array(contours[before.0...]), work.points - before.1, height) }
    return height
  }

  private func checkDepth(_ depth: Int) throws(FontError) {
    guard depth <= Self.maxDepth else {
      throw glyf.fail("composite glyphs nest deeper than \(Self.maxDepth) (a glyph that includes itself?)")
    }
  }

  private func addPoints(_ more: Int, _ glyph: Int, _ work: inout Expansion) throws(FontError) {
    work.points += more
    guard work.points <= Self.maxPoints else {
      throw glyf.fail("glyph \(glyph) has more than \(Self.maxPoints) points")
    }
  }

  /// `collect` without the memo: reads the glyph and expands its components.
  private func expand(
    _ glyph: Int, transform: Transform, depth: Int, work: inout Expansion, into contours: inout [[(Point, Bool)]]
  ) throws(FontError) -> Int {
    try checkDepth(depth)
    let (offset, length) = try range(glyph)
    if length == 0 { return 0 }
    let g = try glyf.sub(offset, length)
    let numberOfContours = try g.i16(0)
    if numberOfContours >= 0 {
      let simple = try simpleGlyph(g, contours: numberOfContours)
      try addPoints(simple.reduce(0) { $0 + $1.count }, glyph, &work)
      let xMin = try g.i16(2)
      let shift = Double((metrics.leftSideBearing(glyph) ?? xMin) - xMin)
      for contour in simple {
        contours.append(contour.map { (apply(transform, $0.0.x + shift, $0.0.y), $0.1) })
      }
      return 0
    }
    var at = 10
    var more = true
    var height = 0
    while more {
      let flags = try g.u16(at)
      let component = try g.u16(at + 2)
      at += 4
      let words = flags & 0x0001 != 0
      let xy = flags & 0x0002 != 0
      var arg1: Int
      var arg2: Int
      if words {
        arg1 = xy ? try g.i16(at) : try g.u16(at)
        arg2 = xy ? try g.i16(at + 2) : try g.u16(at + 2)
        at += 4
      } else {
        arg1 = try g.u8(at)
        arg2 = try g.u8(at + 1)
        if xy {
          arg1 = arg1 >= 128 ? arg1 - 256 : arg1
          arg2 = arg2 >= 128 ? arg2 - 256 : arg2
        }
        at += 2
      }
      var m: (Double, Double, Double, Double) = (1, 0, 0, 1)
      func f2dot14(_ o: Int) throws(FontError) -> Double { Double(try g.i16(o)) / 16384 }
      if flags & 0x0008 != 0 {
        let s = try f2dot14(at)
        m = (s, 0, 0, s)
        at += 2
      } else if flags & 0x0040 != 0 {
        m = (try f2dot14(at), 0, 0, try f2dot14(at + 2))
        at += 4
      } else if flags & 0x0080 != 0 {
        m = (try f2dot14(at), try f2dot14(at + 2), try f2dot14(at + 4), try f2dot14(at + 6))
        at += 8
      }
      more = flags & 0x0020 != 0
      // The component in the parent's frame: its own matrix, then the parent's transform.
      let t = transform
      let combined: Transform = (
        t.0 * m.0 + t.2 * m.1, t.1 * m.0 + t.3 * m.1,
        t.0 * m.2 + t.2 * m.3, t.1 * m.2 + t.3 * m.3, 0, 0
      )
      var child: [[(Point, Bool)]] = []
      let below = try collect(component, transform: combined, depth: depth + 1, work: &work, into: &child)
      height = max(height, below + 1)
      let shift: Point
      if xy {
        shift = apply(t, Double(arg1), Double(arg2))
      } else {
        // Point matching: the child's point arg2 lands on the parent's point arg1.
        let parent = contours.flatMap { $0 }
        let mine = child.flatMap { $0 }
        guard arg1 < parent.count, arg2 < mine.count else {
          throw glyf.fail("glyph \(glyph) matches a point that does not exist")
        }
        shift = parent[arg1].0 - mine[arg2].0
      }
      for contour in child { contours.append(contour.map { ($0.0 + shift, $0.1) }) }
    }
    return height
  }

  /// The contours of a simple glyph, in font units.
  private func simpleGlyph(_ g: ByteView, contours n: Int) throws(FontError) -> [[(Point, Bool)]] {
    var ends: [Int] = []
    for i in 0..<n {
      let e = try g.u16(10 + 2 * i)
      guard e >= (ends.last ?? -1) else { throw g.fail("contour end points decrease") }
      ends.append(e)
    }
    let count = (ends.last ?? -1) + 1
    let instructions = try g.u16(10 + 2 * n)
    var at = 12 + 2 * n + instructions
    var flags: [Int] = []
    flags.reserveCapacity(count)
    while flags.count < count {
      let f = try g.u8(at)
      at += 1
      flags.append(f)
      if f & 0x08 != 0 {
        let repeats = try g.u8(at)
        at += 1
        for _ in 0..<min(repeats, count - flags.count) { flags.append(f) }
      }
    }
    func coordinates(short: Int, same: Int) throws(FontError) -> [Double] {
      var values: [Double] = []
      values.reserveCapacity(count)
      var v = 0
      for f in flags {
        if f & short != 0 {
          let d = try g.u8(at)
          at += 1
          v += f & same != 0 ? d : -d
        } else if f & same == 0 {
          v += try g.i16(at)
          at += 2
        }
        values.append(Double(v))
      }
      return values
    }
    let xs = try coordinates(short: 0x02, same: 0x10)
    let ys = try coordinates(short: 0x04, same: 0x20)
    var result: [[(Point, Bool)]] = []
    var start = 0
    for e in ends {
      // A contour that ends where the previous one ended has no points (end points may
      // repeat; `emit` skips the empty contour): a half-open range, never start > end.
      result.append((start..<e + 1).map { (Point(xs[$0], ys[$0]), flags[$0] & 1 != 0) })
      start = e + 1
    }
    return result
  }

  /// Appends one contour as fontTools' pens draw it (see the type's comment).
  static func emit(_ contour: [(Point, Bool)], into path: inout Path) {
    guard !contour.isEmpty else { return }
    func mid(_ a: Point, _ b: Point) -> Point { Point(0.5 * (a.x + b.x), 0.5 * (a.y + b.y)) }
    var points: [(Point, Bool)]
    if let first = contour.firstIndex(where: { $0.1 }) {
      // Rotate so that the contour ends at its first on-curve point, the start.
      points = Array(contour[(first + 1)...] + contour[...first])
      path.segments.append(.move(to: points[points.count - 1].0))
    } else {
      let start = mid(contour[contour.count - 1].0, contour[0].0)
      path.segments.append(.move(to: start))
      points = contour + [(start, true)]
    }
    var pending: Point?
    for (i, (p, on)) in points.enumerated() {
      if on {
        if let c = pending {
          path.segments.append(.quad(control: c, to: p))
          pending = nil
        } else if i < points.count - 1 {
          path.segments.append(.line(to: p))
        }
      } else {
        if let c = pending { path.segments.append(.quad(control: c, to: mid(c, p))) }
        pending = p
      }
    }
    path.segments.append(.close)
  }
}
