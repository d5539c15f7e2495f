import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// A colour given on the command line (`render --matte COLOR`), read exactly as the
/// language reads one (§1): `#RGB`, `#RRGGBB`, `rgb(…)`, `hsl(…)`, a named colour, any
/// colour expression. It is checked as a scene's `background` setting, so the checker's
/// own rules decide what is a colour; the text may not hold anything that would end
/// that setting and add others to the one-line scene.
enum ColorArgument {
  static func parse(_ text: String, option: String) throws(UsageError) -> Color {
    let bad = UsageError(
      message:
        "`\(option)` takes a colour: #RRGGBB, rgb(r, g, b), hsl(h, s%, l%) or a name such as white, not `\(text)`"
    )
    let closing: Set<Character> = ["{", "}", ";", "\n", "\r"]
    guard !text.isEmpty, !text.contains(where: closing.contains), !text.contains("//"), !text.contains("/*") else {
      throw bad
    }
    let analysis = analyze(SourceFile(name: option, text: "scene { background \(text) }\n"))
    guard !analysis.hasErrors, let color = analysis.ir?.settings.background else { throw bad }
    guard color.a >= 1 else {
      throw UsageError(
        message: "`\(option)` takes an opaque colour, not `\(text)`: a GIF's pixels are opaque or not there")
    }
    return color
  }
}
