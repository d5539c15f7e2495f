import AnimJSON
import AnimSource
import Dispatch

/// `initialize` and `shutdown`: capabilities and position-encoding negotiation.
extension LanguageServer {
  func initialize(_ params: JSONValue) throws -> JSONValue {
    guard case .object = params else { throw ResponseError.invalidParams("initialize params must be an object") }
    // UTF-16 unless the client offers UTF-8 (§10 of the spec: UTF-8 when negotiated).
    let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue ?? []
    encoding = offered.contains(.string("utf-8")) ? .utf8 : .utf16
    let item = params["capabilities"]?["textDocument"]?["completion"]?["completionItem"]
    snippetSupport = item?["snippetSupport"]?.boolValue ?? false
    // Tests and the benchmark may shorten the debounce; clients never need to.
    if let ms = params["initializationOptions"]?["debounceMilliseconds"]?.intValue, ms >= 0, ms <= 10_000 {
      debounce = .milliseconds(ms)
    }
    lifecycle = .running
    return .object([
      ("capabilities", capabilities),
      ("serverInfo", .object([("name", .string("animc")), ("version", .string("0.1.0"))])),
    ])
  }

  /// Exactly what the handlers implement.
  var capabilities: JSONValue {
    var members: [(String, JSONValue)] = [
      ("positionEncoding", .string(encoding.rawValue)),
      (
        "textDocumentSync",
        .object([
          ("openClose", .bool(true)),
          ("change", .number(2)),  // incremental
          ("save", .object([("includeText", .bool(false))])),
        ])
      ),
      ("hoverProvider", .bool(true)),
      (
        "completionProvider",
        .object([("triggerCharacters", .array([.string(".")])), ("resolveProvider", .bool(false))])
      ),
      ("definitionProvider", .bool(true)),
      ("referencesProvider", .bool(true)),
      ("documentSymbolProvider", .bool(true)),
      ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
      ("renameProvider", .object([("prepareProvider", .bool(true))])),
    ]
    if hooks.formats { members.append(("documentFormattingProvider", .bool(true))) }
    return .object(members)
  }

  func shutdown() -> JSONValue {
    lifecycle = .shutDown
    scheduledChecks.removeAll()  // nothing pending is checked after shutdown
    return .null
  }
}
