#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shape's local geometry (§3.1): its closed outline in a box whose top-left is (0, 0).
public struct ShapeOutline: Hashable, Sendable {
  public var path: Path
  public var width: Double
  public var height: Double
  /// The font faces a text's outline was drawn from, as "file#index" in order of first
  /// use (§12.4's dump key); empty for every other shape.
  public var fonts: [String]

  public init(path: Path, width: Double, height: Double, fonts: [String] = []) {
    self.path = path
    self.width = width
    self.height = height
    self.fonts = fonts
  }

  /// Seed 000's heart, exactly: p = 4, r = floor((w − 2p)/4), B = (floor(w/2), h − p),
  /// L = (p, floor(h/2.4)); quad B→L with control (L.x, L.y + r); two half circles of
  /// radius r over the top, centred at (L.x + r, L.y) and (L.x + 3r, L.y); quad back to B
  /// with control (L.x + 4r, L.y + r). Built segment by segment rather than through
  /// `PathBuilder`, whose line to each arc's start would add a rounding-sized `L`.
  public static func heart(width w: Double, height h: Double) -> ShapeOutline {
    let pad = 4.0
    let r = ((w - 2 * pad) / 4).rounded(.down)
    let bottom = Point((w / 2).rounded(.down), h - pad)
    let left = Point(pad, (h / 2.4).rounded(.down))
    let path = Path([
      .move(to: bottom),
      .quad(control: Point(left.x, left.y + r), to: left),
      .arc(Arc(center: Point(left.x + r, left.y), radius: r, start: .pi, end: 0)),
      .arc(Arc(center: Point(left.x + 3 * r, left.y), radius: r, start: .pi, end: 0)),
      .quad(control: Point(left.x + 4 * r, left.y + r), to: bottom),
      .close,
    ])
    return ShapeOutline(path: path, width: w, height: h)
  }

  /// `heart(w)`: a square heart.
  public static func heart(_ w: Double) -> ShapeOutline { heart(width: w, height: w) }

  /// A circle of radius r in a 2r × 2r box, from its rightmost point, clockwise.
  public static func circle(radius r: Double) -> ShapeOutline {
    let arc = Arc(center: Point(r, r), radius: r, start: 0, end: 2 * .pi)
    return ShapeOutline(
      path: Path([.move(to: Point(2 * r, r)), .arc(arc), .close]), width: 2 * r, height: 2 * r)
  }

  /// Bezier approximation of a quarter turn: the control-arm length as a fraction of
  /// the radius, which keeps the curve within 0.03% of the true ellipse.
  private static let kappa = 4 * (2.0.squareRoot() - 1) / 3

  /// An ellipse filling a w × h box, from its rightmost point, clockwise (four cubics,
  /// since `Arc` is circular only).
  public static func ellipse(width w: Double, height h: Double) -> ShapeOutline {
    let c = Point(w / 2, h / 2)
    let rx = w / 2
    let ry = h / 2
    let kx = rx * kappa
    let ky = ry * kappa
    let right = Point(c.x + rx, c.y)
    let bottom = Point(c.x, c.y + ry)
    let left = Point(c.x - rx, c.y)
    let top = Point(c.x, c.y - ry)
    let path = Path([
      .move(to: right),
      .cubic(c1: Point(right.x, right.y + ky), c2: Point(bottom.x + kx, bottom.y), to: bottom),
      .cubic(c1: Point(bottom.x - kx, bottom.y), c2: Point(left.x, left.y + ky), to: left),
      .cubic(c1: Point(left.x, left.y - ky), c2: Point(top.x - kx, top.y), to: top),
      .cubic(c1: Point(top.x + kx, top.y), c2: Point(right.x, right.y - ky), to: right),
      .close,
    ])
    return ShapeOutline(path: path, width: w, height: h)
  }

  /// A w × h rectangle from its top-left corner (after that corner's arc when rounded),
  /// clockwise. The corner radius is clamped to 0…min(w, h)/2.
  public static func rect(width w: Double, height h: Double, corner: Double = 0) -> ShapeOutline {
    let c = corner.isNaN ? 0 : min(max(corner, 0), max(min(w, h) / 2, 0))
    guard c > 0 else {
      let path = Path([
        .move(to: .zero), .line(to: Point(w, 0)), .line(to: Point(w, h)), .line(to: Point(0, h)),
        .close,
      ])
      return ShapeOutline(path: path, width: w, height: h)
    }
    let half = Double.pi / 2
    // Corners clockwise from top-right; each arc turns a quarter, entered by a line.
    let arcs = [
      Arc(center: Point(w - c, c), radius: c, start: -half, end: 0),
      Arc(center: Point(w - c, h - c), radius: c, start: 0, end: half),
      Arc(center: Point(c, h - c), radius: c, start: half, end: 2 * half),
      Arc(center: Point(c, c), radius: c, start: 2 * half, end: 3 * half),
    ]
    let corners = [Point(w - c, 0), Point(w, h - c), Point(c, h), Point(0, c)]
    let sides = [w - 2 * c, h - 2 * c, w - 2 * c, h - 2 * c]
    var segments: [PathSegment] = [.move(to: Point(c, 0))]
    for i in 0..<4 {
      // A side fully taken by its corners (c = w/2 or h/2) draws no line.
      if sides[i] > 0 { segments.append(.line(to: corners[i])) }
      segments.append(.arc(arcs[i]))
    }
    segments.append(.close)
    return ShapeOutline(path: Path(segments), width: w, height: h)
  }

  /// A star with `points` tips on a circle of radius `outer`, alternating with inner
  /// vertices at radius `inner`, centred in a 2·outer square, first tip straight up,
  /// clockwise. Fewer than 2 points draws 2; the count is capped at 100,000.
  public static func star(points: Int, outer: Double, inner: Double) -> ShapeOutline {
    let n = min(max(points, 2), 100_000)
    let centre = Point(outer, outer)
    var segments: [PathSegment] = []
    for i in 0..<(2 * n) {
      // Up is −90° on screen; increasing angle runs clockwise.
      let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
      let radius = i % 2 == 0 ? outer : inner
      let p = Point(centre.x + radius * cos(angle), centre.y + radius * sin(angle))
      segments.append(i == 0 ? .move(to: p) : .line(to: p))
    }
    segments.append(.close)
    return ShapeOutline(path: Path(segments), width: 2 * outer, height: 2 * outer)
  }

  /// A closed polyline through the points as given; the box runs from (0, 0) to the
  /// largest x and y of the outline (points are not shifted).
  public static func polygon(_ points: [Point]) -> ShapeOutline {
    var segments: [PathSegment] = []
    for (i, p) in points.enumerated() { segments.append(i == 0 ? .move(to: p) : .line(to: p)) }
    if !points.isEmpty { segments.append(.close) }
    return unshifted(Path(segments))
  }

  /// A general path's outline (`polygon`, `shape { … }`): the box runs from (0, 0) to
  /// the largest x and y the path reaches (true extents), at least 0.
  public static func unshifted(_ path: Path) -> ShapeOutline {
    let box = path.bounds
    let w = box.map { max($0.maxX, 0) } ?? 0
    let h = box.map { max($0.maxY, 0) } ?? 0
    return ShapeOutline(path: path, width: w.isFinite ? w : 0, height: h.isFinite ? h : 0)
  }
}
