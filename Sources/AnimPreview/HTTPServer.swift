import AnimThreads
import Dispatch
import Foundation

/// What a handler makes of a request: a response to send (and close), or a stream that
/// takes over the connection (its file descriptor, now blocking, is the stream's to close).
enum HTTPReply: Sendable {
  case response(HTTPResponse)
  case stream(@Sendable (Int32) -> Void)
}

/// An HTTP/1.1 server on 127.0.0.1: one thread polls the listener and every connection
/// still sending its request, so an idle connection costs a descriptor, not a thread.
///
/// Bounds: a request must arrive whole within `HTTPLimits.requestSeconds` and within
/// `HTTPLimits`' sizes; at most `maxPending` connections wait at once, and a new one
/// pushes out the oldest, so idle connections can never lock out a real request.
final class HTTPServer: Sendable {
  let port: Int
  static let maxPending = 128
  private let listener: Int32
  private let wake: (read: Int32, write: Int32)
  private let handler: @Sendable (HTTPRequest) -> HTTPReply
  private let finished = DispatchSemaphore(value: 0)
  private let state = Locked(RunState.idle)

  private enum RunState: Sendable { case idle, running, stopped }

  /// Listens on 127.0.0.1 at `port` (nil or 0: a free port).
  init(port: Int?, handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(PreviewError) {
    guard let pipe = Socket.makePipe() else { throw PreviewError("cannot create a pipe: \(Socket.errorText())") }
    switch Socket.listen(port: port ?? 0) {
    case .success(let (fd, actual)):
      listener = fd
      self.port = actual
    case .failure(let error):
      Socket.closeSocket(pipe.read)
      Socket.closeSocket(pipe.write)
      throw error
    }
    wake = pipe
    self.handler = handler
    Socket.ignoreBrokenPipes()
  }

  /// Starts serving on a thread of its own; an error when no thread can be had (the
  /// server stays idle, and `stop` closes its listener).
  func start() throws(PreviewError) {
    let fresh = state.withLock { s in
      defer { if s == .idle { s = .running } }
      return s == .idle
    }
    guard fresh else { return }
    do {
      // Polls and parses requests of bounded size: no recursion over the input.
      try NativeThread.detach(stack: NativeThread.smallStack) { [self] in
        self.serve()
        self.finished.signal()
      }
    } catch {
      state.withLock { $0 = .idle }
      throw PreviewError("cannot serve: \(error)")
    }
  }

  /// Stops serving: closes the listener and every waiting connection, and returns when
  /// the serving thread has left.
  func stop() {
    let was = state.withLock { s in
      defer { s = .stopped }
      return s
    }
    switch was {
    case .stopped: return
    case .idle: Socket.closeSocket(listener)
    case .running:
      Socket.writeByte(wake.write)
      finished.wait()
    }
    Socket.closeSocket(wake.read)
    Socket.closeSocket(wake.write)
  }

  private struct Pending {
    var fd: Int32
    var buffer: [UInt8] = []
    var deadline: UInt64
  }

  private func serve() {
    var pending: [Pending] = []
    while true {
      let fds = [wake.read, listener] + pending.map(\.fd)
      let ready = Socket.waitReadable(fds, milliseconds: 200)
      if ready[0] { break }
      var keep: [Pending] = []
      for (i, var connection) in pending.enumerated() {
        guard ready[i + 2] else {
          keep.append(connection)
          continue
        }
        if read(&connection) { keep.append(connection) }
      }
      pending = keep
      if ready[1] {
        while let fd = Socket.accept(listener) {
          if pending.count >= Self.maxPending {
            Socket.closeSocket(pending.removeFirst().fd)
          }
          let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(HTTPLimits.requestSeconds * 1e9)
          pending.append(Pending(fd: fd, deadline: deadline))
        }
      }
      let now = DispatchTime.now().uptimeNanoseconds
      pending.removeAll { connection in
        guard now > connection.deadline else { return false }
        respond(connection.fd, .text(408, "request took too long"), headOnly: false)
        return true
      }
    }
    for connection in pending { Socket.closeSocket(connection.fd) }
    Socket.closeSocket(listener)
  }

  /// Reads what `connection` sent; false when it is done with (answered or gone).
  private func read(_ connection: inout Pending) -> Bool {
    switch Socket.receive(connection.fd, limit: 16 * 1024) {
    case .wouldBlock: return true
    case .closed:
      Socket.closeSocket(connection.fd)
      return false
    case .bytes(let bytes): connection.buffer += bytes
    }
    switch HTTPParser.parse(connection.buffer) {
    case .incomplete:
      return true
    case .failed(let status, let message):
      respond(connection.fd, .text(status, message), headOnly: false)
      return false
    case .complete(let request):
      switch handler(request) {
      case .response(let response):
        respond(connection.fd, response, headOnly: request.method == "HEAD")
      case .stream(let take):
        Socket.makeBlocking(connection.fd, sendTimeout: 5)
        take(connection.fd)
      }
      return false
    }
  }

  /// Sends `response` and closes. The write gives up after a second: responses are small
  /// enough for the socket's buffer, so only a client that reads nothing is cut off.
  private func respond(_ fd: Int32, _ response: HTTPResponse, headOnly: Bool) {
    Socket.makeBlocking(fd, sendTimeout: 1)
    _ = Socket.sendAll(fd, response.bytes(headOnly: headOnly))
    Socket.closeSocket(fd)
  }
}

/// Why the preview could not start or serve.
package struct PreviewError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
