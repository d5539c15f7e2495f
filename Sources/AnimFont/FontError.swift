/// Why a font could not be read or found. Every reader returns one of these for bad
/// input instead of trapping: a font file is input, and input may be hostile.
package enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, not a regular file, permissions).
  case unreadable(path: String, reason: String)
  /// The bytes are not an OpenType/TrueType font or collection.
  case notAFont(String)
  /// A required table is absent.
  case missingTable(String)
  /// A table is present but its contents are inconsistent (a read past its end, a bad
  /// count or offset, an unknown format, a limit exceeded); the text names the place.
  case malformed(table: String, reason: String)
  /// A collection has no face with this index.
  case noSuchFace(index: Int, count: Int)
  /// No installed font has this family name; `installed` are the families found, for
  /// suggestions.
  case unknownFamily(String, installed: [String])
  /// A text's glyphs together have more outline points than one text may have
  /// (`TextLayout.maxPoints`): each glyph is bounded, but not how often it is repeated.
  case textTooLarge(limit: Int)

  package var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read font file '\(path)': \(reason)"
    case .notAFont(let reason): return "not a font file: \(reason)"
    case .missingTable(let tag): return "the font has no '\(tag)' table"
    case .malformed(let table, let reason): return "corrupt '\(table)' table: \(reason)"
    case .noSuchFace(let index, let count):
      return "the collection has \(count) face\(count == 1 ? "" : "s"); there is no face \(index)"
    case .unknownFamily(let name, let installed):
      let list = installed.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
      return "no installed font family is named '\(name)'" + (installed.isEmpty ? "" : "; installed: \(list)")
    case .textTooLarge(let limit):
      return "the text's outline has more than \(limit) points, the most one text may have"
    }
  }
}
