import AnimCheck
import AnimSyntax
import Foundation

/// One diagnostic a corpus file expects: its code and where its primary range starts
/// (1-based line, column in Unicode scalars, §1 and §10).
struct ExpectedDiagnostic: Hashable, Comparable, CustomStringConvertible, Sendable {
  var code: String
  var line: Int
  var column: Int

  var description: String { "\(code) \(line):\(column)" }

  var isWarning: Bool { code.hasPrefix("W") }

  static func < (a: ExpectedDiagnostic, b: ExpectedDiagnostic) -> Bool {
    (a.line, a.column, a.code) < (b.line, b.column, b.code)
  }
}

/// A `.anim` file of `Corpus/`: a realistic scene with exactly one semantic mistake (or
/// one warning), and the diagnostic written in its leading comment:
///
///     // expect: E0310 24:40 fix "6s"
///
/// `fix "TEXT"` (optional) is the replacement text one of the diagnostic's fixes must
/// carry (`\"` and `\\` are the only escapes); applying that fix must leave the file
/// without errors (and, for a warning, without that warning).
struct CheckCorpusFile: Sendable {
  struct Expectation: Sendable {
    var diagnostic: ExpectedDiagnostic
    var fixText: String?
  }

  let name: String
  let bytes: [UInt8]
  let expectations: [Expectation]

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  /// The repository's `examples/` folder.
  static let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  /// The corpus files' names, sorted; empty if the folder cannot be read (a test checks
  /// the count).
  static func names() -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return all.filter { $0.hasSuffix(".anim") }.sorted()
  }

  /// The names of the files whose expectation carries a fix.
  static func namesWithFixes() -> [String] {
    names().filter { name in
      (try? CheckCorpusFile(name: name))?.expectations.contains { $0.fixText != nil } ?? false
    }
  }

  /// The names of `examples/*.anim`, sorted.
  static func exampleNames() -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
    return all.filter { $0.hasSuffix(".anim") }.sorted()
  }

  init(name: String, in directory: URL = CheckCorpusFile.directory) throws {
    self.name = name
    self.bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    self.expectations = Self.expectations(in: String(decoding: bytes, as: UTF8.self))
  }

  var source: SourceFile { SourceFile(name: name, bytes: bytes) }

  static func expectations(in text: String) -> [Expectation] {
    var found: [Expectation] = []
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      guard let marker = rawLine.range(of: "expect:") else { continue }
      let rest = rawLine[marker.upperBound...]
      let words = rest.split(separator: " ", maxSplits: 2)
      guard words.count >= 2 else { continue }
      let place = words[1].split(separator: ":")
      guard place.count == 2, let line = Int(place[0]), let column = Int(place[1]) else { continue }
      var expectation = Expectation(
        diagnostic: ExpectedDiagnostic(code: String(words[0]), line: line, column: column))
      if words.count == 3 {
        let tail = words[2].trimmingCharacters(in: .whitespaces)
        if tail.hasPrefix("fix ") { expectation.fixText = quoted(tail.dropFirst(4)) }
      }
      found.append(expectation)
    }
    return found
  }

  /// A `"…"` string with `\"` and `\\` escapes at the start of `text`.
  static func quoted(_ text: Substring) -> String {
    var chars = text.drop { $0 == " " }
    guard chars.first == "\"" else { return "" }
    chars = chars.dropFirst()
    var value = ""
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "\"" { break }
      if c == "\\", let next = chars.first {
        value.append(next)
        chars = chars.dropFirst()
      } else {
        value.append(c)
      }
    }
    return value
  }
}

/// `analyze` on its own thread, given `seconds` to finish: a checker that loops on a file
/// must fail that file's test, not hang the run.
func analyzeWithDeadline(_ file: SourceFile, seconds: Double = 10) -> Analysis? {
  final class Box: @unchecked Sendable {
    var result: Analysis?
  }
  let box = Box()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.result = analyze(file)
    done.signal()
  }
  thread.stackSize = 16 << 20
  thread.start()
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return box.result
}

extension Diagnostic {
  /// Where this diagnostic's primary range starts, in the form the corpus writes.
  func expected(in file: SourceFile) -> ExpectedDiagnostic {
    let position = file.lineColumn(range.start)
    return ExpectedDiagnostic(code: code, line: position.line, column: position.column)
  }

  /// Every range the diagnostic holds: primary, labels and fix edits.
  var allRanges: [SourceRange] {
    [range] + labels.map(\.range) + fixes.flatMap { $0.edits.map(\.range) }
  }
}

/// `bytes` with `edits` applied (edits must not overlap).
func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
  var result = bytes
  for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
    result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
  }
  return result
}

/// Diagnostics as `CODE LINE:COL message`, for failure messages.
func describe(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
  diagnostics.map { "\($0.expected(in: file)) \($0.message)" }.joined(separator: "; ")
}
