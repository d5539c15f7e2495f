/// The checks every request passes before it is routed, in order: the `Host` header names
/// this server on the loopback (a page on another site cannot reach it by rebinding its
/// DNS name to 127.0.0.1), the path has no `.`/`..` segment after decoding, and the query
/// carries the session's token (another local user or page cannot guess it).
struct RequestGuard: Sendable {
  let token: String
  let port: Int

  /// Nil when `request` may be routed; otherwise the refusal.
  func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    guard let host = request.headers["host"]?.lowercased() else {
      return .text(400, "a Host header is required")
    }
    guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
      return .text(403, "foreign Host")
    }
    let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
    if segments.contains(where: { $0 == "." || $0 == ".." }) || request.path.contains("\\") {
      return .text(400, "bad path")
    }
    guard let given = request.query["token"], Self.sameToken(given, token) else {
      return .text(403, "missing or wrong token")
    }
    return nil
  }

  /// Compares in time that depends only on the lengths, not on where they differ.
  static func sameToken(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
  }

  /// 128 random bits as 32 hex digits, from the system's generator.
  static func newToken() -> String {
    var rng = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let v = UInt32.random(in: .min ... .max, using: &rng)
      let hex = String(v, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }
}
