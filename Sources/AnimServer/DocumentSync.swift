import AnimJSON
import AnimSource
import Dispatch

/// `didOpen`, `didChange`, `didSave`, `didClose`, and the debounced
/// `textDocument/publishDiagnostics` they lead to.
extension LanguageServer {
  func didOpen(_ params: JSONValue) throws {
    let item = try params.field("textDocument")
    let uri = try item.string("uri", in: "params.textDocument")
    let version = try item.int("version", in: "params.textDocument")
    let text = try item.string("text", in: "params.textDocument")
    documents[uri] = Document(uri: uri, version: version, text: Array(text.utf8))
    scheduleCheck(uri, after: .milliseconds(0))  // the first results should not wait
  }

  func didChange(_ params: JSONValue) throws {
    let uri = try params.documentURI()
    let version = try params.field("textDocument").int("version", in: "params.textDocument")
    guard var doc = documents[uri] else {
      throw ResponseError.failed("didChange for a document that is not open: \(uri)")
    }
    guard let changes = try params.field("contentChanges").arrayValue else {
      throw ResponseError.invalidParams("params.contentChanges must be an array")
    }
    // Apply all changes or none: a bad one leaves the document as it was.
    for change in changes { try doc.apply(change: change, encoding: encoding) }
    doc.finishChanges(version: version)
    documents[uri] = doc
    // Leading edge: the first edit after a quiet spell is checked at once (LSP users see
    // results in milliseconds); edits while a check is pending or just ran are coalesced.
    let now = DispatchTime.now().uptimeNanoseconds
    let recent = lastChecked[uri].map { now &- $0 < Self.nanoseconds(debounce) } ?? false
    scheduleCheck(uri, after: recent || scheduledChecks[uri] != nil ? debounce : .milliseconds(0))
  }

  func didSave(_ params: JSONValue) throws {
    let uri = try params.documentURI()
    guard documents[uri] != nil else { return }
    // Saving is a pause in typing: check now rather than after the debounce.
    scheduleCheck(uri, after: .milliseconds(0))
  }

  func didClose(_ params: JSONValue) throws {
    let uri = try params.documentURI()
    documents[uri] = nil
    scheduledChecks[uri] = nil
    lastChecked[uri] = nil
    // The client keeps the last diagnostics it saw until told otherwise.
    notify(
      "textDocument/publishDiagnostics",
      .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
  }

  /// `interval` in nanoseconds (0 for a negative or unbounded one).
  static func nanoseconds(_ interval: DispatchTimeInterval) -> UInt64 {
    switch interval {
    case .seconds(let s): return UInt64(max(0, s)) * 1_000_000_000
    case .milliseconds(let ms): return UInt64(max(0, ms)) * 1_000_000
    case .microseconds(let us): return UInt64(max(0, us)) * 1_000
    case .nanoseconds(let ns): return UInt64(max(0, ns))
    default: return 0
    }
  }

  /// Checks the document `delay` after now, unless another change comes first (which
  /// schedules it again). `run()` runs the check once it is due.
  func scheduleCheck(_ uri: String, after delay: DispatchTimeInterval) {
    scheduledChecks[uri] = DispatchTime.now().uptimeNanoseconds + Self.nanoseconds(delay)
  }

  /// How long the event loop may wait for input before a scheduled check is due; nil
  /// when none is scheduled.
  func millisecondsToNextCheck() -> Int? {
    guard let due = scheduledChecks.values.min() else { return nil }
    let now = DispatchTime.now().uptimeNanoseconds
    return due <= now ? 0 : Int((due - now + 999_999) / 1_000_000)
  }

  /// Publishes the diagnostics of every document whose check is due, oldest first.
  func runDueChecks() {
    let now = DispatchTime.now().uptimeNanoseconds
    let due = scheduledChecks.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
    for (uri, _) in due {
      scheduledChecks[uri] = nil
      lastChecked[uri] = DispatchTime.now().uptimeNanoseconds
      publishDiagnostics(uri)
    }
  }

  /// At most this many diagnostics are published per document, and one more that counts
  /// the rest: a document of 300,000 stray characters would otherwise send a 65 MB
  /// notification on every edit (rust-analyzer and rustc bound theirs likewise).
  static let maxDiagnostics = 1_000

  /// Analyses the current version and publishes its diagnostics, tagged with the
  /// version they describe: the first `maxDiagnostics` of them.
  func publishDiagnostics(_ uri: String) {
    guard lifecycle == .running, let (version, file, analysis) = documents.analysis(uri) else { return }
    // Handlers and checks run on one thread, so no change can land between the analysis
    // and this check; it guards the invariant if that ever changes.
    guard documents[uri]?.version == version else { return }
    let all = analysis.diagnostics
    var diagnostics = all.prefix(Self.maxDiagnostics).map {
      DiagnosticRenderer.lspDiagnostic($0, in: file, uri: uri, encoding: encoding)
    }
    let left = all.dropFirst(Self.maxDiagnostics)
    if let first = left.first, let worst = left.map(\.severity).min() {
      // One more, where the first one left out is, says how many were left out.
      diagnostics.append(
        .object([
          ("range", DiagnosticRenderer.lspRange(first.range, in: file, encoding: encoding)),
          ("severity", .number(Double(worst.rawValue))),
          ("source", .string("animc")),
          ("message", .string("\(left.count) more problem\(left.count == 1 ? "" : "s") not shown")),
        ]))
    }
    notify(
      "textDocument/publishDiagnostics",
      .object([
        ("uri", .string(uri)),
        ("version", .number(Double(version))),
        ("diagnostics", .array(diagnostics)),
      ]))
  }
}
