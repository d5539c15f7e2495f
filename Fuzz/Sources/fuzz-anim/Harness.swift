import AnimKit
import FuzzSupport

/// The lexer, parser and checker on arbitrary source text (not necessarily UTF-8: invalid
/// bytes decode to U+FFFD as a file read would). No fonts or images are read from disk:
/// the scene's only resources are the empty provider's.
@main enum FuzzAnim {
  static func main() {
    fuzzMain { bytes in
      let source = String(decoding: bytes, as: UTF8.self)
      let compilation = compile(source: source, fileName: "fuzz.anim", resources: ResourceProvider())
      _ = compilation.renderedDiagnostics()
    }
  }
}
