import AnimKit
import AnimThreads
import Dispatch
import Foundation

/// What a page asks of the session.
enum SessionCommand: Sendable {
  /// A tap at a scene point, or at the origins (nil).
  case tap(Point?)
  /// The pointer's press, move and release (§16), in scene points.
  case pointer(PageInput)
  /// Pause (true), play (false) or toggle (nil).
  case pause(Bool?)
  /// Forget the taps and start again at frame 0.
  case restart
  /// One frame forward or back, while paused.
  case step(Int)
  /// Show frame n, or the frame at run time t; deterministic, whichever way.
  case seek(frame: Int?, time: Double?)
  /// Replay from frame 0 with another seed (nil: the scene's).
  case seed(UInt64?)
  /// A page's opening state (its URL fragment): seed, then time, then paused.
  case open(time: Double?, paused: Bool, seed: UInt64?)
  /// A new page to bring up to date.
  case attach(EventStream)
}

/// The preview's one simulation, shared by every page: a thread that plays the scene at
/// its fps on the wall clock, takes the pages' commands, reloads the file when it
/// changes, and hands each frame to every page's stream without waiting for any.
final class PreviewSession: Sendable {
  static let maxStreams = 8
  let path: String
  /// The first load, for the command line to report.
  let initialLoad: SceneLoad
  private let seed: UInt64?
  private let inbox = Mailbox<SessionCommand>()
  private let streams = Locked<[EventStream]>([])
  private let finished = DispatchSemaphore(value: 0)
  private let started = Locked(false)
  /// The current run's pictures, by URL.
  let images = PreviewImages()

  init(path: String, seed: UInt64?) {
    self.path = path
    self.seed = seed
    initialLoad = SceneWatcher.load(path)
  }

  /// Starts the simulation on a thread of its own; an error when no thread can be had.
  func start() throws(PreviewError) {
    started.withLock { $0 = true }
    do {
      // The thread parses, checks and simulates each version of the scene: as deep as
      // the scene nests, as the command line's main thread.
      try NativeThread.detach(stack: NativeThread.deepStack) { [self] in
        var loop = SessionLoop(path: self.path, seed: self.seed, first: self.initialLoad) { item in
          // A run's pictures are served before any page hears of them.
          if case .begin(let header) = item { self.images.register(header.images) }
          for stream in self.streams.withLock({ $0 }) { stream.push(item) }
        }
        loop.run(self.inbox)
        self.finished.signal()
      }
    } catch {
      started.withLock { $0 = false }
      throw PreviewError("cannot simulate: \(error)")
    }
  }

  func send(_ command: SessionCommand) { inbox.put(command) }

  /// Takes over connection `fd` as a page's event stream; the oldest stream makes room
  /// when `maxStreams` are open.
  func attach(_ fd: Int32) {
    let stream = EventStream(fd: fd, images: images) { [streams] ended in
      streams.withLock { $0.removeAll { $0 === ended } }
    }
    let evicted: EventStream? = streams.withLock { list in
      list.append(stream)
      return list.count > Self.maxStreams ? list.removeFirst() : nil
    }
    evicted?.close()
    do {
      try stream.start()
    } catch {
      // No thread for this page: it is told so and its connection closed, not kept.
      streams.withLock { $0.removeAll { $0 === stream } }
      stream.refuse(HTTPResponse.text(503, "\(error)"))
      return
    }
    send(.attach(stream))
  }

  /// Stops the simulation and closes every stream (again: nothing more happens).
  func stop() {
    inbox.close()
    let wasStarted = started.withLock { s in
      defer { s = false }
      return s
    }
    if wasStarted { finished.wait() }
    let open = streams.withLock { $0 }
    for stream in open { stream.close() }
    for stream in open { stream.join() }
  }

  var streamCount: Int { streams.withLock { $0.count } }

  /// Stream `id`'s page has begun to draw the last frame it got (nothing when it is gone).
  func drawn(stream id: Int) {
    streams.withLock { list in list.first { $0.id == id } }?.drawn()
  }
}
