import AnimJSON
import AnimKit
import AnimThreads
import Dispatch
import Foundation

/// What the session sends one page, in order.
enum StreamItem: Sendable {
  /// A new run begins (start, restart, seek back, reload): §9's header line, after which
  /// every shape is announced again.
  case begin(RunHeader)
  /// A frame: its shape lines, when new to this page, and its frame line. The only item
  /// a slow page may miss.
  case frame(Frame)
  /// One JSON record of a type a dump does not have (`preview`, `diagnostics`).
  case record(String)
  /// The page has begun to draw the last frame it got: it may have the newest.
  case drawn
}

/// One page's Server-Sent Events stream, written by a thread of its own from a bounded
/// queue, so that the simulation never waits for a page.
///
/// The page is sent a dump's header line and records of the preview's own, each event's
/// `data:` lines being JSON lines, and each frame as a `BinaryFrame` event, encoded here by
/// this stream's own `BinaryFrameEncoder`: frames a slow page skips are never encoded, and
/// a shape is announced before the first frame this page gets that draws it. When more than `maxFrames` frames wait, the oldest are dropped; a page that
/// falls `maxQueued` items behind, or takes longer than the send timeout to take a write,
/// is disconnected.
///
/// Pacing: a page that says when it draws (`drawn`, after the stream's first record
/// `{"type":"stream","id":N}` named it) is sent one frame and then none until it has begun
/// to draw that one; meanwhile only the newest frame is kept. A page then gets frames as
/// fast as it draws them, and spends no time receiving frames it would not draw (with
/// thousands of records, reading the surplus halved what it drew). A page that never says
/// so, or falls silent for `drawnTimeout`, is sent every frame as before.
final class EventStream: Sendable {
  static let maxFrames = 2
  static let maxQueued = 256
  static let drawnTimeout = 1.0
  private static let counter = Locked(0)
  /// The stream's number, by which its page says `drawn`.
  let id: Int
  /// Seconds without anything to send after which a comment line keeps the connection
  /// alive and reveals a page that has gone.
  static let keepAliveSeconds = 5.0

  private let fd: Int32
  private let queue = Mailbox<StreamItem>()
  private let closedFD = Locked(false)
  private let onEnd: @Sendable (EventStream) -> Void
  private let ended = DispatchSemaphore(value: 0)
  private let images: PreviewImages

  /// A stream over the connection `fd`, naming pictures by their URLs in `images`;
  /// `onEnd` is called once when it ends.
  init(fd: Int32, images: PreviewImages, onEnd: @escaping @Sendable (EventStream) -> Void) {
    self.fd = fd
    self.images = images
    self.onEnd = onEnd
    id = Self.counter.withLock { n in
      n += 1
      return n
    }
  }

  /// The page has begun to draw the last frame sent; never waits.
  func drawn() { queue.put(.drawn) }

  /// Queues `item`; never waits.
  func push(_ item: StreamItem) {
    var overflow = false
    queue.put(item) { items in
      if case .frame = item {
        var frames = items.indices.filter { if case .frame = items[$0] { true } else { false } }
        while frames.count >= Self.maxFrames {
          items.remove(at: frames.removeFirst())
          frames = frames.map { $0 - 1 }
        }
      }
      overflow = items.count >= Self.maxQueued
    }
    if overflow { close() }
  }

  /// Ends the stream: wakes the writer, which closes the connection.
  func close() {
    queue.close()
    closedFD.withLock { done in
      // Wakes a writer blocked in `send`; the descriptor itself is closed by the writer.
      if !done { Socket.shutdownBoth(fd) }
      done = true
    }
  }

  /// Waits (at most `seconds`) for the writer to close the connection after `close`.
  func join(seconds: Double = 2) {
    _ = ended.wait(timeout: .now() + seconds)
  }

  /// Sends the response head and then events until closed or the page goes away, on a
  /// thread of its own; an error when no thread can be had (the connection is the
  /// caller's again: `refuse` answers and closes it).
  func start() throws(NativeThread.StartError) {
    // Encodes frames into a buffer and sends it: no recursion over the input.
    try NativeThread.detach(stack: NativeThread.smallStack) { [self] in
      self.write()
      self.queue.close()
      self.closedFD.withLock { $0 = true }
      Socket.closeSocket(self.fd)
      self.onEnd(self)
      self.ended.signal()
    }
  }

