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
    var produced: [JSONValue] = []
    for d in s.analysis.diagnostics where d.range.start <= end && d.range.end >= start {
      let json = DiagnosticRenderer.lspDiagnostic(d, in: s.file, uri: s.uri, encoding: encoding)
      produced.append(json)
      for (i, fix) in d.fixes.enumerated() where !fix.edits.isEmpty {
        let edits = fix.edits.map { LSP.textEdit($0.range, $0.newText, in: s.file, encoding) }
        actions.append(action(fix.message, edits, diagnostic: json, preferred: i == 0, uri: s.uri))
      }
    }
    for client in params["context"]?["diagnostics"]?.arrayValue ?? [] {
      let ours = produced.contains { $0["range"] == client["range"] && $0["code"] == client["code"] }
      guard !ours, let edits = client["data"]?["fixes"]?.arrayValue, !edits.isEmpty else { continue }
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
