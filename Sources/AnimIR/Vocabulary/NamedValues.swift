import AnimMath
import AnimModel

/// A predefined name that stands for a value: a colour (§1) or a timing curve (§5).
package struct NamedValue<V: Sendable>: Sendable {
  package let name: String
  package let value: V
  /// How the documentation shows it (a colour's hex, a curve's definition).
  package let doc: String
}

/// UIKit's named colours (§1) and the named timing curves (§5), declared once.
package enum NamedValues {
  private static func color(_ name: String, _ hex: String, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255)
    -> NamedValue<Color>
  {
    NamedValue(name: name, value: Color(rgba8: r, g, b, a), doc: hex)
  }

  package static let colors: [NamedValue<Color>] = [
    color("black", "#000000", 0, 0, 0), color("white", "#FFFFFF", 255, 255, 255),
    color("clear", "#00000000", 0, 0, 0, 0), color("red", "#FF0000", 255, 0, 0),
    color("green", "#00FF00", 0, 255, 0), color("blue", "#0000FF", 0, 0, 255),
    color("yellow", "#FFFF00", 255, 255, 0), color("orange", "#FF8000", 255, 128, 0),
    color("pink", "#FF2D55", 255, 45, 85), color("purple", "#800080", 128, 0, 128),
    color("gray", "#808080", 128, 128, 128),
  ]

  package static let timings: [NamedValue<TimingFunction>] = [
    NamedValue(name: "linear", value: .linear, doc: "`p = u`. The default timing of an animation without `timing`."),
    NamedValue(name: "easeIn", value: .easeIn, doc: "`cubicBezier(0.42, 0, 1, 1)`"),
    NamedValue(name: "easeOut", value: .easeOut, doc: "`cubicBezier(0, 0, 0.58, 1)`"),
    NamedValue(name: "easeInOut", value: .easeInOut, doc: "`cubicBezier(0.42, 0, 0.58, 1)` (alias `easeInEaseOut`)"),
    NamedValue(
      name: "easeInEaseOut", value: .easeInOut, doc: "`cubicBezier(0.42, 0, 0.58, 1)` (alias of `easeInOut`)"),
    NamedValue(
      name: "default", value: .ease,
      doc: "`cubicBezier(0.25, 0.1, 0.25, 1)`: Core Animation's `default`, CSS `ease` (alias `ease`)"),
    NamedValue(name: "ease", value: .ease, doc: "`cubicBezier(0.25, 0.1, 0.25, 1)` (alias of `default`)"),
  ]
}