  /// Answers `response` instead of the stream and closes the connection: for a stream
  /// that did not start.
  func refuse(_ response: HTTPResponse) {
    queue.close()
    closedFD.withLock { $0 = true }
    _ = Socket.sendAll(fd, response.bytes(headOnly: false))
    Socket.closeSocket(fd)
    ended.signal()
  }

  private func write() {
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n" + HTTPResponse.commonHeaders
      + "\r\n"
    guard Socket.sendAll(fd, Array(head.utf8) + Self.event(Array("{\"type\":\"stream\",\"id\":\(id)}\n".utf8)))
    else { return }
    let sink = LineSink()
    var writer: JSONLinesWriter? = nil
    var frames = BinaryFrameEncoder()
    var out: [UInt8] = []
    var pace = Pace()
    func send(_ frame: Frame) {
      let (announce, bytes) = frames.encode(frame)
      sink.bytes += announce
      if !sink.bytes.isEmpty { out += Self.event(sink.bytes) }
      sink.bytes.removeAll(keepingCapacity: true)
      out += Self.binaryEvent(bytes)
      pace.sent()
    }
    while let items = queue.take(until: pace.deadline(keepAlive: Self.keepAliveSeconds)) {
      sink.bytes.removeAll(keepingCapacity: true)
      out.removeAll(keepingCapacity: true)
      if items.isEmpty {
        if let frame = pace.takeOverdue() {
          send(frame)
        } else {
          out += Array(":\n\n".utf8)
        }
      }
      for item in items {
        switch item {
        case .begin(let header):
          writer = JSONLinesWriter(to: sink)
          frames.begin()
          // A frame held from the run before must not follow the new header.
          pace.forget()
          // The sink is memory; a writer that fails ends the stream, and the page reconnects.
          do { try writer?.begin(header) } catch { return }
          // The page cannot read the scene's files: each picture follows the header as a
          // record of its own, a type that dump readers skip (§9), naming the URL that
          // serves it (the page loads it once, however often the run begins again).
          for image in header.images {
            guard let url = images.path(of: image) else { continue }
            let record = JSONValue.object([
              ("type", .string("image")), ("name", .string(image.name)), ("url", .string(url)),
            ])
            sink.bytes += Array(record.serialized.utf8)
            sink.bytes.append(0x0A)
          }
        case .frame(let frame):
          // Before any header the page could not place a frame (nor would a dump).
          guard writer != nil else { continue }
          if pace.hold(frame) { continue }
          send(frame)
        case .drawn:
          if let frame = pace.drawn() { send(frame) }
        case .record(let line):
          sink.bytes += Array(line.utf8)
          sink.bytes.append(0x0A)
        }
      }
      if !sink.bytes.isEmpty { out += Self.event(sink.bytes) }
      if !out.isEmpty { guard Socket.sendAll(fd, out) else { return } }
    }
  }

  /// A `BinaryFrame` as one `frame-bin` event: its base64 on one `data:` line.
  static func binaryEvent(_ frame: [UInt8]) -> [UInt8] {
    var out = Array("event: frame-bin\ndata: ".utf8)
    out += Base64.bytes(frame)
    out += [0x0A, 0x0A]
    return out
  }

  /// JSON lines (each ending in a line feed) as one event of `data:` lines.
  static func event(_ lines: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.count + 64)
    let prefix = Array("data: ".utf8)
    var rest = lines[...]
    while !rest.isEmpty {
      let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
      out += prefix
      out += rest[..<end]
      out.append(0x0A)
      rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...]
    }
    out.append(0x0A)
    return out
  }
}

/// The bytes a stream's writer has made for the event being built.
private final class LineSink: ByteSink {
  var bytes: [UInt8] = []
  func write(_ bytes: [UInt8]) throws { self.bytes += bytes }
}
