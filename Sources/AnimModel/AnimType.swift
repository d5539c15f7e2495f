/// The types of `.anim` expressions (§2). `.error` is the type of an expression already
/// reported: it is compatible with everything, so one mistake gives one diagnostic.
@usableFromInline package indirect enum AnimType: Equatable, Sendable, CustomStringConvertible {
  case number, duration, angle, point, color, bool, string, path, shape, timing, transform
  /// A linear or radial gradient (§12.2), given to `fill` or `stroke`.
  case gradient
  /// A §15 motion (`motion(velocity: …)`), the value of `animate position with`.
  case motion
  case range(AnimType)
  case list(AnimType)
  case enumeration(EnumKind)
  /// `.name` before its enum is known from context.
  case enumLiteral(String)
  case error

  @usableFromInline package var description: String {
    switch self {
    case .number: return "Number"
    case .duration: return "Duration"
    case .angle: return "Angle"
    case .point: return "Point"
    case .color: return "Color"
    case .bool: return "Bool"
    case .string: return "String"
    case .path: return "Path"
    case .shape: return "Shape"
    case .timing: return "Timing"
    case .transform: return "Transform"
    case .gradient: return "Gradient"
    case .motion: return "Motion"
    case .range(let t): return "Range<\(t)>"
    case .list(let t): return "List<\(t)>"
    case .enumeration(let k): return k.typeName
    case .enumLiteral(let n): return "enum case `.\(n)`"
    case .error: return "<error>"
    }
  }

  /// Whether this is the type of an already-reported mistake (cheaper than `==`).
  @inlinable package var isError: Bool {
    if case .error = self { return true }
    return false
  }

  /// Whether this is `.name` before its enum is known.
  @inlinable package var isEnumLiteral: Bool {
    if case .enumLiteral = self { return true }
    return false
  }

  /// The type with its article, for messages: "a Duration", "an Angle".
  package var withArticle: String { Self.withArticle(description) }

  /// `word` after "a", or "an" before a vowel: "an Interpolation", "an emitter".
  package static func withArticle(_ word: String) -> String {
    (word.first.map { "AEIOUaeiou".contains($0) } ?? false ? "an " : "a ") + word
  }

  /// Written out so that comparing two plain types (nearly every comparison) is one
  /// integer test; the derived `==` copied both sides first.
  @inlinable package static func == (a: AnimType, b: AnimType) -> Bool {
    if let x = a.plainIndex, let y = b.plainIndex { return x == y }
    switch (a, b) {
    case (.range(let x), .range(let y)), (.list(let x), .list(let y)): return x == y
    case (.enumeration(let x), .enumeration(let y)): return x == y
    case (.enumLiteral(let x), .enumLiteral(let y)): return x == y
    default: return false
    }
  }

  /// A number for each case without a payload, nil for the others: comparing two of
  /// these is cheaper than the derived `==`, which copies both sides.
  @inlinable package var plainIndex: Int? {
    switch self {
    case .number: return 0
    case .duration: return 1
    case .angle: return 2
    case .point: return 3
    case .color: return 4
    case .bool: return 5
    case .string: return 6
    case .path: return 7
    case .shape: return 8
    case .timing: return 9
    case .transform: return 10
    case .error: return 11
    case .gradient: return 12
    case .motion: return 13
    case .range, .list, .enumeration, .enumLiteral: return nil
    }
  }

  /// `Range<element>`. A payload case is a new box each time it is made: the ranges of
  /// plain types (`random(0..10)`) are made once and shared.
  package static func range(of element: AnimType) -> AnimType {
    guard let i = element.plainIndex else { return .range(element) }
    return plainRanges[i]
  }

  private static let plainRanges: [AnimType] = {
    let plain: [AnimType] = [
      .number, .duration, .angle, .point, .color, .bool, .string, .path, .shape, .timing, .transform, .error,
      .gradient, .motion,
    ]
    var ranges = [AnimType](repeating: .error, count: plain.count)
    for t in plain { if let i = t.plainIndex { ranges[i] = .range(t) } }
    return ranges
  }()

  /// Duration, Angle and Point: the quantities of the unit algebra (§2).
  @inlinable package var isQuantity: Bool { self == .duration || self == .angle || self == .point }

  /// Whether a value of this type can stand where `expected` is wanted.
  @inlinable package func fits(_ expected: AnimType) -> Bool {
    if isError || expected.isError { return true }
    // Most checks compare two plain types; only these need to look inside a case.
    if let a = plainIndex, let b = expected.plainIndex { return a == b }
    switch (self, expected) {
    case (.enumLiteral(let name), .enumeration(let kind)): return kind.cases.contains(name)
    case (.range(let a), .range(let b)), (.list(let a), .list(let b)): return a.fits(b)
    default: return self == expected
    }
  }
}

/// The closed sets written as `.case` (§4, §6, §11).
@usableFromInline package enum EnumKind: String, Sendable, CaseIterable {
  case parabolaType, fillMode, interpolation, pacing, alongRotation, stepPosition
  /// §12.4's `weight:` (SwiftUI's names) and `align:`.
  case fontWeight, textAlignment
  /// §15's `blend`: its cases are its declaration's (`PropertySpec.values`).
  case blendMode

  @usableFromInline package var cases: [String] {
    switch self {
    case .parabolaType: return ["up", "downUp", "upDown"]
    case .fillMode: return ["removed", "forwards", "backwards", "both"]
    case .interpolation: return ["linear", "discrete", "paced", "cubic", "spline"]
    case .pacing: return ["paced", "linear"]
    case .alongRotation: return ["auto", "autoReverse"]
    case .stepPosition: return ["start", "end"]
    case .fontWeight: return ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    case .textAlignment: return ["leading", "center", "trailing"]
    case .blendMode: return Property.blend.spec.values.map(\.name)
    }
  }

  package var typeName: String {
    switch self {
    case .parabolaType: return "ParabolaType"
    case .fillMode: return "FillMode"
    case .interpolation: return "Interpolation"
    case .pacing: return "Pacing"
    case .alongRotation: return "Rotation"
    case .stepPosition: return "StepPosition"
    case .fontWeight: return "FontWeight"
    case .textAlignment: return "TextAlignment"
    case .blendMode: return "BlendMode"
    }
  }
}

/// When an expression can be evaluated (§2): later stages may use earlier ones.
@usableFromInline package enum Stage: Int, Comparable, Sendable {
  case constant = 0
  case perRun, perSpawn

  @inlinable package static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }

  package var word: String {
    switch self {
    case .constant: return "constant"
    case .perRun: return "per run"
    case .perSpawn: return "per spawn"
    }
  }
}
