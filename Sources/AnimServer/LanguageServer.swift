import AnimJSON
import AnimOutput
import AnimSource
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `.anim` language server: LSP 3.17 over JSON-RPC 2.0 with Content-Length framing.
///
/// One thread does everything: `run()` is an event loop that frames messages, handles
/// each in turn, and between them runs the debounced checks that have come due (it waits
/// for input only until the next one). No two handlers can overlap and no state is
/// shared with another thread, so the server needs no locks and is not `Sendable`:
/// create it on the thread that runs it.
package final class LanguageServer {
  let inputFD: Int32
  let writer: MessageWriter
  let hooks: ServerHooks

  // MARK: State

  enum Lifecycle { case waiting, running, shutDown }
  var lifecycle = Lifecycle.waiting
  var encoding = PositionEncoding.utf16
  /// Whether completion may send snippets: only when the client says so
  /// (`completionItem.snippetSupport`, false when absent, as LSP 3.17 defines it).
  var snippetSupport = false
  var documents = DocumentStore()
  /// Time between the last change and the check it triggers: long enough that a burst of
  /// keystrokes is checked once, short enough that diagnostics follow typing.
  var debounce = DispatchTimeInterval.milliseconds(75)
  /// When each document's pending check comes due (uptime nanoseconds). A change before
  /// then moves it, so fast typing never queues analyses.
  var scheduledChecks: [String: UInt64] = [:]
  /// When each document was last checked (uptime nanoseconds): an edit after a quiet
  /// period is checked at once, edits in a burst wait for the debounce.
  var lastChecked: [String: UInt64] = [:]

  package init(
    input: FileHandle = .standardInput, output: FileHandle = .standardOutput, hooks: ServerHooks = ServerHooks()
  ) {
    self.inputFD = input.fileDescriptor
    self.writer = MessageWriter(fd: output.fileDescriptor)
    self.hooks = hooks
  }

  /// Serves until the `exit` notification (0 after `shutdown`, 1 without) or the end of
  /// the input (the same codes: a client that vanishes without `shutdown` earns 1).
  package func run() -> Int32 {
    signal(SIGPIPE, SIG_IGN)  // a client that closes its end must not kill us mid-write
    var framer = MessageFramer()
    while true {
      guard FileDescriptorIO.waitForInput(inputFD, milliseconds: millisecondsToNextCheck()) else {
        runDueChecks()
        continue
      }
      guard let chunk = FileDescriptorIO.read(inputFD, upTo: 1 << 16), !chunk.isEmpty else { break }
      framer.append(chunk)
      while let body = framer.next() {
        for complaint in framer.takeComplaints() { Log.error(complaint) }
        if let code = handle(body) { return code }
        runDueChecks()
      }
      for complaint in framer.takeComplaints() { Log.error(complaint) }
    }
    return lifecycle == .shutDown ? 0 : 1
  }

  // MARK: Dispatch

  /// Handles one message body; returns an exit code when the server must stop.
  func handle(_ body: [UInt8]) -> Int32? {
    let message: JSONValue
    do {
      message = try JSONValue.parse(body)
    } catch {
      // JSON-RPC 2.0 §5: a body that is not JSON earns a parse error with a null id (its
      // id cannot be trusted, or read); the client's pending request would otherwise wait
      // forever. The parser's nesting limit makes this hold for hostile depths too.
      Log.error("malformed JSON (\(error.message) at byte \(error.offset)); message skipped")
      respond(
        .null,
        error: ResponseError(
          code: ResponseError.parseError, message: "parse error: \(error.message) at byte \(error.offset)"))
      return nil
    }
    guard case .object = message else {
      Log.error("a message that is not a JSON object; skipped")
      respond(.null, error: ResponseError(code: ResponseError.invalidRequest, message: "a message must be an object"))
      return nil
    }
    guard let methodValue = message["method"] else {
      return nil  // a response to a request we never send; ignore it
    }
    guard let method = methodValue.stringValue else {
      Log.error("a message whose method is not a string; skipped")
      if let id = message["id"] {
        respond(id, error: ResponseError(code: ResponseError.invalidRequest, message: "method must be a string"))
      }
      return nil
    }
    let params = message["params"] ?? .null
    if let id = message["id"] {
      guard isValidID(id) else {
        respond(
          .null,
          error: ResponseError(code: ResponseError.invalidRequest, message: "request id must be a number or a string"))
        return nil
      }
      handleRequest(id: id, method: method, params: params)
      return nil
    }
    return handleNotification(method: method, params: params)
  }

  private func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .number, .string: return true
    default: return false
    }
  }

  func handleRequest(id: JSONValue, method: String, params: JSONValue) {
    do {
      switch lifecycle {
      case .waiting where method != "initialize":
        throw ResponseError(code: ResponseError.serverNotInitialized, message: "the server is not initialized yet")
      case .running where method == "initialize":
        throw ResponseError(code: ResponseError.invalidRequest, message: "initialize was already received")
      case .shutDown:
        throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down")
      default: break
      }
      respond(id, result: try route(method, params))
    } catch let error as ResponseError {
      respond(id, error: error)
    } catch {
      respond(id, error: ResponseError(code: ResponseError.internalError, message: "\(error)"))
    }
  }

  /// The request table: one handler per method, each in its feature's file.
  private func route(_ method: String, _ params: JSONValue) throws -> JSONValue {
    switch method {
    case "initialize": return try initialize(params)
    case "shutdown": return shutdown()
    case "textDocument/hover": return try hover(params)
    case "textDocument/completion": return try completion(params)
    case "textDocument/definition": return try definition(params)
    case "textDocument/references": return try references(params)
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/formatting": return try formatting(params)
    case "textDocument/codeAction": return try codeActions(params)
    case "textDocument/prepareRename": return try prepareRename(params)
    case "textDocument/rename": return try rename(params)
    default: throw ResponseError(code: ResponseError.methodNotFound, message: "unknown method \(method)")
    }
  }

  func handleNotification(method: String, params: JSONValue) -> Int32? {
    if method == "exit" {
      scheduledChecks.removeAll()
      return lifecycle == .shutDown ? 0 : 1
    }
    // Before `initialize` only `exit` counts; after `shutdown` nothing else does.
    guard lifecycle == .running else { return nil }
    do {
      switch method {
      case "initialized": break
      case "textDocument/didOpen": try didOpen(params)
      case "textDocument/didChange": try didChange(params)
      case "textDocument/didSave": try didSave(params)
      case "textDocument/didClose": try didClose(params)
      default: break  // `$/cancelRequest`, `$/setTrace`, …: nothing to do
      }
    } catch let error as ResponseError {
      Log.error("\(method): \(error.message)")
    } catch {
      Log.error("\(method): \(error)")
    }
    return nil
  }

  // MARK: Output

  func respond(_ id: JSONValue, result: JSONValue) {
    writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
  }

  func respond(_ id: JSONValue, error: ResponseError) {
    writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)]))
  }

  func notify(_ method: String, _ params: JSONValue) {
    writer.send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }
}
