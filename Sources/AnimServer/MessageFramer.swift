import Foundation

/// Splits a byte stream into LSP message bodies (`Content-Length: N\r\n\r\n` + N bytes).
///
/// Clients are not always polite, so the framer is lenient and never gives up: headers may
/// end in `\r\n` or bare `\n`, other headers (`Content-Type`) are ignored, bytes that are not
/// part of a header block are skipped with a complaint, and a header with a missing, absurd
/// or non-numeric length is dropped. A length that is too large would otherwise swallow the
/// next message and leave the client waiting forever, so when the awaited body already holds
/// the start of another framed message, the short body is abandoned and reading resumes there.
struct MessageFramer {
  /// Bodies larger than this are refused: no honest client sends a 256 MB document.
  static let maxBodyLength = 256 << 20

  private var buffer: [UInt8] = []
  /// Bytes of `buffer` already consumed (compacted lazily, so reads stay O(n)).
  private var start = 0
  /// The body length being awaited after a complete header, and where the body starts.
  private var pendingBody: (start: Int, length: Int)? = nil
  /// How far an incomplete body has been searched for a following header, so a large
  /// body arriving in many reads is scanned once, not once per read.
  private var scannedTo = 0

  /// What the framer found besides bodies, for the server's stderr log.
  private(set) var complaints: [String] = []

  mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

  mutating func takeComplaints() -> [String] {
    defer { complaints = [] }
    return complaints
  }

  /// The next complete body, or nil when more input is needed.
  mutating func next() -> [UInt8]? {
    while true {
      if let body = pendingBody {
        // Is another message's header inside the body? Valid JSON cannot hold one (raw
        // line breaks are not allowed in its strings), so the length was wrong: resume
        // at that header. Each byte is searched once, however many reads the body takes.
        let bodyEnd = body.start + body.length
        let available = min(buffer.count, bodyEnd)
        var from = max(body.start, scannedTo - 16)
        scannedTo = available
        while let resync = headerStart(from: from, before: available) {
          // `Content-Length:` inside a JSON string (a document's text) is not followed by
          // digits and a raw line end, which a JSON string cannot hold: search on.
          let line = lengthLine(at: resync)
          if line == false {
            from = resync + 1
            continue
          }
          if line == true, headerEnd(from: resync) != nil {
            complaints.append(
              "Content-Length \(body.length) runs into the next message; dropped \(resync - body.start) bytes")
            pendingBody = nil
            consume(to: resync)
            break
          }
          scannedTo = resync  // look at this header again once it is complete
          break
        }
        if pendingBody == nil { continue }
        if buffer.count >= bodyEnd {
          let bytes = Array(buffer[body.start..<bodyEnd])
          consume(to: bodyEnd)
          pendingBody = nil
          return bytes
        }
        compact()
        return nil
      }
      guard let (headerEndIndex, bodyStart) = headerEnd(from: start) else {
        // A flood of bytes with no header end is garbage; keep only a tail that may
        // hold the start of the next header, so memory and rescans stay bounded.
        if buffer.count - start > 1 << 20 {
          complaints.append("skipped \(buffer.count - start - 64) bytes that are not an LSP header")
          consume(to: buffer.count - 64)
        }
        compact()
        return nil
      }
      let header = Array(buffer[start..<headerEndIndex])
      consume(to: bodyStart)
      switch Self.contentLength(in: header) {
      case .success(let length):
        pendingBody = (bodyStart, length)
        scannedTo = bodyStart
      case .failure(let complaint):
        if !complaint.description.isEmpty { complaints.append(complaint.description) }
      }
    }
  }

  // MARK: Header parsing

  /// The value of the last `Content-Length` header in a header block. Other headers and
  /// text before the header (garbage between messages) are ignored.
  static func contentLength(in header: [UInt8]) -> Result<Int, HeaderComplaint> {
    var length: Int? = nil
    var badValue: String? = nil
    // Split bytes, not Characters: "\r\n" is one Character in Swift.
    for bytes in header.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
      let line = String(decoding: bytes, as: UTF8.self)
      guard let range = line.range(of: "content-length:", options: .caseInsensitive) else { continue }
      let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
      if let n = Int(value), n >= 0, n <= maxBodyLength {
        length = n
        badValue = nil
      } else {
        badValue = String(value.prefix(40))
      }
    }
    if let badValue { return .failure(HeaderComplaint("bad Content-Length `\(badValue)`; message skipped")) }
    guard let length else {
      let blank = header.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
      return .failure(HeaderComplaint(blank ? "" : "skipped \(header.count) bytes that are not an LSP header"))
    }
    return .success(length)
  }

  struct HeaderComplaint: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// The end of the header block that begins at or after `from`: a blank line
  /// (`\r\n\r\n` or `\n\n`). Returns the end of the header text and the body's start.
  private func headerEnd(from: Int) -> (Int, Int)? {
    var i = from
    let n = buffer.count
    while i < n {
      if buffer[i] == 0x0A {
        // A line feed followed by (CR) LF ends the headers.
        if i + 1 < n, buffer[i + 1] == 0x0A { return (i, i + 2) }
        if i + 2 < n, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
      }
      i += 1
    }
    return nil
  }

  /// Where a `Content-Length:` header starts at or after `from` and before `limit`.
  private func headerStart(from: Int, before limit: Int) -> Int? {
    let needle = Array("content-length:".utf8)
    let n = buffer.count
    var i = from
    while i < limit, i + needle.count <= n {
      var k = 0
      while k < needle.count, Self.lower(buffer[i + k]) == needle[k] { k += 1 }
      if k == needle.count { return i }
      i += 1
    }
    return nil
  }

  /// Whether the `Content-Length:` at `index` begins a header line: optional blanks,
  /// digits, optional blanks, then a line end. Nil while the line is not all there.
  private func lengthLine(at index: Int) -> Bool? {
    var i = index + 15  // past "content-length:"
    var digits = 0
    while i < buffer.count {
      switch buffer[i] {
      case 0x20, 0x09: if digits > 0 { return lineEnds(after: i) }
      case 0x30...0x39: digits += 1
      case 0x0D, 0x0A: return digits > 0
      default: return false
      }
      i += 1
    }
    return nil
  }

  /// Whether only blanks stand between `index` and a line end (nil: not all there yet).
  private func lineEnds(after index: Int) -> Bool? {
    var i = index
    while i < buffer.count {
      switch buffer[i] {
      case 0x20, 0x09: i += 1
      case 0x0D, 0x0A: return true
      default: return false
      }
    }
    return nil
  }

  private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

  private mutating func consume(to index: Int) {
    start = index
    if let body = pendingBody, body.start < start { pendingBody = nil }
  }

  /// Drops consumed bytes once they dominate the buffer.
  private mutating func compact() {
    guard start > 0, start >= buffer.count / 2 else { return }
    let shift = start
    buffer.removeFirst(shift)
    start = 0
    if let body = pendingBody { pendingBody = (body.start - shift, body.length) }
    scannedTo = max(0, scannedTo - shift)
  }
}
