/// A half-open range of UTF-8 byte offsets into one source file.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public var start: Int
  public var end: Int

  @inlinable public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  public var isEmpty: Bool { start == end }
  public var length: Int { end - start }
  public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }
  public var description: String { "\(start)..<\(end)" }
}

/// A 1-based line and column (in Unicode scalars), as people read them.
@usableFromInline package struct LineColumn: Hashable, Sendable {
  @usableFromInline package var line: Int
  @usableFromInline package var column: Int
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A 0-based line and character offset, as the Language Server Protocol counts them.
@usableFromInline package struct LSPPosition: Hashable, Sendable {
  @usableFromInline package var line: Int
  @usableFromInline package var character: Int
  package init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// How an LSP client counts characters within a line.
@usableFromInline package enum PositionEncoding: String, Sendable {
  case utf16 = "utf-16"
  case utf8 = "utf-8"
}
