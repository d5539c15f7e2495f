import AnimMath
import Foundation
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

/// The vocabulary's declarations: each built-in and property once, consistent with the
/// specification's tables, and the committed editor grammars generated from them.
struct VocabularyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func everyBuiltinEntryIsItsOwnCase() {
    for b in Builtin.allCases { #expect(b.spec.builtin == b, "\(b)") }
  }

  /// The spellings users may call, as §11 lists them (springs are one word).
  @Test func functionNamesAreTheSpecsList() {
    let spec: Set<String> = [
      "floor", "ceil", "round", "sqrt", "min", "max", "abs", "clamp", "lerp", "sin", "cos", "tan", "atan2", "random",
      "randomInt", "choose", "rgb", "rgba", "hsl", "mix", "heart", "circle", "ellipse", "rect", "star", "polygon",
      "line", "quad", "cubic", "arc", "polyline", "parabola", "cubicBezier", "steps", "spring", "translate", "rotate",
      "scale", "image",
      // §12.2
      "linearGradient", "radialGradient",
      // §12.4
      "text",
      // §15
      "motion", "polar",
      "randomPoint",
      // §16
      "distance",
    ]
    #expect(Set(Vocabulary.functionNames) == spec)
    #expect(Vocabulary.functionNames.count == spec.count)
  }

  /// Each labelled parameter appears in the documented form, so hover and the checker
  /// cannot drift apart.
  @Test func documentedFormsNameTheLabels() {
    for spec in Vocabulary.builtins where spec.kind != .hidden {
      for p in spec.parameters {
        guard let label = p.label else { continue }
        #expect(spec.form.contains(label), "`\(spec.name)(\(spec.form))` does not show `\(label)`")
      }
    }
  }

  /// Only the draws from the random stream are not constant (§2, §7).
  @Test func stages() {
    let perRun = Set(Vocabulary.builtins.filter { $0.stage == .perRun }.map(\.name))
    #expect(perRun == ["random", "randomInt", "choose", "randomPoint", "randomPointInRect"])
  }

  /// §6.1's table and §6.3's defaults, copied from the specification, against the
  /// declarations and the defaults node state starts with.
  @Test func propertiesFollowTheSpecTable() {
    let table: [(String, AnimType, Value)] = [
      ("position", .point, .point(.zero)), ("x", .number, .number(0)), ("y", .number, .number(0)),
      ("scale", .number, .number(1)), ("scaleX", .number, .number(1)), ("scaleY", .number, .number(1)),
      ("rotation", .angle, .number(0)), ("opacity", .number, .number(1)), ("fill", .color, .color(.black)),
      ("stroke", .color, .color(.clear)), ("lineWidth", .number, .number(1)), ("strokeStart", .number, .number(0)),
      ("strokeEnd", .number, .number(1)),
      // §12.1: "rotationX and rotationY (Angle, default 0) and perspective (Number, …; default 0 = none)".
      ("rotationX", .angle, .number(0)), ("rotationY", .angle, .number(0)), ("perspective", .number, .number(0)),
      // §14: "`doubleSided false` (a fixed property, default true …)".
      ("doubleSided", .bool, .bool(true)),
      // §15: "`blend .normal | .additive` (a fixed style …; default `.normal`)" and
      // "`blur R` (animatable Number, default 0 …)".
      ("blend", .enumeration(.blendMode), .enumCase("normal")), ("blur", .number, .number(0)),
    ]
    #expect(Vocabulary.properties.map(\.name) == table.map(\.0))
    let state = NodeState()
    for (spec, row) in zip(Vocabulary.properties, table) {
      #expect(spec.type == row.1, "\(row.0)")
      // §6.1: "Fixed (not animatable) style, v0.4: `doubleSided true|false`".
      #expect(spec.isAnimatable == !["doubleSided", "blend"].contains(row.0), "\(row.0)")
      // The default a node starts with: what node state holds at the declared slots.
      #expect("\(Self.value(state, at: spec.slots, as: row.2))" == "\(row.2)", "\(row.0)")
    }
  }

  /// The value node state holds at `slots`, in the shape of `example`.
  static func value(_ state: NodeState, at slots: Range<Int>, as example: Value) -> Value {
    switch example {
    case .point: return .point(Point(state[slots.lowerBound], state[slots.lowerBound + 1]))
    case .color: return .color(state.color(at: slots.lowerBound))
    case .bool: return .bool(state[slots.lowerBound] != 0)
    // An enum's default is its first case, held as index 0.
    case .enumCase: return state[slots.lowerBound] == 0 ? example : .number(state[slots.lowerBound])
    default: return .number(state[slots.lowerBound])
    }
  }

  @Test func colourAndTimingNamesAreUnique() {
    let names = NamedValues.colors.map(\.name) + NamedValues.timings.map(\.name)
    #expect(Set(names).count == names.count)
  }

  /// The committed grammars are what their templates give with today's vocabulary. When
  /// this fails, run `swift run animc-grammar` and commit the grammars.
  @Test func committedGrammarsAreGenerated() throws {
    for file in GrammarLists.files {
      let template = try String(contentsOf: Self.root.appendingPathComponent(file.template), encoding: .utf8)
      let committed = try String(contentsOf: Self.root.appendingPathComponent(file.output), encoding: .utf8)
      let generated = try GrammarLists.fill(template, separator: file.separator)
      #expect(committed == generated, "\(file.output) is stale: run `swift run animc-grammar`")
      for list in GrammarLists.lists where template.contains("@\(list.name)@") {
        #expect(!committed.contains("@\(list.name)@"))
      }
    }
  }

  @Test func fillKeepsOtherAtSignsAndRejectsUnknownLists() throws {
    #expect(
      try GrammarLists.fill("a @Spell b \\@<= @colorNames@", separator: "|").hasSuffix(
        "black|white|clear|red|green|blue|yellow|orange|pink|purple|gray"))
    #expect(try GrammarLists.fill("x @Spell\ny @Spell", separator: "|") == "x @Spell\ny @Spell")
    #expect(throws: GrammarLists.UnknownMarker.self) { try GrammarLists.fill("@nosuchlist@", separator: "|") }
  }
}
