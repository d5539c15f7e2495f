import AnimJSON
import Foundation
import Testing

@testable import AnimServer

/// Drives a real `animc lsp` process over pipes, as an editor would.
final class LSPClient: @unchecked Sendable {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `.build/debug/animc`, or `$ANIMC`. `swift test` builds it with the package.
  static var executable: URL {
    if let path = ProcessInfo.processInfo.environment["ANIMC"] { return URL(fileURLWithPath: path) }
    return packageRoot.appendingPathComponent(".build/debug/animc")
  }

  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let condition = NSCondition()
  private var framer = MessageFramer()
  private var inbox: [JSONValue] = []
  private var closed = false
  private var nextID = 1
  private var stderrText: [UInt8] = []

  /// Set when the server runs in this process (for hooks the binary does not have).
  private var inProcessStatus: Int32? = nil
  private let inProcess: Bool

  init() throws {
    inProcess = false
    process.executableURL = Self.executable
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    startReading()
  }

  /// A server in this process, on its own thread, talking over pipes.
  init(hooks: ServerHooks) {
    inProcess = true
    let (input, out) = (input.fileHandleForReading, output.fileHandleForWriting)
    Thread.detachNewThread { [self] in
      // The server is not Sendable: it lives on the thread that runs it.
      let status = LanguageServer(input: input, output: out, hooks: hooks).run()
      condition.lock()
      inProcessStatus = status
      condition.unlock()
      try? out.close()
    }
    startReading()
  }

  private func startReading() {
    let out = output.fileHandleForReading
    let err = errors.fileHandleForReading
    Thread.detachNewThread { [self] in readLoop(out) }
    Thread.detachNewThread { [self] in
      while true {
        let data = err.availableData
        if data.isEmpty { return }
        condition.lock()
        stderrText += data
        condition.unlock()
      }
    }
  }

  deinit {
    if !inProcess && process.isRunning { process.terminate() }
  }

  private func readLoop(_ handle: FileHandle) {
    while true {
      let data = handle.availableData
      condition.lock()
      if data.isEmpty {
        closed = true
        condition.broadcast()
        condition.unlock()
        return
      }
      framer.append(data)
      while let body = framer.next() {
        if let message = try? JSONValue.parse(body) { inbox.append(message) }
      }
      condition.broadcast()
      condition.unlock()
    }
  }

  var stderr: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: stderrText, as: UTF8.self)
  }

  // MARK: Sending

  func sendRaw(_ bytes: [UInt8]) {
    input.fileHandleForWriting.write(Data(bytes))
  }

  func send(_ message: JSONValue) {
    let body = Array(message.serialized.utf8)
    sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  func notify(_ method: String, _ params: JSONValue = .object([])) {
    send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  /// Sends a request and waits for its response (the whole message: `result` or `error`).
  @discardableResult
  func request(_ method: String, _ params: JSONValue = .object([]), timeout: Double = 10) -> JSONValue? {
    condition.lock()
    let id = nextID
    nextID += 1
    condition.unlock()
    send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params),
      ]))
    return waitFor(timeout: timeout) { $0["id"] == .number(Double(id)) && $0["method"] == nil }
  }

  /// Removes and returns the first message matching `predicate`, waiting for it.
  func waitFor(timeout: Double = 10, _ predicate: (JSONValue) -> Bool) -> JSONValue? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
      if closed || !condition.wait(until: deadline) {
        return inbox.firstIndex(where: predicate).map { inbox.remove(at: $0) }
      }
    }
  }

  /// The next `publishDiagnostics` for `uri` (optionally for one version).
  func diagnostics(_ uri: String, version: Int? = nil, timeout: Double = 10) -> JSONValue? {
    waitFor(timeout: timeout) {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        && (version == nil || $0["params"]?["version"]?.intValue == version)
    }?["params"]
  }

  /// Every message received and not yet taken.
  func drain() -> [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    let all = inbox
    inbox = []
    return all
  }

  func closeInput() { try? input.fileHandleForWriting.close() }

  /// The exit status, waiting up to `timeout` seconds.
  func exitStatus(timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    if inProcess {
      while Date() < deadline {
        condition.lock()
        let status = inProcessStatus
        condition.unlock()
        if let status { return status }
        usleep(10_000)
      }
      return nil
    }
    while process.isRunning && Date() < deadline { usleep(10_000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  // MARK: Conveniences

  @discardableResult
  func initialize(
    _ capabilities: JSONValue = .object([]), options: JSONValue = .object([("debounceMilliseconds", .number(20))])
  )
    -> JSONValue?
  {
    let response = request(
      "initialize",
      .object([("processId", .null), ("capabilities", capabilities), ("initializationOptions", options)]))
    notify("initialized")
    return response
  }

  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", .string("anim")), ("version", .number(Double(version))),
            ("text", .string(text)),
          ])
        )
      ]))
  }

  func shutdownAndExit() -> Int32? {
    request("shutdown", .null)
    notify("exit")
    return exitStatus()
  }
}

/// JSON builders for test requests.
enum J {
  static func pos(_ line: Int, _ character: Int) -> JSONValue {
    .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
  }

  static func doc(_ uri: String) -> JSONValue { .object([("uri", .string(uri))]) }

  static func at(_ uri: String, _ line: Int, _ character: Int, _ extra: (String, JSONValue)...) -> JSONValue {
    .object([("textDocument", doc(uri)), ("position", pos(line, character))] + extra)
  }

  static func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    .object([("start", pos(l1, c1)), ("end", pos(l2, c2))])
  }

  /// The 0-based (line, UTF-16 column) of the `k`-th character of the first `needle` in `text`.
  static func find(_ needle: String, in text: String, plus k: Int = 0) -> (Int, Int) {
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let r = line.range(of: needle) { return (i, line[..<r.lowerBound].utf16.count + k) }
    }
    return (-1, -1)
  }
}
