import AnimJSON
import AnimKit
import AnimModel
import AnimSim
import AnimSource
import Dispatch
import Foundation

/// The session thread's state and loop (see `PreviewSession`).
///
/// Clock: while playing, frame k is due at `origin + k / fps` on the monotonic clock. A
/// loop that falls more than a few frames behind (a scene too heavy to simulate in real
/// time) moves `origin` instead of rushing, so pages see every frame it makes.
struct SessionLoop {
  let path: String
  private var watcher: SceneWatcher
  private var playback: Playback?
  private var paused = false
  /// The diagnostics shown over the last good frame, when the file has errors or the run
  /// stopped with an error.
  private var failure: String? = nil
  private var origin = 0.0
  private var generation = -1
  private let initialSeed: UInt64?
  private let broadcast: (StreamItem) -> Void

  init(path: String, seed: UInt64?, first: SceneLoad, broadcast: @escaping (StreamItem) -> Void) {
    self.path = path
    self.initialSeed = seed
    self.broadcast = broadcast
    watcher = SceneWatcher(path: path)
    _ = watcher.poll()
    apply(first)
  }

  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  mutating func run(_ inbox: Mailbox<SessionCommand>) {
    var nextPoll = Self.now()
    origin = Self.now()
    while true {
      let now = Self.now()
      var wake = nextPoll
      if let p = playback, !paused, failure == nil { wake = min(wake, origin + Double(p.index + 1) / p.fps) }
      let deadline = Date(timeIntervalSinceNow: max(0, wake - now))
      guard let commands = inbox.take(until: deadline) else { return }
      for command in commands { handle(command) }
      if Self.now() >= nextPoll {
        nextPoll = Self.now() + 0.05
        if let load = watcher.poll() { apply(load) }
      }
      tick()
    }
  }

  /// Plays on when a frame is due.
  private mutating func tick() {
    guard var p = playback, !paused, failure == nil else { return }
    let now = Self.now()
    let due = origin + Double(p.index + 1) / p.fps
    guard now >= due else { return }
    if now - due > 4 / p.fps { origin = now - Double(p.index + 1) / p.fps }
    let wrapped = p.index + 1 >= p.frameCount
    attempt { try p.advance() }
    if wrapped { origin = now }
    playback = p
    publish()
  }

  private mutating func handle(_ command: SessionCommand) {
    switch command {
    case .attach(let stream):
      if let header = playback?.header { stream.push(.begin(header)) }
      stream.push(.record(status()))
      stream.push(.record(diagnostics()))
      if let frame = playback?.frame { stream.push(.frame(frame)) }
      return
    case .tap(let point):
      playback?.tap(at: point)
      // A tap while paused shows at once: the paused frame is replaced by the next.
      if paused { change { try $0.advance() } }
    case .pointer(let input):
      playback?.give(input)
      // As a tap: while paused, the frame after shows the pointer's effect (§16: a drag
      // goes on while the scene is paused).
      if paused { change { try $0.advance() } }
    case .pause(let on):
      paused = on ?? !paused
      resync()
    case .restart:
      change { try $0.clear() }
      resync()
    case .step(let by):
      guard paused, let p = playback else { return }
      change { try $0.show(max(0, min(p.frameCount - 1, p.index + by))) }
    case .seek(let frame, let time):
      guard let p = playback else { return }
      change { try $0.show(frame ?? p.frameIndex(atTime: time ?? 0)) }
      resync()
    case .seed(let seed):
      change { try $0.reseed(seed) }
      resync()
    case .open(let time, let pause, let seed):
      if let seed, seed != playback?.runSeed { change { try $0.reseed(seed) } }
      if let time, let p = playback { change { try $0.show(p.frameIndex(atTime: time)) } }
      paused = pause
      resync()
    }
    broadcast(.record(status()))
  }

  /// Runs `body` on the playback and shows what it made.
  private mutating func change(_ body: (inout Playback) throws -> Void) {
    guard var p = playback else { return }
    attempt { try body(&p) }
    playback = p
    publish()
  }

  /// Restarts the clock from the frame shown.
  private mutating func resync() {
    if let p = playback { origin = Self.now() - Double(max(0, p.index)) / p.fps }
  }

  /// Runs a simulation step; a run-time error becomes the overlay.
  private mutating func attempt(_ body: () throws -> Void) {
    do { try body() } catch {
      let text: String
      if let e = error as? SimulationError, let file = try? sourceFile() {
        text = DiagnosticRenderer(useColor: false).render([e.diagnostic], in: file)
      } else {
        text = "\(path): \(error)\n"
      }
      fail(text)
    }
  }

  /// The scene's text as the watcher reads it (a pipe swapped in never blocks the loop).
  private func sourceFile() throws -> SourceFile {
    SourceFile(name: path, bytes: try SceneWatcher.bytes(path).get())
  }

  /// A new version of the file: a clean scene replaces the old one at the same frame
  /// with the same taps; errors keep the last good frame and show the overlay.
  private mutating func apply(_ load: SceneLoad) {
    switch load {
    case .failed(let text):
      fail(text)
    case .scene(let scene):
      failure = nil
      if var p = playback {
        attempt { try p.replace(scene) }
        playback = p
      } else {
        var p = Playback(scene: scene, seed: initialSeed)
        attempt { try p.show(0) }
        playback = p
      }
      resync()
      broadcast(.record(diagnostics()))
      publish()
      broadcast(.record(status()))
    }
  }

  private mutating func fail(_ text: String) {
    failure = text
    broadcast(.record(diagnostics()))
    broadcast(.record(status()))
  }

  /// Sends the frame shown, after a header when the run is a new one.
  private mutating func publish() {
    guard let p = playback, let frame = p.frame else { return }
    if p.generation != generation, let header = p.header {
      generation = p.generation
      broadcast(.begin(header))
    }
    broadcast(.frame(frame))
  }

  /// The `preview` record: what the page's controls show.
  private func status() -> String {
    var s = "{\"type\":\"preview\",\"paused\":\(paused),\"failed\":\(failure != nil)"
    if let p = playback {
      s += ",\"frame\":\(p.index),\"frames\":\(p.frameCount),\"fps\":\(JSONNumber.format(p.fps))"
      s += ",\"seed\":\(JSONString.quoted(String(p.runSeed)))"
    }
    return s + "}"
  }

  /// The `diagnostics` record: the overlay's text, empty when there is nothing to show.
  private func diagnostics() -> String {
    "{\"type\":\"diagnostics\",\"text\":\(JSONString.quoted(failure ?? ""))}"
  }
}
