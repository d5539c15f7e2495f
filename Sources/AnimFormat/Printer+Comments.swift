import AnimSource
import AnimSyntax

/// Comments are written in the gap between the tokens they sat between. One that began
/// on the line of the previous token stays on that line; one that began a line gets a
/// line of its own at the current indentation. A `//` comment (or a block comment
/// followed by a newline) ends its line; that is always legal where the source had it,
/// since the source had a newline at the same place between the same tokens.
extension Printer {
  mutating func flushComments(before offset: Int) {
    while nextComment < comments.count, comments[nextComment].start < offset {
      let c = comments[nextComment]
      nextComment += 1
      let body = commentText(c)
      let isBlock = body.hasPrefix("/*")
      let nextStart: Int
      if nextComment < comments.count, comments[nextComment].start < offset {
        nextStart = comments[nextComment].start
      } else {
        nextStart = min(offset, Int(peek.start))
      }
      let atEnd = peekKind == .endOfFile && nextStart >= Int(peek.start)
      let endsLine = !isBlock || body.contains("\n") || atEnd || hasNewline(from: c.end, to: nextStart)
      let trailing = consumedAny && !hasNewline(from: previousEnd, to: c.start)
      if trailing && endsLine {
        // One space in the source means "right after the code", not a column to keep.
        let aligned = c.start - previousEnd > 1
        out.trailingComment(body, column: aligned ? column(of: c.start) : 0)
        out.requireBreak()
      } else if trailing {
        out.inlineComment(body)
      } else {
        out.ownLineComment(body, blankInSource: hasBlankLine(from: previousEnd, to: c.start))
      }
      previousEnd = c.end
    }
  }

  /// A comment's text with line endings made `\n`.
  func commentText(_ r: SourceRange) -> String {
    var s = String.UnicodeScalarView()
    var afterCR = false
    for u in text(r).unicodeScalars {
      if u == "\n" && afterCR {
        afterCR = false
        continue
      }
      afterCR = u == "\r"
      s.append(afterCR ? "\n" : u)
    }
    return String(s)
  }

  /// True when a comment starts inside `range` and has not been written yet.
  func hasComment(before offset: Int) -> Bool {
    nextComment < comments.count && comments[nextComment].start < offset
  }
}
