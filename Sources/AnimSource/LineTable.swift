/// Where each line starts, so byte offsets become line/column positions in O(log lines).
/// Lines end at `\n`, `\r\n` or a lone `\r` (as LSP counts them).
package struct LineTable: Sendable {
  /// Byte offset of the first byte of each line; `starts[0] == 0`.
  package let starts: [Int]
  package let bomLength: Int

  package init(bytes: [UInt8]) {
    var starts = [0]
    starts.reserveCapacity(bytes.count / 24 + 1)
    let n = bytes.count
    var i = 0
    while i < n {
      // Eight bytes at a time while none is a line end: most bytes are not.
      if i + 8 <= n {
        let ends = Self.lineEnds(ByteChunks.chunk(bytes, at: i))
        guard ends != 0 else {
          i += 8
          continue
        }
        // Straight to the first marked byte (the chunk was read little-endian, so the
        // lowest mark is the first byte, and the lowest mark is never a false one).
        i += ends.trailingZeroBitCount / 8
      }
      let b = bytes[i]
      if b == 0x0A {
        starts.append(i + 1)
      } else if b == 0x0D {
        if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
        starts.append(i + 1)
      }
      i += 1
    }
    self.starts = starts
    self.bomLength = Self.bomLength(bytes)
    anchors = Self.anchors(starts, bytes)
  }

  /// A place inside a long line, at a character's start, with the characters and UTF-16
  /// units before it on its line.
  struct Anchor: Sendable {
    var offset: Int
    var scalars: Int
    var utf16: Int
  }

  /// Anchors every `anchorSpacing` bytes of each line longer than that, in order: a
  /// column is counted from the nearest one before it rather than from its line's start.
  /// A generated file of one long line with thousands of errors took time in the square
  /// of their number to count their columns.
  let anchors: [Anchor]
  static let anchorSpacing = 4096

  private static func anchors(_ starts: [Int], _ bytes: [UInt8]) -> [Anchor] {
    var anchors: [Anchor] = []
    for line in starts.indices {
      let start = starts[line]
      let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
      var anchor = Anchor(offset: start, scalars: 0, utf16: 0)
      while end - anchor.offset > anchorSpacing {
        let scan = UTF8Scan.scan(bytes, from: anchor.offset, to: anchor.offset + anchorSpacing)
        anchor = Anchor(offset: scan.stop, scalars: anchor.scalars + scan.scalars, utf16: anchor.utf16 + scan.utf16)
        anchors.append(anchor)
      }
    }
    return anchors
  }

  /// Characters and UTF-16 units from `lineStart` to `offset`, counted from the last
  /// anchor between them.
  private func count(from lineStart: Int, to offset: Int, in bytes: [UInt8]) -> (scalars: Int, utf16: Int) {
    var from = Anchor(offset: lineStart, scalars: 0, utf16: 0)
    if !anchors.isEmpty {
      var lo = 0
      var hi = anchors.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if anchors[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0, anchors[lo - 1].offset > lineStart { from = anchors[lo - 1] }
    }
    let rest = UTF8Scan.count(bytes, from: from.offset, to: offset)
    return (from.scalars + rest.scalars, from.utf16 + rest.utf16)
  }

  /// 3 when `bytes` begin with a UTF-8 byte-order mark, else 0.
  package static func bomLength(_ bytes: [UInt8]) -> Int {
    (bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) ? 3 : 0
  }

  package var count: Int { starts.count }

  /// A mark (high bit) in each byte of `chunk` that may be `\n` or `\r`, zero when none
  /// is: the classic has-zero-byte test on the chunk XOR each terminator. It never misses
  /// one, and its lowest mark is always a real one.
  static func lineEnds(_ chunk: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let lf = chunk ^ (ones &* 0x0A)
    let cr = chunk ^ (ones &* 0x0D)
    return ((lf &- ones) & ~lf & highs) | ((cr &- ones) & ~cr & highs)
  }

  /// 0-based index of the line holding `offset`.
  package func lineIndex(_ offset: Int) -> Int {
    var lo = 0
    var hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The byte range of line `index`, without its terminator.
  package func lineRange(_ index: Int, in bytes: [UInt8]) -> SourceRange {
    guard index >= 0, index < starts.count else { return .at(bytes.count) }
    var start = starts[index]
    if index == 0 { start = min(bomLength, bytes.count) }
    var end = index + 1 < starts.count ? starts[index + 1] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return SourceRange(start: start, end: end)
  }

  package func lineColumn(_ offset: Int, in bytes: [UInt8]) -> LineColumn {
    let offset = min(max(offset, 0), bytes.count)
    let line = lineIndex(offset)
    let scalars = count(from: starts[line], to: offset, in: bytes).scalars
    // A byte-order mark is one character (three bytes), and not a column (§1).
    let column = line == 0 && bomLength > 0 ? max(0, scalars - 1) : scalars
    return LineColumn(line: line + 1, column: 1 + column)
  }

  package func lspPosition(_ offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> LSPPosition {
    let offset = min(max(offset, 0), bytes.count)
    let line = lineIndex(offset)
    let lineStart = starts[line]
    let character = encoding == .utf8 ? offset - lineStart : count(from: lineStart, to: offset, in: bytes).utf16
    return LSPPosition(line: line, character: character)
  }

  /// The byte offset of an LSP position; positions past a line's end clamp to it.
  package func offset(of position: LSPPosition, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < starts.count else { return bytes.count }
    let end = lineRange(position.line, in: bytes).end
    var i = starts[position.line]
    var character = 0
    while i < end, character < position.character {
      switch encoding {
      case .utf8:
        i += 1
        character += 1
      case .utf16:
        let n = UTF8Scan.sequenceLength(bytes, at: i)
        i += n
        character += n == 4 ? 2 : 1
      }
    }
    return min(i, end)
  }
}
