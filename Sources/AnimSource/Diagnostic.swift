/// How serious a finding is. Raw values are LSP's `DiagnosticSeverity`.
public enum Severity: Int, Sendable, Comparable {
  case error = 1
  case warning = 2

  public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
  public var word: String { self == .error ? "error" : "warning" }
}

/// One replacement of source text.
public struct TextEdit: Hashable, Sendable {
  public var range: SourceRange
  public var newText: String
  public init(range: SourceRange, newText: String) {
    self.range = range
    self.newText = newText
  }
}

/// A suggested change: a sentence for people (`help:` lines, code-action titles) and the
/// edits that carry it out. A fix with no edits is advice only.
public struct Fix: Hashable, Sendable {
  public var message: String
  public var edits: [TextEdit]
  public init(_ message: String, edits: [TextEdit] = []) {
    self.message = message
    self.edits = edits
  }

  /// A fix that replaces `range` with `text`.
  public static func replace(_ range: SourceRange, with text: String, _ message: String) -> Fix {
    Fix(message, edits: [TextEdit(range: range, newText: text)])
  }
}

/// A secondary place that explains the primary one ("first declared here").
public struct Label: Hashable, Sendable {
  public var range: SourceRange
  public var message: String
  public init(_ range: SourceRange, _ message: String) {
    self.range = range
    self.message = message
  }
}

/// A problem found in a source file, by any stage. Diagnostics are data: the library
/// never prints them; `DiagnosticRenderer` turns them into text or JSON.
public struct Diagnostic: Hashable, Sendable {
  public var severity: Severity
  /// A stable code such as `E0102`; see `DiagnosticCode`.
  public var code: String
  public var message: String
  public var range: SourceRange
  public var labels: [Label]
  public var notes: [String]
  public var fixes: [Fix]

  public init(
    _ severity: Severity, _ code: String, _ message: String, at range: SourceRange,
    labels: [Label] = [], notes: [String] = [], fixes: [Fix] = []
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.range = range
    self.labels = labels
    self.notes = notes
    self.fixes = fixes
  }

  public static func error(
    _ code: String, _ message: String, at range: SourceRange,
    labels: [Label] = [], notes: [String] = [], fixes: [Fix] = []
  ) -> Diagnostic {
    Diagnostic(.error, code, message, at: range, labels: labels, notes: notes, fixes: fixes)
  }

  public static func warning(
    _ code: String, _ message: String, at range: SourceRange,
    labels: [Label] = [], notes: [String] = [], fixes: [Fix] = []
  ) -> Diagnostic {
    Diagnostic(.warning, code, message, at: range, labels: labels, notes: notes, fixes: fixes)
  }
}

extension Array where Element == Diagnostic {
  package var hasErrors: Bool { contains { $0.severity == .error } }

  /// In source order, errors before warnings at the same place; stable otherwise.
  package func sortedBySource() -> [Diagnostic] {
    enumerated().sorted { a, b in
      if a.element.range.start != b.element.range.start { return a.element.range.start < b.element.range.start }
      if a.element.severity != b.element.severity { return a.element.severity < b.element.severity }
      return a.offset < b.offset
    }.map(\.element)
  }
}
