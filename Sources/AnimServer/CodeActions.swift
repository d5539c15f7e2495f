import AnimJSON
import AnimSource

/// `textDocument/codeAction`: every fix of every diagnostic under the range becomes a
/// quick fix. Fixes come from the server's own analysis of the current version, where
/// each fix keeps its edits together; a client diagnostic we no longer produce (an older
/// version's) falls back to its `data.fixes` and `data.titles`.
extension LanguageServer {
  func codeActions(_ params: JSONValue) throws -> JSONValue {
    let s = try documents.snapshot(try params.documentURI())
    let (from, to) = try params.range()
    if let only = params["context"]?["only"]?.arrayValue,
      !only.contains(where: { ($0.stringValue ?? "").hasPrefix("quickfix") || $0.stringValue == "" })
    {
      return .array([])
    }
    let start = s.offset(from, encoding)
    let end = max(start, s.offset(to, encoding))
    var actions: [JSONValue] = []
    // Clients send diagnostics back re-serialized: keys in another order, `data` dropped
    // or rewritten. Identity is therefore what a person would see: range, code, message.
    var seen = Set<DiagnosticIdentity>()
    for d in s.analysis.diagnostics where d.range.start <= end && d.range.end >= start {
      let json = DiagnosticRenderer.lspDiagnostic(d, in: s.file, uri: s.uri, encoding: encoding)
      if let identity = DiagnosticIdentity(json) { seen.insert(identity) }
      for (i, fix) in d.fixes.enumerated() where !fix.edits.isEmpty {
        let edits = fix.edits.map { LSP.textEdit($0.range, $0.newText, in: s.file, encoding) }
        actions.append(action(fix.message, edits, diagnostic: json, preferred: i == 0, uri: s.uri))
      }
    }
    for client in params["context"]?["diagnostics"]?.arrayValue ?? [] {
      // A diagnostic we cannot identify is not ours to fix; one we produced (or one the
      // client sent twice) already has its actions.
      guard let identity = DiagnosticIdentity(client), seen.insert(identity).inserted else { continue }
      guard let edits = client["data"]?["fixes"]?.arrayValue, !edits.isEmpty else { continue }
      let titles = client["data"]?["titles"]?.arrayValue?.compactMap(\.stringValue) ?? []
      if titles.count == edits.count {
        for (i, edit) in edits.enumerated() {
          actions.append(action(titles[i], [edit], diagnostic: client, preferred: i == 0, uri: s.uri))
        }
      } else {
        actions.append(
          action(titles.first ?? "Apply the suggested fix", edits, diagnostic: client, preferred: true, uri: s.uri))
      }
    }
    return .array(actions)
  }

  private func action(_ title: String, _ edits: [JSONValue], diagnostic: JSONValue, preferred: Bool, uri: String)
    -> JSONValue
  {
    .object([
      ("title", .string(title)),
      ("kind", .string("quickfix")),
      ("diagnostics", .array([diagnostic])),
      ("isPreferred", .bool(preferred)),
      ("edit", .object([("changes", .object([(uri, .array(edits))]))])),
    ])
  }
}

/// What makes two LSP diagnostics the same one, read field by field so that key order,
/// `2` versus `2.0`, extra fields and a missing `data` do not matter. A code may come
/// back as a number from clients that parse it; both spellings compare as text.
struct DiagnosticIdentity: Hashable {
  let start: LSPPosition
  let end: LSPPosition
  let code: String
  let message: String

  init?(_ json: JSONValue) {
    guard let (start, end) = try? json.range(in: "diagnostic"), let message = json["message"]?.stringValue else {
      return nil
    }
    self.start = start
    self.end = end
    switch json["code"] {
    case .string(let text)?: code = text
    case .number?: code = json["code"]?.intValue.map(String.init) ?? ""
    default: code = ""
    }
    self.message = message
  }
}
