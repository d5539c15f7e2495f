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
    scheduleCheck(uri, after: debounce)
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
    // The client keeps the last diagnostics it saw until told otherwise.
    notify(
      "textDocument/publishDiagnostics",
      .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
  }

  /// Checks the document `delay` after now, unless another change comes first.
  func scheduleCheck(_ uri: String, after delay: DispatchTimeInterval) {
    checkCounter += 1
    let ticket = checkCounter
    scheduledChecks[uri] = ticket
    queue.asyncAfter(deadline: .now() + delay) { [self] in
      guard scheduledChecks[uri] == ticket else { return }  // superseded, closed or shut down
      scheduledChecks[uri] = nil
      publishDiagnostics(uri)
    }
  }

  /// Analyses the current version and publishes its diagnostics, tagged with the
  /// version they describe.
  func publishDiagnostics(_ uri: String) {
    guard lifecycle == .running, let (version, file, analysis) = documents.analysis(uri) else { return }
    // Handlers and timers share one queue, so no change can land between the analysis
    // and this check; it guards the invariant if that ever changes.
    guard documents[uri]?.version == version else { return }
    let diagnostics = analysis.diagnostics.map {
      DiagnosticRenderer.lspDiagnostic($0, in: file, uri: uri, encoding: encoding)
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
