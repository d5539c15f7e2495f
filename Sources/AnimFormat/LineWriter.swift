/// Builds the formatted text line by line. Line breaks are requested, not written: a
/// request waits until the next token or comment arrives, so a trailing comment found
/// after a statement still lands on that statement's line, and blank lines are decided
/// by what the source had right before the item that starts the new line.
struct LineWriter {
  /// Whether a requested break may, or must, leave one blank line.
  enum Blank: Int, Comparable {
    /// Never (after `{`, before `}`, inside expressions).
    case never
    /// When the source had one there (between statements).
    case preserve
    /// Always (between multi-line top-level declarations).
    case force

    static func < (a: Blank, b: Blank) -> Bool { a.rawValue < b.rawValue }
  }

  struct Break {
    var blank: Blank
    /// A break the layout did not ask for (a `//` comment forced it): the new line is
    /// indented one level deeper, as a continuation of the statement.
    var continuation: Bool
  }

  private(set) var lines: [String] = []
  private var current = ""
  private var lineHasContent = false
  /// Nothing at all has been written yet (no break before the first line).
  private var started = false
  private var wantsSpace = false
  /// A space after an inline block comment, dropped before `)`, `]`, `,` and `:`.
  private var softSpace = false
  /// Indentation level (two spaces each) of the lines that breaks start.
  var level = 0
  private(set) var pending: Break?
  /// The line of the first token written since this was set to nil (multi-line checks).
  var firstTokenLine: Int?

  /// The index of the line being written.
  var lineIndex: Int { lines.count }

  mutating func space() { wantsSpace = true }

  /// Forgets the finished lines: a scratch copy that only compares line indices does not
  /// need them (and need not copy them).
  mutating func discardLines() { lines.removeAll() }

  /// Asks for a line break before the next item; merges with a pending request.
  mutating func newline(_ blank: Blank = .never) {
    pending = Break(blank: max(pending?.blank ?? .never, blank), continuation: false)
  }

  /// After a `//` comment the next token cannot share the line.
  mutating func requireBreak() {
    if pending == nil { pending = Break(blank: .never, continuation: true) }
  }

  mutating func token(_ text: String, blankInSource: Bool) {
    materialize(blankInSource: blankInSource)
    let first = text.unicodeScalars.first
    let closes = first.map { ")],:".unicodeScalars.contains($0) } ?? false
    if lineHasContent && (wantsSpace || (softSpace && !closes) || wouldMerge(current.unicodeScalars.last, first)) {
      current += " "
    }
    if firstTokenLine == nil { firstTokenLine = lines.count }
    current += text
    lineHasContent = true
    started = true
    wantsSpace = false
    softSpace = false
  }

  /// A comment after code on the same line: it keeps its source column (`column`, 0 for
  /// none) when that is past the code, so hand-aligned comments stay aligned; else it
  /// sits one space after the code.
  mutating func trailingComment(_ text: String, column: Int) {
    let width = current.unicodeScalars.count
    current += String(repeating: " ", count: max(1, column - 1 - width))
    appendRaw(text)
    wantsSpace = false
    softSpace = false
  }

  /// A block comment between tokens of one line: one space on each side.
  mutating func inlineComment(_ text: String) {
    // A space even after `(`: the layout may end the line after the comment, and a
    // trailing comment is one space after the code.
    if lineHasContent { current += " " }
    appendRaw(text)
    lineHasContent = true
    wantsSpace = false
    softSpace = true
  }

  /// A comment on a line of its own, at the current indentation; the break pending
  /// before it is also pending after it (a forced blank line only once).
  mutating func ownLineComment(_ text: String, blankInSource: Bool) {
    let before = pending ?? Break(blank: .never, continuation: true)
    pending = before
    materialize(blankInSource: blankInSource)
    appendRaw(text)
    lineHasContent = true
    started = true
    pending = Break(blank: before.blank == .force ? .preserve : before.blank, continuation: before.continuation)
  }

  /// The text, ending in one newline (empty for a file with nothing in it).
  mutating func finish() -> String {
    guard started else { return "" }
    finishLine()
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Private

  private mutating func materialize(blankInSource: Bool) {
    guard let p = pending else { return }
    pending = nil
    guard started else { return }
    finishLine()
    if p.blank == .force || (p.blank == .preserve && blankInSource) { lines.append("") }
    current = String(repeating: "  ", count: level + (p.continuation ? 1 : 0))
    lineHasContent = false
    wantsSpace = false
    softSpace = false
  }

  /// Appends text that may hold newlines (a block comment): later lines are verbatim.
  private mutating func appendRaw(_ text: String) {
    var first = true
    for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !first {
        finishLine()
        current = ""
      }
      current += part
      first = false
    }
  }

  private mutating func finishLine() {
    while let last = current.unicodeScalars.last, last == " " || last == "\t" {
      current.unicodeScalars.removeLast()
    }
    lines.append(current)
    current = ""
    lineHasContent = false
  }

  /// Two tokens written without a space must not lex as one (`a` `b`, `..` `.5`).
  private func wouldMerge(_ a: Unicode.Scalar?, _ b: Unicode.Scalar?) -> Bool {
    guard let a, let b else { return false }
    func isWord(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" }
    if isWord(a) && isWord(b) { return true }
    if a == "." && b == "." { return true }
    if a == "/" && (b == "/" || b == "*") { return true }
    return false
  }
}
