import AnimMath
import AnimSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The C library's functions, named so that no `Builtin` case (`.sin`, …) shadows them
// inside `Builtins`. Glibc and Darwin both provide the unqualified names.
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmTan(_ x: Double) -> Double { tan(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// The built-in functions and constructors of §2, §3.1, §4, §5 and §11.
enum Builtins {
  static func call(_ b: Builtin, _ args: [Expr], _ range: SourceRange, _ ctx: inout EvaluationContext)
    throws(EvaluationError)
    -> Value
  {
    // Paths whose `from:` was omitted wait for the instance's position (§4).
    if b.startsAtInstance, case .instanceStart = args.first, ctx.instanceStart == nil {
      var rest: [Value] = []
      for a in args.dropFirst() { rest.append(try Evaluator.evaluate(a, &ctx)) }
      let captured = rest
      return .deferredPath(
        DeferredPath { start in ([.point(start)] + captured).withUnsafeBufferPointer { path(b, $0) } })
    }
    let result: Value
    if let drawn = try randomInRange(b, args, &ctx) {
      result = drawn
    } else {
      result = try applyEvaluated(b, args, &ctx)
    }
    try Evaluator.requireFinite(result, range, "`\(b.rawValue)` gave no number")
    return result
  }

  /// `random(a…b)` or `randomInt(a…b)` with the range written in the call: the bounds are
  /// evaluated in order and drawn between, without a range value or an argument list to
  /// allocate (every spawn of a random particle calls it). Nil for any other call.
  private static func randomInRange(
    _ b: Builtin, _ args: [Expr], _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value? {
    guard b == .random || b == .randomInt, args.count == 1, case .range(let low, let high) = args[0] else { return nil }
    let lo = try Evaluator.evaluate(low, &ctx).number
    let hi = try Evaluator.evaluate(high, &ctx).number
    return .number(b == .random ? ctx.random.uniform(lo, hi) : ctx.random.int(lo, hi))
  }

  /// Evaluates the arguments in order and applies `b` to them. They are held in scratch
  /// memory (on the stack for a few), not an array: a spawn calls built-ins several times.
  private static func applyEvaluated(
    _ b: Builtin, _ args: [Expr], _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value {
    try withUnsafeTemporaryAllocation(of: Value.self, capacity: args.count) {
      (scratch: UnsafeMutableBufferPointer<Value>) throws(EvaluationError) -> Value in
      var count = 0
      defer { scratch.baseAddress?.deinitialize(count: count) }
      for a in args {
        scratch.initializeElement(at: count, to: try Evaluator.evaluate(a, &ctx))
        count += 1
      }
      return try apply(b, UnsafeBufferPointer(scratch), &ctx)
    }
  }

  static func apply(
    _ b: Builtin, _ v: UnsafeBufferPointer<Value>, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value {
    func n(_ i: Int) -> Double { i < v.count ? v[i].number : .nan }
    switch b {
    case .floor: return .number(n(0).rounded(.down))
    case .ceil: return .number(n(0).rounded(.up))
    case .round: return .number(n(0).rounded(.toNearestOrAwayFromZero))
    case .sqrt: return .number(n(0).squareRoot())
    case .abs: return componentwise(v) { Swift.abs($0[0]) }
    case .min: return componentwise(v) { Swift.min($0[0], $0[1]) }
    case .max: return componentwise(v) { Swift.max($0[0], $0[1]) }
    case .clamp: return componentwise(v) { Swift.min(Swift.max($0[0], $0[1]), $0[2]) }
    case .lerp:
      let t = n(2)
      return componentwise(UnsafeBufferPointer(rebasing: v.prefix(2))) { $0[0] + ($0[1] - $0[0]) * t }
    case .sin: return .number(libmSin(radians(fromDegrees: n(0))))
    case .cos: return .number(libmCos(radians(fromDegrees: n(0))))
    case .tan: return .number(libmTan(radians(fromDegrees: n(0))))
    case .atan2: return .number(degrees(fromRadians: libmAtan2(n(0), n(1))))
    case .random, .randomInt:
      guard case .range(let lo, let hi) = v.first else { return .number(.nan) }
      return .number(b == .random ? ctx.random.uniform(lo.number, hi.number) : ctx.random.int(lo.number, hi.number))
    case .choose:
      return v.isEmpty ? .number(.nan) : v[ctx.random.chooseIndex(v.count)]
    case .rgb: return .color(Color(r: n(0) / 255, g: n(1) / 255, b: n(2) / 255))
    case .rgba: return .color(Color(r: n(0) / 255, g: n(1) / 255, b: n(2) / 255, a: n(3)))
    case .hsl: return .color(hsl(n(0), n(1), n(2)))
    case .mix:
      guard v.count == 3 else { return .number(.nan) }
      return .color(v[0].color.lerp(to: v[1].color, n(2)))
    case .heart: return .shape(ShapeValue(outline: .heart(width: n(0), height: n(1))))
    case .circle: return .shape(ShapeValue(outline: .circle(radius: n(0))))
    case .ellipse: return .shape(ShapeValue(outline: .ellipse(width: n(0), height: n(1))))
    case .rect: return .shape(ShapeValue(outline: .rect(width: n(0), height: n(1), corner: n(2))))
    case .star: return .shape(ShapeValue(outline: .star(points: safeInt(n(0)), outer: n(1), inner: n(2))))
    case .polygon: return .shape(ShapeValue(outline: .polygon(points(v.first))))
    case .line, .quad, .cubic, .arc, .polyline, .parabola: return .path(path(b, v))
    case .cubicBezier: return .timing(.cubicBezier(n(0), n(1), n(2), n(3)))
    case .steps:
      let position: TimingFunction.StepPosition = enumName(v.count > 1 ? v[1] : nil) == "start" ? .start : .end
      return .timing(.steps(safeInt(n(0)), position))
    case .springUIKit: return .timing(.spring(.uiKit(damping: n(0), velocity: n(1))))
    case .springDuration: return .timing(.spring(Spring(duration: n(0), bounce: n(1))))
    case .springResponse: return .timing(.spring(Spring(response: n(0), dampingFraction: n(1))))
    case .springMass: return .timing(.spring(Spring(mass: n(0), stiffness: n(1), damping: n(2), velocity: n(3))))
    case .translate: return .transform(.translation(n(0), n(1)))
    case .rotate: return .transform(.rotation(radians(fromDegrees: n(0))))
    case .scale: return .transform(.scale(n(0), v.count > 1 ? n(1) : n(0)))
    case .shapeOfPath:
      switch v.first {
      case .path(let p)?: return .shape(ShapeValue(outline: .unshifted(p)))
      // A path whose `from:` was left to the instance: its outline starts at its own origin.
      case .deferredPath(let d)?: return .shape(ShapeValue(outline: .unshifted(d.build(.zero))))
      default: return .number(.nan)
      }
    }
  }

  /// A count from a Double, clamped so NaN or a huge value cannot trap.
  static func safeInt(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    return Int(Swift.max(-1e9, Swift.min(1e9, d.rounded(.down))))
  }

  /// Numbers, or points component by component (§2: min/max/abs/clamp/lerp).
  static func componentwise(_ v: UnsafeBufferPointer<Value>, _ f: ([Double]) -> Double) -> Value {
    if v.contains(where: { if case .point = $0 { return true } else { return false } }) {
      let xs = v.map { if case .point(let p) = $0 { return p.x } else { return $0.number } }
      let ys = v.map { if case .point(let p) = $0 { return p.y } else { return $0.number } }
      return .point(Point(f(xs), f(ys)))
    }
    return .number(f(v.map(\.number)))
  }

  static func points(_ v: Value?) -> [Point] {
    guard case .list(let items) = v else { return [] }
    return items.map(\.point)
  }

  static func enumName(_ v: Value?) -> String? {
    if case .enumCase(let name) = v { return name }
    return nil
  }

  /// The path constructors of §4, arguments in parameter order.
  static func path(_ b: Builtin, _ v: UnsafeBufferPointer<Value>) -> Path {
    func p(_ i: Int) -> Point { i < v.count ? v[i].point : .zero }
    func n(_ i: Int) -> Double { i < v.count ? v[i].number : .nan }
    var builder = PathBuilder()
    switch b {
    case .line, .quad, .cubic: builder.reserveCapacity(2)  // a move and the curve
    default: break
    }
    switch b {
    case .line:
      builder.move(to: p(0))
      builder.line(to: p(1))
    case .quad:
      builder.move(to: p(0))
      builder.quad(control: p(1), to: p(2))
    case .cubic:
      builder.move(to: p(0))
      builder.cubic(c1: p(1), c2: p(2), to: p(3))
    case .arc:
      let clockwise: Bool
      if v.count > 4, case .bool(let c) = v[4] { clockwise = c } else { clockwise = true }
      builder.arc(
        Arc(
          center: p(0), radius: n(1), start: radians(fromDegrees: n(2)), end: radians(fromDegrees: n(3)),
          clockwise: clockwise))
    case .polyline:
      for (i, point) in points(v.first).enumerated() {
        if i == 0 { builder.move(to: point) } else { builder.line(to: point) }
      }
    case .parabola:
      let type: ParabolaType
      switch enumName(v.count > 3 ? v[3] : nil) {
      case "downUp": type = .downUp
      case "upDown": type = .upDown
      default: type = .up
      }
      return Path.parabola(from: p(0), to: p(1), height: n(2), type: type)
    default: break
    }
    return builder.path
  }

  /// `hsl(h, s, l)` with h in degrees and s, l as fractions (written `s%`).
  static func hsl(_ h: Double, _ s: Double, _ l: Double) -> Color {
    let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
    let sat = Swift.min(Swift.max(s, 0), 1)
    let light = Swift.min(Swift.max(l, 0), 1)
    let q = light < 0.5 ? light * (1 + sat) : light + sat - light * sat
    let p = 2 * light - q
    func channel(_ t0: Double) -> Double {
      var t = t0
      if t < 0 { t += 1 }
      if t > 1 { t -= 1 }
      if t < 1.0 / 6 { return p + (q - p) * 6 * t }
      if t < 0.5 { return q }
      if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
      return p
    }
    return Color(r: channel(hue + 1.0 / 3), g: channel(hue), b: channel(hue - 1.0 / 3))
  }
}

/// `path { … }` commands (§4): an `arc` after other commands joins with a line.
enum PathCommands {
  static func build(_ commands: [PathCommand], _ ctx: inout EvaluationContext) throws(EvaluationError) -> Path {
    var builder = PathBuilder()
    for c in commands {
      var v: [Value] = []
      for a in c.arguments { v.append(try Evaluator.evaluate(a, &ctx)) }
      func p(_ i: Int) -> Point { i < v.count ? v[i].point : .zero }
      func n(_ i: Int) -> Double { i < v.count ? v[i].number : .nan }
      switch c.kind {
      case .move: builder.move(to: p(0))
      case .line: builder.line(to: p(0))
      case .quad: builder.quad(control: p(0), to: p(1))
      case .cubic: builder.cubic(c1: p(0), c2: p(1), to: p(2))
      case .arc:
        builder.arc(
          Arc(
            center: p(0), radius: n(1), start: radians(fromDegrees: n(2)), end: radians(fromDegrees: n(3)),
            clockwise: !c.counterClockwise))
      case .close: builder.close()
      }
    }
    return builder.path
  }
}

extension Builtin {
  /// The path constructors whose start (`from:`) may be the instance's position (§4).
  var startsAtInstance: Bool {
    switch self {
    case .line, .quad, .cubic, .parabola: return true
    default: return false
    }
  }
}
