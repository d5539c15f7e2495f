import AnimKit
import AnimOutput
import AnimThreads
import Foundation

/// `animc preview`: a scene played live in the browser. An HTTP server on 127.0.0.1
/// serves the embedded page and streams the session's frames to it; every request must
/// name this server in `Host` and carry the random token that `url` holds.
package final class PreviewServer: Sendable {
  /// The page's address, token included: what to open.
  package let url: String
  package let port: Int
  /// The token every request must carry.
  package let token: String
  private let session: PreviewSession
  private let server: HTTPServer

  /// A server for the scene at `path` on `port` (nil: a free one). The file is read and
  /// checked at once; `initialDiagnostics` holds its errors, which the page shows too.
  package init(path: String, port: Int? = nil, seed: UInt64? = nil) throws(PreviewError) {
    // Opened and looked at, then closed: the session's watcher reads it from here on.
    switch InputFile.open(path) {
    case .success(let file): file.close()
    case .failure(let refusal): throw PreviewError("cannot read `\(path)`: \(refusal.reason)")
    }
    let token = RequestGuard.newToken()
    let session = PreviewSession(path: path, seed: seed)
    let box = Locked<RequestGuard?>(nil)
    let server = try HTTPServer(port: port) { request in
      guard let guardian = box.withLock({ $0 }) else { return .response(.text(503, "starting")) }
      return PreviewRoutes.reply(request, guard: guardian, session: session)
    }
    box.withLock { $0 = RequestGuard(token: token, port: server.port) }
    self.token = token
    self.session = session
    self.server = server
    self.port = server.port
    url = "http://127.0.0.1:\(server.port)/?token=\(token)"
  }

  /// The file's errors at start, as `check` prints them; nil when it is clean.
  package var initialDiagnostics: String? {
    if case .failed(let text) = session.initialLoad { return text }
    return nil
  }

  /// Starts the simulation and the server; returns at once. An error when either has
  /// no thread to run on; then neither runs.
  package func start() throws(PreviewError) {
    try session.start()
    do { try server.start() } catch {
      session.stop()
      throw error
    }
  }

  /// Closes every connection and stops; returns when all is stopped.
  package func stop() {
    server.stop()
    session.stop()
  }

  /// Pages streaming now (for tests).
  package var streamCount: Int { session.streamCount }
}

/// Which request gets what, once `RequestGuard` has let it through.
enum PreviewRoutes {
  static func reply(_ request: HTTPRequest, guard guardian: RequestGuard, session: PreviewSession) -> HTTPReply {
    if let refusal = guardian.refusal(request) { return .response(refusal) }
    let isGet = request.method == "GET" || request.method == "HEAD"
    switch request.path {
    case "/":
      guard isGet else { return .response(.text(405, "GET only")) }
      return .response(
        HTTPResponse(
          status: 200, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8),
          extraHeaders: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)]))
    case "/events":
      guard request.method == "GET" else { return .response(.text(405, "GET only")) }
      return .stream { fd in session.attach(fd) }
    case "/control":
      guard request.method == "POST" else { return .response(.text(405, "POST only")) }
      if request.query["cmd"] == "drawn" {
        // Pacing (`EventStream`): to the page's stream, not to the session.
        guard let id = request.query["stream"].flatMap(Int.init) else { return .response(.text(400, "no stream")) }
        session.drawn(stream: id)
        return .response(.noContent)
      }
      guard let command = command(request.query) else { return .response(.text(400, "unknown command")) }
      session.send(command)
      return .response(.noContent)
    case "/scene.anim":
      // The one file served: the scene itself (as the page's "source" link).
      guard isGet else { return .response(.text(405, "GET only")) }
      // Read as the watcher reads it: a pipe swapped in would block the server.
      guard case .success(let data) = SceneWatcher.bytes(session.path) else {
        return .response(.text(404, "not found"))
      }
      return .response(HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: data))
    default:
      // A picture of the run, by its content's name: the same URL is the same bytes, so
      // the page's browser may keep it.
      guard isGet, let bytes = session.images.bytes(path: request.path) else {
        return .response(.text(404, "not found"))
      }
      var response = HTTPResponse(status: 200, contentType: "image/png", body: bytes)
      response.cacheControl = "private, max-age=31536000, immutable"
      return .response(response)
    }
  }

  /// The command a `/control` query names.
  static func command(_ q: [String: String]) -> SessionCommand? {
    func number(_ key: String) -> Double? { q[key].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
    func seed() -> UInt64?? {
      guard let s = q["seed"] else { return .none }
      if s.isEmpty { return .some(nil) }
      if let v = UInt64(s) { return .some(v) }
      if let v = Int64(s) { return .some(UInt64(bitPattern: v)) }
      return .none
    }
    switch q["cmd"] {
    case "tap":
      if let x = number("x"), let y = number("y") { return .tap(Point(x, y)) }
      return .tap(nil)
    case "press", "move":
      guard let x = number("x"), let y = number("y") else { return nil }
      return .pointer(q["cmd"] == "press" ? .press(Point(x, y)) : .move(Point(x, y)))
    case "release": return .pointer(.release)
    case "pause": return .pause(q["on"].map { $0 == "1" })
    case "restart": return .restart
    case "step":
      guard let by = q["by"].flatMap(Int.init), abs(by) <= 1_000_000 else { return nil }
      return .step(by)
    case "seek":
      if let f = q["frame"].flatMap(Int.init) { return .seek(frame: max(0, f), time: nil) }
      guard let t = number("t") else { return nil }
      return .seek(frame: nil, time: t)
    case "seed":
      guard let s = seed() else { return nil }
      return .seed(s)
    case "open":
      return .open(time: number("t"), paused: q["paused"] == "1", seed: seed() ?? nil)
    default: return nil
    }
  }
}
