import AnimJSON
import AnimOutput
import AnimSource
import AnimThreads
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON-RPC error answer. Codes are JSON-RPC's and LSP's.
struct ResponseError: Error {
  var code: Int
  var message: String

  static let parseError = -32700
  static let invalidRequest = -32600
  static let methodNotFound = -32601
  static let invalidParams = -32602
  static let internalError = -32603
  static let serverNotInitialized = -32002
  static let requestFailed = -32803

  static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParams, message: message) }
  static func failed(_ message: String) -> ResponseError { ResponseError(code: requestFailed, message: message) }

  var json: JSONValue { .object([("code", .number(Double(code))), ("message", .string(message))]) }
}

/// Typed access to request parameters: every missing or mistyped field becomes an
/// `invalidParams` error naming the path, instead of a crash or a silent default.
extension JSONValue {
  func field(_ key: String, in context: String = "params") throws -> JSONValue {
    guard case .object = self else { throw ResponseError.invalidParams("\(context) must be an object") }
    guard let value = self[key], value != .null else {
      throw ResponseError.invalidParams("missing \(context).\(key)")
    }
    return value
  }

  func string(_ key: String, in context: String = "params") throws -> String {
    guard let s = try field(key, in: context).stringValue else {
      throw ResponseError.invalidParams("\(context).\(key) must be a string")
    }
    return s
  }

  func int(_ key: String, in context: String = "params") throws -> Int {
    guard let n = try field(key, in: context).intValue else {
      throw ResponseError.invalidParams("\(context).\(key) must be an integer")
    }
    return n
  }

  /// `params.textDocument.uri`, which nearly every request carries.
  func documentURI() throws -> String {
    try field("textDocument").string("uri", in: "params.textDocument")
  }

  /// An LSP `Position` object.
  func position(_ key: String = "position", in context: String = "params") throws -> LSPPosition {
    let p = try field(key, in: context)
    let line = try p.int("line", in: "\(context).\(key)")
    let character = try p.int("character", in: "\(context).\(key)")
    guard line >= 0, character >= 0 else { throw ResponseError.invalidParams("\(context).\(key) is negative") }
    return LSPPosition(line: line, character: character)
  }

  /// An LSP `Range` object as two positions.
  func range(_ key: String = "range", in context: String = "params") throws -> (LSPPosition, LSPPosition) {
    let r = try field(key, in: context)
    return (try r.position("start", in: "\(context).\(key)"), try r.position("end", in: "\(context).\(key)"))
  }
}

/// LSP `MessageType` numbers, for `window/showMessage`.
enum MessageType {
  static let error = 1, warning = 2, info = 3, log = 4
}

/// Small constructors for the LSP shapes we send.
enum LSP {
  static func object(_ members: (String, JSONValue)...) -> JSONValue { .object(members) }
  static func int(_ n: Int) -> JSONValue { .number(Double(n)) }

  static func range(_ range: SourceRange, in file: SourceFile, _ encoding: PositionEncoding) -> JSONValue {
    DiagnosticRenderer.lspRange(range, in: file, encoding: encoding)
  }

  static func location(_ uri: String, _ range: SourceRange, in file: SourceFile, _ encoding: PositionEncoding)
    -> JSONValue
  {
    object(("uri", .string(uri)), ("range", Self.range(range, in: file, encoding)))
  }

  static func textEdit(_ range: SourceRange, _ newText: String, in file: SourceFile, _ encoding: PositionEncoding)
    -> JSONValue
  {
    object(("range", Self.range(range, in: file, encoding)), ("newText", .string(newText)))
  }

  /// `{"kind": "markdown", "value": …}`
  static func markdown(_ text: String) -> JSONValue {
    object(("kind", .string("markdown")), ("value", .string(text)))
  }
}

/// Writes framed messages to a file descriptor. Every write takes the lock, so a
/// message is never interleaved with another even if a second thread writes.
final class MessageWriter: Sendable {
  private let fd: Int32
  private let lock = Locked(())

  init(fd: Int32) { self.fd = fd }

  func send(_ message: JSONValue) {
    let body = Array(message.serialized.utf8)
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    lock.withLock { _ in writeAll(frame) }
  }

  /// A failed write means the client went away; the read loop will see the end of input.
  private func writeAll(_ bytes: [UInt8]) { FileDescriptorIO.writeAll(bytes, to: fd) }
}

/// Server log lines go to stderr, which LSP clients show in their output panel.
enum Log {
  static func error(_ message: String) {
    FileDescriptorIO.writeAll(Array("animc lsp: \(message)\n".utf8), to: 2)
  }
}
