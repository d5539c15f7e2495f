import AnimJSON
import AnimMath
import AnimModel

/// Lottie's JSON building blocks: animatable properties, shape items and transforms.
///
/// Players are strict about types: integer fields are written from `Int`s (JSON integers,
/// never `300.0`), flags as 0/1 rather than booleans, and colours as 0…1 components.
enum LottieJSON {
  static func int(_ v: Int) -> JSONValue { .number(Double(v)) }

  /// A property: a static value (`a` 0) or keyframes (`a` 1). Scalars are written bare
  /// when static and as one-element arrays in keyframes, as Bodymovin writes them.
  static func property(_ track: LottieTrack, scalar: Bool) -> JSONValue {
    guard track.keys.count > 1 else {
      let value = track.keys.first?.value ?? [0]
      return .object([("a", int(0)), ("k", scalar ? .number(value.first ?? 0) : numbers(value))])
    }
    var keys: [JSONValue] = []
    for (i, key) in track.keys.enumerated() {
      var members: [(String, JSONValue)] = [("t", .number(key.time)), ("s", numbers(key.value))]
      if i < track.keys.count - 1 {
        let e = key.easing
        members.append(("o", .object([("x", numbers([e.x1])), ("y", numbers([e.y1]))])))
        members.append(("i", .object([("x", numbers([e.x2])), ("y", numbers([e.y2]))])))
      }
      keys.append(.object(members))
    }
    return .object([("a", int(1)), ("k", .array(keys))])
  }

  static func fixed(_ value: Double) -> JSONValue { .object([("a", int(0)), ("k", .number(value))]) }

  static func fixed(_ values: [Double]) -> JSONValue { .object([("a", int(0)), ("k", numbers(values))]) }

  static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }

  static func point(_ p: Point) -> JSONValue { numbers([p.x, p.y]) }

  /// A path shape item (`sh`) holding one subpath.
  static func path(_ bezier: LottieBezier, name: String) -> JSONValue {
    .object([
      ("ty", .string("sh")), ("nm", .string(name)),
      (
        "ks",
        .object([
          ("a", int(0)),
          (
            "k",
            .object([
              ("c", .bool(bezier.closed)),
              ("v", .array(bezier.vertices.map(point))),
              ("i", .array(bezier.inTangents.map(point))),
              ("o", .array(bezier.outTangents.map(point))),
            ])
          ),
        ])
      ),
    ])
  }

  /// The identity transform that closes every group's item list.
  static let groupTransform: JSONValue = .object([
    ("ty", .string("tr")), ("p", fixed([0, 0])), ("a", fixed([0, 0])), ("s", fixed([100, 100])),
    ("r", fixed(0)), ("o", fixed(100)), ("sk", fixed(0)), ("sa", fixed(0)),
  ])

  static func group(_ name: String, _ items: [JSONValue]) -> JSONValue {
    .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [groupTransform]))])
  }
}
