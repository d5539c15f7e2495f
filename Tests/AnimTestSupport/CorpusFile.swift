import AnimSource
import Foundation

/// One diagnostic a corpus file expects: its code and where its primary range starts
/// (1-based line, column in Unicode scalars, §1 and §10).
public struct ExpectedDiagnostic: Hashable, Comparable, CustomStringConvertible, Sendable {
  public var code: String
  public var line: Int
  public var column: Int

  public init(code: String, line: Int, column: Int) {
    self.code = code
    self.line = line
    self.column = column
  }

  public var isWarning: Bool { code.hasPrefix("W") }
  public var description: String { "\(code) \(line):\(column)" }

  public static func < (a: ExpectedDiagnostic, b: ExpectedDiagnostic) -> Bool {
    (a.line, a.column, a.code) < (b.line, b.column, b.code)
  }
}

/// A `.anim` file of a test corpus and the diagnostics written in its leading comment
/// (used by the syntax and the semantic corpora):
///
///     // expect: E0106 6:13 fix "s"
///
/// `fix "TEXT"` (optional) is the replacement text one of the diagnostic's fixes must
/// carry (escapes: `\"`, `\\` and `\n` for a line break); applying that fix must make
/// the file parse without errors, unless the line ends with `partial`. `message "TEXT"`
/// (optional, after the fix if any) is the diagnostic's whole message. The comment may also be a block
/// comment (`/* expect: … */`), so a file can hold its mistake on line 1.
public struct CorpusFile: Sendable {
  public struct Expectation: Sendable {
    public var diagnostic: ExpectedDiagnostic
    public var fixText: String?
    public var fixIsPartial = false
    public var message: String?
  }

  public let name: String
  /// The file's whole path: the source's name, so that paths in it (`image("…")`)
  /// resolve beside it (§12.3).
  public let path: String
  public let bytes: [UInt8]
  public let expectations: [Expectation]

  /// The `.anim` files' names in `directory`, sorted; empty if it cannot be read (the
  /// tests check the count).
  public static func names(in directory: URL) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return all.filter { $0.hasSuffix(".anim") }.sorted()
  }

  /// The names of the files whose expectation carries a fix.
  public static func namesWithFixes(in directory: URL) -> [String] {
    names(in: directory).filter { name in
      (try? CorpusFile(name: name, in: directory))?.expectations.contains { $0.fixText != nil } ?? false
    }
  }

  /// The files of `directory` that name a message after an expectation.
  public static func namesWithMessages(in directory: URL) -> [String] {
    names(in: directory).filter { name in
      (try? CorpusFile(name: name, in: directory))?.expectations.contains { $0.message != nil } ?? false
    }
  }

  public init(name: String, in directory: URL) throws {
    self.name = name
    self.path = directory.appendingPathComponent(name).path
    self.bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    self.expectations = Self.expectations(in: String(decoding: bytes, as: UTF8.self))
  }

  package var source: SourceFile { SourceFile(name: path, bytes: bytes) }

  public static func expectations(in text: String) -> [Expectation] {
    var found: [Expectation] = []
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      guard let marker = rawLine.range(of: "expect:") else { continue }
      var rest = rawLine[marker.upperBound...]
      let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("/*"), let close = rest.range(of: "*/", options: .backwards) {
        rest = rest[..<close.lowerBound]
      }
      let words = rest.split(separator: " ", maxSplits: 2)
      guard words.count >= 2 else { continue }
      let place = words[1].split(separator: ":")
      guard place.count == 2, let line = Int(place[0]), let column = Int(place[1]) else { continue }
      var expectation = Expectation(
        diagnostic: ExpectedDiagnostic(code: String(words[0]), line: line, column: column))
      if words.count == 3 {
        var tail = Substring(words[2].trimmingCharacters(in: .whitespaces))
        if tail.hasPrefix("fix ") {
          let (fixText, after) = quoted(tail.dropFirst(4))
          expectation.fixText = fixText
          tail = after.drop { $0 == " " }
          if tail.hasPrefix("partial") {
            expectation.fixIsPartial = true
            tail = tail.dropFirst("partial".count).drop { $0 == " " }
          }
        }
        if tail.hasPrefix("message ") { expectation.message = quoted(tail.dropFirst(8)).0 }
      }
      found.append(expectation)
    }
    return found
  }

  /// A `"…"` string with `\"` and `\\` escapes at the start of `text`, and what follows it.
  static func quoted(_ text: Substring) -> (String, Substring) {
    var chars = text.drop { $0 == " " }
    guard chars.first == "\"" else { return ("", chars) }
    chars = chars.dropFirst()
    var value = ""
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "\"" { break }
      if c == "\\", let next = chars.first {
        value.append(next == "n" ? "\n" : next)
        chars = chars.dropFirst()
      } else {
        value.append(c)
      }
    }
    return (value, chars)
  }
}

extension Diagnostic {
  /// Where this diagnostic's primary range starts, in the form the corpus writes.
  package func expected(in file: SourceFile) -> ExpectedDiagnostic {
    let position = file.lineColumn(range.start)
    return ExpectedDiagnostic(code: code, line: position.line, column: position.column)
  }

  /// Every range the diagnostic holds: primary, labels and fix edits.
  public var allRanges: [SourceRange] {
    [range] + labels.map(\.range) + fixes.flatMap { $0.edits.map(\.range) }
  }
}

/// `bytes` with `edits` applied (edits must not overlap).
public func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
  var result = bytes
  for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
    result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
  }
  return result
}

/// Runs `body` on its own thread with `seconds` to finish; nil when it did not. A stage
/// that loops forever on a corpus file must fail that file's test, not hang the run; the
/// runaway thread is left behind and ends with the test process.
public func withDeadline<T>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
  onOwnThread(stackBytes: 16 << 20, seconds: seconds, body)
}

extension Diagnostic {
  /// The ranges (primary, labels, fix edits) that do not lie inside a file of `size` bytes.
  public func rangesOutside(fileSize size: Int) -> [SourceRange] {
    allRanges.filter { !(0 <= $0.start && $0.start <= $0.end && $0.end <= size) }
  }
}

extension CorpusFile {
  /// The diagnostic matching this file's expectation that has a fix, and that fix; nil
  /// with the reason when either is missing.
  public func expectedFix(among diagnostics: [Diagnostic]) -> (Expectation, Diagnostic, Fix)? {
    guard let expectation = expectations.first(where: { $0.fixText != nil }),
      let diagnostic = diagnostics.first(where: { $0.expected(in: source) == expectation.diagnostic }),
      let fix = diagnostic.fixes.first(where: { fix in fix.edits.contains { $0.newText == expectation.fixText } })
    else { return nil }
    return (expectation, diagnostic, fix)
  }
}

extension CorpusFile {
  /// Each expectation's named message that differs from its diagnostic's, or that has no
  /// diagnostic, as text for a failure; empty when all agree word for word.
  public func messageMismatches(among diagnostics: [Diagnostic]) -> [String] {
    expectations.compactMap { expectation in
      guard let message = expectation.message else { return nil }
      guard let d = diagnostics.first(where: { $0.expected(in: source) == expectation.diagnostic }) else {
        return "\(name): no diagnostic \(expectation.diagnostic)"
      }
      return d.message == message ? nil : "\(name): \"\(d.message)\" is not \"\(message)\""
    }
  }
}
