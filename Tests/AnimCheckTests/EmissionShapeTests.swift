import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// `randomPoint(in:)` and `randomPoint(on:)` (§15). Each uniformity test checks a source
/// line, takes the lowered expression of its `let` and evaluates it 100,000 times through
/// one random stream (§7): the real built-in on the real stream. The sample's statistic is
/// computed by hand from the shape's geometry, and a one-sample Kolmogorov–Smirnov test
/// against the uniform distribution must give p > 0.01.
@Suite struct EmissionShapeTests {
  static let draws = 100_000

  /// The lowered value of `let p = SOURCE` (no errors allowed).
  private func lowered(_ value: String) throws -> Expr {
    let file = SourceFile(name: "emission.anim", text: "let p = \(value)\n")
    let analysis = analyze(file)
    #expect(!analysis.hasErrors, "\(describe(analysis.diagnostics, in: file))")
    let ir = try #require(analysis.ir)
    return try #require(ir.globals.first { $0.name == "p" }).value
  }

  /// `count` points drawn by evaluating `e` repeatedly on one stream.
  private func points(_ e: Expr, count: Int = draws, seed: UInt64 = 7) throws -> [Point] {
    var ctx = EvaluationContext(random: RandomStream(seed: seed, name: "sparks"))
    var out: [Point] = []
    out.reserveCapacity(count)
    for _ in 0..<count {
      guard case .point(let p) = try Evaluator.evaluate(e, &ctx) else {
        Issue.record("randomPoint did not give a Point")
        return []
      }
      out.append(p)
    }
    return out
  }

  @Test("in: circle(r): r²/R² is uniform on 0…1, and no point lies outside")
  func insideCircle() throws {
    let r = 40.0
    let pts = try points(try lowered("randomPoint(in: circle(40))"))
    let s = pts.map { ($0.x * $0.x + $0.y * $0.y) / (r * r) }
    #expect(s.allSatisfy { $0 >= 0 && $0 <= 1 + 1e-12 })
    let p = KolmogorovSmirnov.uniformPValue(s)
    #expect(p > 0.01, "KS p = \(p)")
  }

  @Test("on: circle(r): the angle is uniform on 0…2π and the distance is r")
  func onCircle() throws {
    let r = 25.0
    let pts = try points(try lowered("randomPoint(on: circle(25))"))
    #expect(pts.allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - r) < 1e-9 })
    let angles = pts.map { p -> Double in
      let a = atan2(p.y, p.x)
      return (a < 0 ? a + 2 * .pi : a) / (2 * .pi)
    }
    let p = KolmogorovSmirnov.uniformPValue(angles)
    #expect(p > 0.01, "KS p = \(p)")
  }

  @Test("in: rect(w, h): x/w + ½ and y/h + ½ are each uniform on 0…1")
  func insideRect() throws {
    let pts = try points(try lowered("randomPoint(in: rect(120, 30))"))
    let xs = pts.map { $0.x / 120 + 0.5 }
    let ys = pts.map { $0.y / 30 + 0.5 }
    #expect(xs.allSatisfy { $0 >= 0 && $0 < 1 } && ys.allSatisfy { $0 >= 0 && $0 < 1 })
    let px = KolmogorovSmirnov.uniformPValue(xs)
    let py = KolmogorovSmirnov.uniformPValue(ys)
    #expect(px > 0.01 && py > 0.01, "KS p = \(px), \(py)")
  }

  @Test("in: ellipse(w, h): (2x/w)² + (2y/h)² is uniform on 0…1")
  func insideEllipse() throws {
    let pts = try points(try lowered("randomPoint(in: ellipse(60, 20))"), count: 20_000)
    let s = pts.map { (2 * $0.x / 60) * (2 * $0.x / 60) + (2 * $0.y / 20) * (2 * $0.y / 20) }
    let p = KolmogorovSmirnov.uniformPValue(s)
    #expect(p > 0.01, "KS p = \(p)")
  }

  /// `heart(36)` as §3.1 builds it: p = 4, r = floor(28/4) = 7, B = (18, 32),
  /// L = (4, floor(36/2.4)) = (4, 15); left quad B → L with control (4, 22), arcs of
  /// radius 7 centred at (11, 15) and (25, 15) over the top, right quad (32, 15) → B with
  /// control (32, 22); the close adds nothing. The box's centre is (18, 18).
  @Test("on: heart(36): the arc length of each point, measured here, is uniform on 0…L")
  func onHeart() throws {
    let pts = try points(try lowered("randomPoint(on: heart(36))"))
    let heart = HeartArcLength()
    let fractions = pts.map { heart.fraction(at: Point($0.x + 18, $0.y + 18)) }
    let p = KolmogorovSmirnov.uniformPValue(fractions)
    #expect(p > 0.01, "KS p = \(p)")
  }

