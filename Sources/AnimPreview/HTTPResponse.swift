/// A complete HTTP/1.1 response. Every response closes its connection (`Connection:
/// close`), so a connection serves one request and holds nothing afterwards.
struct HTTPResponse: Sendable, Equatable {
  var status: Int
  var contentType: String
  var body: [UInt8]
  var extraHeaders: [(String, String)] = []
  /// What a browser may keep of the response: by default nothing (`commonHeaders`).
  var cacheControl = "no-store"

  static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
    a.status == b.status && a.contentType == b.contentType && a.body == b.body
      && a.cacheControl == b.cacheControl
      && a.extraHeaders.map { "\($0.0):\($0.1)" } == b.extraHeaders.map { "\($0.0):\($0.1)" }
  }

  /// A plain-text response, for errors and small answers.
  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
  }

  static let noContent = HTTPResponse(status: 204, contentType: "text/plain; charset=utf-8", body: [])

  /// The bytes on the wire; a `HEAD` request gets the head only.
  func bytes(headOnly: Bool = false) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    head += "Content-Type: \(contentType)\r\n"
    head += "Content-Length: \(body.count)\r\n"
    head += "Connection: close\r\n"
    head += "Cache-Control: \(cacheControl)\r\n" + Self.otherHeaders
    for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (headOnly ? [] : body)
  }

  /// Sent with every response but a picture: nothing is cached (the token is in the
  /// URL), nothing is sniffed, and no referrer carries the token elsewhere.
  static let commonHeaders = "Cache-Control: no-store\r\n" + otherHeaders
  /// `commonHeaders` but the cache's: a picture, the same bytes at the same URL, may be
  /// kept by the page's browser.
  static let otherHeaders = "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 204: return "No Content"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 431: return "Request Header Fields Too Large"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status"
    }
  }
}
