/// One HTTP/1.1 request as the preview reads it: method, target split into a decoded
/// path and query, and headers with lower-cased names.
struct HTTPRequest: Sendable, Equatable {
  var method: String
  /// The target as sent (`/control?cmd=tap`).
  var target: String
  /// The percent-decoded path (`/control`).
  var path: String
  /// The decoded query parameters; a key without `=` maps to "".
  var query: [String: String]
  /// Header values by lower-cased name (a repeated header keeps its last value, except
  /// `host` and `content-length`, which may not repeat).
  var headers: [String: String]
}

/// The bounds on what a client may send: anything larger is refused before it is held.
enum HTTPLimits {
  /// The request line, including its line end.
  static let requestLine = 8 * 1024
  /// The request line and every header, up to the empty line.
  static let head = 16 * 1024
  static let headerCount = 64
  /// The preview takes no real bodies: control requests carry their data in the query.
  static let body = 4 * 1024
  /// Seconds a connection has to send its whole request.
  static let requestSeconds = 5.0
}

/// The outcome of reading what a connection has sent so far.
enum HTTPParse: Equatable {
  /// The request is not all there yet.
  case incomplete
  case complete(HTTPRequest)
  /// A request that is refused, with the status to refuse it with.
  case failed(Int, String)
}

enum HTTPParser {
  /// Parses `buffer`, the bytes received so far, within `HTTPLimits`.
  static func parse(_ buffer: [UInt8]) -> HTTPParse {
    guard let lineEnd = buffer.firstIndex(of: 0x0A) else {
      return buffer.count >= HTTPLimits.requestLine ? .failed(414, "request line too long") : .incomplete
    }
    guard lineEnd < HTTPLimits.requestLine else { return .failed(414, "request line too long") }
    guard let headEnd = endOfHead(buffer) else {
      return buffer.count >= HTTPLimits.head ? .failed(431, "request head too large") : .incomplete
    }
    guard headEnd.lines <= HTTPLimits.head else { return .failed(431, "request head too large") }
    // Lines are split on bytes: as Characters, CR LF is one grapheme, not two.
    var lines: [Substring] = []
    for raw in buffer[..<headEnd.lines].split(separator: 0x0A, omittingEmptySubsequences: false) {
      let bytes = raw.last == 0x0D ? raw.dropLast() : raw
      guard let line = String(strictUTF8: bytes) else {
        return .failed(400, "request head is not UTF-8")
      }
      lines.append(Substring(line))
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return .failed(400, "empty request") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      return .failed(400, "malformed request line")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return .failed(505, "HTTP/1.1 only") }
    let target = String(parts[1])
    guard target.hasPrefix("/") else { return .failed(400, "the target must be a path") }

    var headers: [String: String] = [:]
    guard lines.count - 1 <= HTTPLimits.headerCount else { return .failed(431, "too many headers") }
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
        return .failed(400, "malformed header")
      }
      let name = line[..<colon]
      guard name.allSatisfy(isTokenCharacter) else { return .failed(400, "malformed header name") }
      let value = line[line.index(after: colon)...].trimmingSpaces
      let key = name.lowercased()
      if key == "host", headers[key] != nil { return .failed(400, "more than one Host header") }
      // RFC 9112 §6.3: a request whose body length is given twice is refused, not guessed.
      if key == "content-length", headers[key] != nil { return .failed(400, "more than one Content-Length header") }
      headers[key] = String(value)
    }
    if headers["transfer-encoding"] != nil { return .failed(501, "no request bodies in chunks") }
    var bodyLength = 0
    if let length = headers["content-length"] {
      guard !length.isEmpty, length.count <= 9, length.allSatisfy(\.isASCIIDigit), let n = Int(length) else {
        return .failed(400, "malformed Content-Length")
      }
      guard n <= HTTPLimits.body else { return .failed(413, "request body too large") }
      bodyLength = n
    }
    guard buffer.count >= headEnd.total + bodyLength else { return .incomplete }

    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = percentDecoded(pieces[0], plusIsSpace: false) else {
      return .failed(400, "malformed path encoding")
    }
    var query: [String: String] = [:]
    if pieces.count == 2 {
      for pair in pieces[1].split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = percentDecoded(kv[0], plusIsSpace: true),
          let value = kv.count == 2 ? percentDecoded(kv[1], plusIsSpace: true) : ""
        else { return .failed(400, "malformed query encoding") }
        query[key] = value
      }
    }
    return .complete(
      HTTPRequest(method: String(parts[0]), target: target, path: path, query: query, headers: headers))
  }

  /// Where the head ends: after the request line and headers (`lines`, excluding the
  /// empty line) and after the empty line (`total`). Accepts CRLF and bare LF.
  static func endOfHead(_ buffer: [UInt8]) -> (lines: Int, total: Int)? {
    var i = 0
    let limit = min(buffer.count, HTTPLimits.head + 4)
    while i < limit {
      guard buffer[i] == 0x0A else {
        i += 1
        continue
      }
      var j = i + 1
      if j < buffer.count, buffer[j] == 0x0D { j += 1 }
      if j < buffer.count, buffer[j] == 0x0A { return (i + 1, j + 1) }
      i += 1
    }
    return nil
  }

  /// `%XX` decoded (and `+` as a space in a query); nil for a bad escape, bytes that are
  /// not UTF-8, or a NUL.
  static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let b = utf8.popFirst() {
      if b == UInt8(ascii: "%") {
        guard utf8.count >= 2, let hi = hexValue(utf8.removeFirst()), let lo = hexValue(utf8.removeFirst()) else {
          return nil
        }
        bytes.append(hi << 4 | lo)
      } else if b == UInt8(ascii: "+") && plusIsSpace {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(b)
      }
    }
    guard !bytes.contains(0) else { return nil }
    return String(strictUTF8: bytes)
  }

  private static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// RFC 9110's `tchar`.
  private static func isTokenCharacter(_ c: Character) -> Bool {
    guard c.isASCII else { return false }
    return c.isLetter || c.isNumber || "!#$%&'*+-.^_`|~".contains(c)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return s
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
