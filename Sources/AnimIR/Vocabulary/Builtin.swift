import AnimModel

/// Every built-in function and constructor (§11), as the IR names it. What each one is
/// (spelling, parameters, result, evaluation, documentation) is its `BuiltinSpec`, declared
/// once in `Builtins+Math.swift`, `Builtins+Shapes.swift`, `Builtins+Timing.swift`,
/// `Builtins+Gradients.swift` or `Builtins+Emission.swift`.
///
/// A new built-in is a case here, its line in `spec`, and its entry: the switch below is
/// exhaustive, so a case without an entry does not compile.
package enum Builtin: String, Sendable, CaseIterable {
  // Math (§2)
  case floor, ceil, round, sqrt, min, max, abs, clamp, lerp, sin, cos, tan, atan2
  /// `distance(P, Q)` (§16).
  case distance
  // Random
  case random, randomInt, choose
  // Colours
  case rgb, rgba, hsl, mix
  // Shapes (§3.1)
  case heart, circle, ellipse, rect, star, polygon
  // Paths (§4)
  case line, quad, cubic, arc, polyline, parabola
  // Timing (§5)
  case cubicBezier, steps
  /// spring(damping, velocity)
  case springUIKit
  /// spring(duration, bounce)
  case springDuration
  /// spring(response, dampingFraction)
  case springResponse
  /// spring(mass, stiffness, damping, velocity)
  case springMass
  // Instance transforms (§3.2)
  case translate, rotate, scale
  /// A Path where a Shape is wanted (§3.1): the shape `shape { … }` of its commands. Not a
  /// function users call; the checker inserts it.
  case shapeOfPath
  // Gradients (§12.2)
  case linearGradient, radialGradient
  /// Text (§12.4): a shape of glyph outlines.
  case text
  // Images (§12.3)
  case image
  // Motion (§15)
  case motion, polar
  // Emission shapes (§15): `randomPoint(in:)`, `randomPoint(on:)`; the checker records
  // `in: rect(w, h)` as `randomPointInRect`.
  case randomPointIn, randomPointOn, randomPointInRect

  /// This built-in's declaration. Entries are shared references, so asking costs no copy.
  package var spec: BuiltinSpec {
    switch self {
    case .floor: return MathBuiltins.floor
    case .ceil: return MathBuiltins.ceil
    case .round: return MathBuiltins.round
    case .sqrt: return MathBuiltins.sqrt
    case .min: return MathBuiltins.min
    case .max: return MathBuiltins.max
    case .abs: return MathBuiltins.abs
    case .clamp: return MathBuiltins.clamp
    case .lerp: return MathBuiltins.lerp
    case .sin: return MathBuiltins.sin
    case .cos: return MathBuiltins.cos
    case .tan: return MathBuiltins.tan
    case .atan2: return MathBuiltins.atan2
    case .distance: return MathBuiltins.distance
    case .random: return MathBuiltins.random
    case .randomInt: return MathBuiltins.randomInt
    case .choose: return MathBuiltins.choose
    case .rgb: return MathBuiltins.rgb
    case .rgba: return MathBuiltins.rgba
    case .hsl: return MathBuiltins.hsl
    case .mix: return MathBuiltins.mix
    case .heart: return ShapeBuiltins.heart
    case .circle: return ShapeBuiltins.circle
    case .ellipse: return ShapeBuiltins.ellipse
    case .rect: return ShapeBuiltins.rect
    case .star: return ShapeBuiltins.star
    case .polygon: return ShapeBuiltins.polygon
    case .line: return ShapeBuiltins.line
    case .quad: return ShapeBuiltins.quad
    case .cubic: return ShapeBuiltins.cubic
    case .arc: return ShapeBuiltins.arc
    case .polyline: return ShapeBuiltins.polyline
    case .parabola: return ShapeBuiltins.parabola
    case .cubicBezier: return TimingBuiltins.cubicBezier
    case .steps: return TimingBuiltins.steps
    case .springUIKit: return TimingBuiltins.springUIKit
    case .springDuration: return TimingBuiltins.springDuration
    case .springResponse: return TimingBuiltins.springResponse
    case .springMass: return TimingBuiltins.springMass
    case .translate: return TimingBuiltins.translate
    case .rotate: return TimingBuiltins.rotate
    case .scale: return TimingBuiltins.scale
    case .shapeOfPath: return ShapeBuiltins.shapeOfPath
    case .linearGradient: return GradientBuiltins.linearGradient
    case .radialGradient: return GradientBuiltins.radialGradient
    case .text: return TextBuiltins.text
    case .image: return ImageBuiltins.image
    case .motion: return MotionBuiltins.motion
    case .polar: return MotionBuiltins.polar
    case .randomPointIn: return EmissionBuiltins.randomPointIn
    case .randomPointOn: return EmissionBuiltins.randomPointOn
    case .randomPointInRect: return EmissionBuiltins.randomPointInRect
    }
  }
}
