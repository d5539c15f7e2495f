import AnimIR
import AnimModel
import AnimSyntax

/// The editor grammars' word lists, from the vocabulary. The grammars are written from
/// templates in `grammar/templates/` whose `@name@` markers stand for these lists, by
/// `swift run animc-grammar`; a test fails when a committed grammar differs from what its
/// template gives, so a new built-in or property reaches the editors without a hand edit.
package enum GrammarLists {
  /// Each list's marker name and words, in the order the grammars try them.
  package static let lists: [(name: String, words: [String])] = [
    ("builtinFunctions", builtins(.function) + builtins(.color) + builtins(.transform)),
    ("constructors", builtins(.shape) + builtins(.path)),
    ("timingFunctions", builtins(.timing)),
    ("timingNames", NamedValues.timings.map(\.name)),
    ("colorNames", NamedValues.colors.map(\.name)),
    // `fill` is also a property: the grammars make it a clause only before an enum case.
    // `timing` is a declaration word that is also a clause.
    ("clauses", Word.allCases.filter { $0.isClauseWord && $0 != .fill }.map(\.spelling) + ["timing"]),
    (
      "statementProperties",
      Vocabulary.properties.map(\.name) + Vocabulary.placementWords + Vocabulary.sceneSettings
    ),
    ("pathCommands", [Word.move, .line, .quad, .cubic, .arc, .close].map(\.spelling)),
    ("inputEvents", [Word.tap, .drag, .pause, .resume, .speed].map(\.spelling)),
    // Statements that hold or make others; §16's `live`, `emit`, `if` and `else` among them.
    ("controlWords", [Word.animate, .group, .sequence, .spawn, .live, .emit, .if, .else].map(\.spelling)),
    // What follows `on` in a node's block (§16).
    ("dragBlocks", [Word.drag, .release].map(\.spelling)),
    ("languageVariables", [Word.`self`, .trigger, .scene, .drag].map(\.spelling)),
    ("instanceWords", [Word.transform, .delay, .color, .offset].map(\.spelling)),
    ("offsetChannels", Vocabulary.offsetChannels),
  ]

  /// The templates and the grammars written from them, relative to the package root, with
  /// how each joins a list's words into a regex alternation.
  package static let files: [(template: String, output: String, separator: String)] = [
    ("grammar/templates/anim.tmLanguage.json.in", "grammar/anim.tmLanguage.json", "|"),
    ("grammar/templates/anim.vim.in", "grammar/vim/syntax/anim.vim", "\\|"),
  ]

  package struct UnknownMarker: Error, CustomStringConvertible {
    package let name: String
    package var description: String { "unknown list `@\(name)@` in a grammar template" }
  }

  /// `template` with each `@name@` replaced by that list joined with `separator`. An `@`
  /// not followed by a list's name and `@` is kept as written; a marker-shaped word that
  /// names no list is an error.
  package static func fill(_ template: String, separator: String) throws(UnknownMarker) -> String {
    var out = ""
    var rest = Substring(template)
    while let at = rest.firstIndex(of: "@") {
      out += rest[..<at]
      let after = rest[rest.index(after: at)...]
      guard let end = after.firstIndex(of: "@"), !after[..<end].isEmpty,
        after[..<end].allSatisfy({ $0.isLetter || $0.isNumber })
      else {
        out.append("@")
        rest = after
        continue
      }
      let name = String(after[..<end])
      guard let list = lists.first(where: { $0.name == name }) else { throw UnknownMarker(name: name) }
      out += list.words.joined(separator: separator)
      rest = after[after.index(after: end)...]
    }
    return out + rest
  }

  private static func builtins(_ kind: BuiltinKind) -> [String] {
    var seen: Set<String> = []
    return Vocabulary.documentedBuiltins.filter { $0.kind == kind && seen.insert($0.name).inserted }.map(\.name)
  }
}