  @Test("a Path is taken as its outline: polyline's two equal segments share the draws")
  func onPath() throws {
    // polyline((0, 0), (10, 0), (10, 10)): open, L = 20; box 10 × 10, centre (5, 5).
    let pts = try points(try lowered("randomPoint(on: polyline([(0, 0), (10, 0), (10, 10)]))"), count: 2_000)
    let lengths = pts.map { p -> Double in
      let q = Point(p.x + 5, p.y + 5)
      return abs(q.y) < 1e-9 ? q.x : 10 + q.y
    }
    #expect(pts.allSatisfy { abs($0.y + 5) < 1e-9 || abs($0.x - 5) < 1e-9 })
    #expect(KolmogorovSmirnov.uniformPValue(lengths.map { $0 / 20 }) > 0.01)
  }

  @Test("in: draws u then v from the stream; on: draws u only")
  func drawOrder() throws {
    var stream = RandomStream(seed: 7, name: "sparks")
    let u = stream.unit()
    let v = stream.unit()
    let w = stream.unit()
    let rect = try points(try lowered("randomPoint(in: rect(10, 4))"), count: 1)[0]
    #expect(abs(rect.x - 10 * (u - 0.5)) < 1e-12 && abs(rect.y - 4 * (v - 0.5)) < 1e-12)
    let circle = try points(try lowered("randomPoint(in: circle(3))"), count: 1)[0]
    #expect(abs(circle.x - 3 * u.squareRoot() * cos(2 * .pi * v)) < 1e-12)
    #expect(abs(circle.y - 3 * u.squareRoot() * sin(2 * .pi * v)) < 1e-12)
    // Three `on:` draws take u, v and w. The rectangle's outline starts at its top-left
    // corner and runs clockwise: L = 32, and the box's centre is (4, 4).
    func perimeter(_ s: Double) -> Point {
      if s < 8 { return Point(s - 4, -4) }
      if s < 16 { return Point(4, s - 8 - 4) }
      if s < 24 { return Point(8 - (s - 16) - 4, 4) }
      return Point(-4, 8 - (s - 24) - 4)
    }
    let on = try points(try lowered("randomPoint(on: rect(8, 8))"), count: 3)
    for (point, draw) in zip(on, [u, v, w]) {
      let expected = perimeter(32 * draw)
      #expect(abs(point.x - expected.x) < 1e-9 && abs(point.y - expected.y) < 1e-9, "\(point) vs \(expected)")
    }
  }

  // MARK: Errors

  private func diagnostics(_ value: String) -> [Diagnostic] {
    analyze(SourceFile(name: "emission.anim", text: "let p = \(value)\n")).diagnostics.filter {
      $0.severity == .error
    }
  }

  @Test("in: refuses shapes it cannot fill, with `on:` as the fix")
  func insideRefusesOtherShapes() {
    for shape in ["heart(36)", "star(5, 10, 4)", "rect(10, 10, corner: 2)", "polygon([(0, 0), (4, 0), (0, 4)])"] {
      let errors = diagnostics("randomPoint(in: \(shape))")
      #expect(errors.count == 1, "\(shape): \(errors.map(\.message))")
      #expect(errors.first?.fixes.first?.edits.first?.newText == "on", "\(shape)")
    }
    #expect(diagnostics("randomPoint(in: rect(10, 10, corner: 0))").isEmpty)
    #expect(diagnostics("randomPoint(on: heart(36))").isEmpty)
  }

  @Test("the label is required, and only one shape")
  func labelRequired() {
    let bare = diagnostics("randomPoint(circle(3))")
    #expect(bare.count == 1 && bare.first?.fixes.map { $0.edits.first?.newText } == ["in: ", "on: "])
    #expect(diagnostics("randomPoint(at: circle(3))").count == 1)
    #expect(diagnostics("randomPoint(in: 3)").count == 1)
  }
}

/// The arc length along `heart(36)` (see `EmissionShapeTests.onHeart`) of a point on its
/// outline, as a fraction of the whole, from the pieces' own formulas: an arc's length is
/// r times its swept angle; a quad's comes from a dense table of chord lengths, its
/// parameter from x (each quad's x is monotonic in t).
struct HeartArcLength {
  let r = 7.0
  let bottom = Point(18, 32)
  let left = Point(4, 15)
  let right = Point(32, 15)
  /// Cumulative lengths of each quad at t = i/steps.
  let leftTable: [Double]
  let rightTable: [Double]
  static let steps = 20_000

  init() {
    let control1 = Point(4, 22)
    let control2 = Point(32, 22)
    leftTable = Self.table { t in Self.quad(Point(18, 32), control1, Point(4, 15), t) }
    rightTable = Self.table { t in Self.quad(Point(32, 15), control2, Point(18, 32), t) }
  }

