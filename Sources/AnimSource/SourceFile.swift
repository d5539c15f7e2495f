import AnimThreads
import Foundation

/// One `.anim` source text: its bytes, its name and its line table.
package struct SourceFile: Sendable {
  /// The name diagnostics print (a path as given, or `<stdin>`).
  package let name: String
  package let bytes: [UInt8]
  private let lineTable = LazyLineTable()
  /// Length of a leading UTF-8 byte-order mark, which the lexer skips (§1).
  package let bomLength: Int

  package init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    self.bomLength = LineTable.bomLength(bytes)
  }

  /// Where each line starts, made on first use: only positions shown to a person or an
  /// editor need it, and a large file checked without diagnostics never does (building
  /// it would be a serial step of `animc check` that no output reads).
  package var lines: LineTable { lineTable.table(for: bytes) }

  package init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// The text of `range`, decoded leniently (invalid UTF-8 becomes U+FFFD).
  package func text(_ range: SourceRange) -> String {
    let r = clamp(range)
    return String(decoding: bytes[r.start..<r.end], as: UTF8.self)
  }

  /// `range` moved inside the file, so a bad range can never trap.
  package func clamp(_ range: SourceRange) -> SourceRange {
    let s = min(max(range.start, 0), bytes.count)
    let e = min(max(range.end, s), bytes.count)
    return SourceRange(start: s, end: e)
  }

  package func lineColumn(_ offset: Int) -> LineColumn { lines.lineColumn(offset, in: bytes) }

  package func lspPosition(_ offset: Int, encoding: PositionEncoding = .utf16) -> LSPPosition {
    lines.lspPosition(offset, in: bytes, encoding: encoding)
  }

  package func offset(of position: LSPPosition, encoding: PositionEncoding = .utf16) -> Int {
    lines.offset(of: position, in: bytes, encoding: encoding)
  }

  /// The bytes of line `index` (0-based) without its terminator.
  package func lineText(_ index: Int) -> String {
    let r = lines.lineRange(index, in: bytes)
    return String(decoding: bytes[r.start..<r.end], as: UTF8.self)
  }
}

/// A file's line table, made once by whichever thread first asks.
private final class LazyLineTable: Sendable {
  private let made = Locked<LineTable?>(nil)

  func table(for bytes: [UInt8]) -> LineTable {
    made.withLock { made in
      if let table = made { return table }
      let table = LineTable(bytes: bytes)
      made = table
      return table
    }
  }
}