  static func quad(_ a: Point, _ c: Point, _ b: Point, _ t: Double) -> Point {
    let s = 1 - t
    return Point(s * s * a.x + 2 * s * t * c.x + t * t * b.x, s * s * a.y + 2 * s * t * c.y + t * t * b.y)
  }

  static func table(_ f: (Double) -> Point) -> [Double] {
    var out = [0.0]
    var previous = f(0)
    for i in 1...steps {
      let p = f(Double(i) / Double(steps))
      let dx = p.x - previous.x
      let dy = p.y - previous.y
      out.append(out[i - 1] + (dx * dx + dy * dy).squareRoot())
      previous = p
    }
    return out
  }

  static func length(_ table: [Double], at t: Double) -> Double {
    let x = min(max(t, 0), 1) * Double(steps)
    let i = min(Int(x), steps - 1)
    return table[i] + (table[i + 1] - table[i]) * (x - Double(i))
  }

  var total: Double { leftTable[Self.steps] + 2 * .pi * r + rightTable[Self.steps] }

  func fraction(at q: Point) -> Double {
    let leftLength = leftTable[Self.steps]
    let arcLength = Double.pi * r
    let s: Double
    if q.y < left.y - 1e-9 {
      // Over the top: angle from 180° to 360°, clockwise on screen.
      let onFirst = q.x < left.x + 2 * r
      let centre = Point(onFirst ? left.x + r : left.x + 3 * r, left.y)
      var a = atan2(q.y - centre.y, q.x - centre.x)
      if a < 0 { a += 2 * .pi }
      s = leftLength + (onFirst ? 0 : arcLength) + r * (a - .pi)
    } else if q.x < bottom.x {
      // Left quad: x = Lx + (1 − t)²(Bx − Lx).
      let t = 1 - max(0, (q.x - left.x) / (bottom.x - left.x)).squareRoot()
      s = Self.length(leftTable, at: t)
    } else {
      // Right quad: x = Rx + t²(Bx − Rx).
      let t = max(0, (q.x - right.x) / (bottom.x - right.x)).squareRoot()
      s = leftLength + 2 * arcLength + Self.length(rightTable, at: t)
    }
    return s / total
  }
}

/// The one-sample Kolmogorov–Smirnov test against the uniform distribution on 0…1:
/// D = sup |Fₙ − F|, and the asymptotic p-value Q(λ) = 2 Σ (−1)^(k−1) e^(−2k²λ²) with
/// Stephens' correction λ = (√n + 0.12 + 0.11/√n)·D (Numerical Recipes, `ksone`).
enum KolmogorovSmirnov {
  static func statistic(_ sample: [Double]) -> Double {
    let sorted = sample.sorted()
    let n = Double(sorted.count)
    var d = 0.0
    for (i, x) in sorted.enumerated() {
      let f = min(max(x, 0), 1)
      d = max(d, Double(i + 1) / n - f, f - Double(i) / n)
    }
    return d
  }

  static func pValue(d: Double, n: Int) -> Double {
    let root = Double(n).squareRoot()
    let lambda = (root + 0.12 + 0.11 / root) * d
    if lambda < 0.2 { return 1 }
    var sum = 0.0
    var sign = 1.0
    for k in 1...100 {
      let term = sign * exp(-2 * Double(k * k) * lambda * lambda)
      sum += term
      if abs(term) < 1e-12 { break }
      sign = -sign
    }
    return min(max(2 * sum, 0), 1)
  }

  static func uniformPValue(_ sample: [Double]) -> Double {
    pValue(d: statistic(sample), n: sample.count)
  }
}

@Suite struct KolmogorovSmirnovTests {
  @Test("the test itself: a sample on a skewed distribution fails, the statistic is exact")
  func knownCases() {
    // Four points at 1/8, 3/8, 5/8, 7/8: D = 1/8 by hand.
    #expect(abs(KolmogorovSmirnov.statistic([0.125, 0.375, 0.625, 0.875]) - 0.125) < 1e-15)
    // Squares of uniform numbers are not uniform: with 10,000 of them p is tiny.
    let skewed = (0..<10_000).map { (Double($0) + 0.5) / 10_000 }.map { $0 * $0 }
    #expect(KolmogorovSmirnov.uniformPValue(skewed) < 1e-6)
    // Q(λ) at λ = 1 is 0.27 (tables of the Kolmogorov distribution: 1 − K(1) = 0.26999).
    #expect(abs(KolmogorovSmirnov.pValue(d: 1 / (100 + 0.12 + 0.0011), n: 10_000) - 0.26999967) < 1e-6)
  }
}
