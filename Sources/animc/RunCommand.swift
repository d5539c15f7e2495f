import AnimCheck
import AnimIR
import AnimJSON
import AnimMath
import AnimModel
import AnimSim
import AnimSource
import AnimSyntax
import AnimWriters

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc run FILE`: plays a scene live in the terminal with truecolour half-block cells;
/// off a terminal it writes the same dump as `animc dump` to stdout.
enum RunCommand {
  static let summary = "Play a scene live in the terminal (or dump it when not a terminal)."

  static let spec = CommandSpec(
    name: "run",
    summary: summary,
    usage: "[options] FILE | -",
    options: DumpCommand.spec.options.filter { $0.names != ["-o", "--output"] }
      + [OptionSpec(names: ["--web"], value: nil, help: "Play in the browser instead (as `animc preview`).")]
      + PreviewCommand.options,
    details: """
      Keys: space or enter taps (every `on tap` emitter fires at its origin), a mouse click
      taps at the pointer, pressing, moving and releasing the left button drags (§16), p
      pauses and resumes, q or Ctrl-C quits. The file's `input` events play too. When stdout is not a terminal, the frames are dumped as by `animc dump`.
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    guard let path = spec.singleInput(parsed) else { return .usage }
    if parsed.has("--web") { return PreviewCommand.serve(path: path, parsed) }
    let request: DumpRequest
    do { request = try DumpRequest(parsed) } catch { return Console.fail(error.message) }
    guard Console.stdoutIsTerminal, isatty(STDIN_FILENO) == 1 else {
      return DumpCommand.dump(path: path, request, color: parsed.value("--color"))
    }
    let (loaded, status) = SceneLoader.load(path, color: parsed.value("--color"))
    guard let (file, ir) = loaded else { return status }
    let simulator: Simulator
    do { simulator = try Simulator(ir, options: request.options) } catch { return Console.fail(error.message) }
    var player = LivePlayer(simulator: simulator)
    let terminal = Terminal.enter()
    let outcome = player.play()
    terminal.restore()
    if let error = outcome {
      guard error.range != nil else { return Console.fail(error.message) }
      Console.err(
        DiagnosticRenderer(useColor: Console.useColor(parsed.value("--color"))).render([error.diagnostic], in: file))
      return .failure
    }
    return .success
  }
}

/// Set by SIGINT/SIGTERM; the play loop polls it and leaves, restoring the terminal.
nonisolated(unsafe) var stopRequested: sig_atomic_t = 0

/// Raw mode, the alternate screen, a hidden cursor and SGR mouse reporting — and the
/// way back, which `restore()` always takes.
struct Terminal {
  private var saved = termios()
  private var hasSaved = false

  static func enter() -> Terminal {
    var t = Terminal()
    if tcgetattr(STDIN_FILENO, &t.saved) == 0 {
      t.hasSaved = true
      var raw = t.saved
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
      raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }
    stopRequested = 0
    signal(SIGINT) { _ in stopRequested = 1 }
    signal(SIGTERM) { _ in stopRequested = 1 }
    Console.out("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[2J")
    return t
  }

  func restore() {
    Console.out("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
    if hasSaved {
      var t = saved
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &t)
    }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  /// Columns and rows of the terminal (80 × 24 when unknown).
  static var size: (columns: Int, rows: Int) {
    var ws = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 1 else { return (80, 24) }
    return (Int(ws.ws_col), Int(ws.ws_row))
  }
}

/// The live loop: frames at the scene's fps on the wall clock, keys and clicks turned
/// into events at the current run time.
struct LivePlayer {
  let simulator: Simulator
  private var canvas: TerminalCanvas? = nil
  private var pending: [UInt8] = []
  /// The pointer's cell (column, row from 1) while the left button is down.
  private var pressedCell: (column: Int, row: Int)? = nil

  init(simulator: Simulator) {
    self.simulator = simulator
  }

  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Plays until `q`, Ctrl-C or a signal; returns the error that stopped the run, if any.
  mutating func play() -> SimulationError? {
    let start = Self.now()
    var frame = 0
    while stopRequested == 0 {
      let due = start + Double(frame) / simulator.fps
      let wait = max(0, due - Self.now())
      var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      if poll(&fds, 1, Int32(min(wait * 1000, 1000))) > 0 {
        if !readInput(runTime: Self.now() - start) { return nil }
        continue
      }
      guard Self.now() >= due else { continue }
      // Behind the wall clock: simulate the late frames, draw only the latest.
      let late = Self.now() > due + 1 / simulator.fps
      do { try simulator.step() } catch { return error }
      frame += 1
      if !late { draw() }
    }
    return nil
  }

  /// Handles the bytes waiting on stdin; false to quit.
  private mutating func readInput(runTime: Double) -> Bool {
    var bytes = [UInt8](repeating: 0, count: 256)
    let n = read(STDIN_FILENO, &bytes, bytes.count)
    guard n > 0 else { return true }
    pending += bytes[0..<n]
    while let first = pending.first {
      if first == 0x1B {
        switch TerminalMouse.scan(pending[...]) {
        case .incomplete: return true
        case .invalid(let skip): pending.removeFirst(min(skip, pending.count))
        case .report(let mouse, let length):
          pending.removeFirst(length)
          pointer(mouse, runTime: runTime)
        }
        continue
      }
      pending.removeFirst()
      switch first {
      case UInt8(ascii: "q"), 0x03, 0x04: return false
      case UInt8(ascii: " "), 0x0D, 0x0A: simulator.inject(.tap(.none), atRunTime: runTime)
      case UInt8(ascii: "p"): simulator.inject(simulator.isPaused ? .resume : .pause, atRunTime: runTime)
      default: break
      }
    }
    return true
  }

  /// A mouse report as a press, a move or a release (§16) at run time `runTime`. A short
  /// press and release is a tap, and in a scene where nothing receives presses the press
  /// is (the simulator decides, §16).
  private mutating func pointer(_ mouse: TerminalMouse, runTime: Double) {
    guard let canvas else { return }
    switch mouse {
    case .press(let column, let row):
      let p = canvas.scenePoint(column: column, row: row)
      pressedCell = (column, row)
      simulator.inject(.press(.point(p), .reported), atRunTime: runTime)
    case .drag(let column, let row):
      guard pressedCell != nil else { return }
      pressedCell = (column, row)
      simulator.inject(.move(canvas.scenePoint(column: column, row: row)), atRunTime: runTime)
    case .release(let column, let row):
      guard pressedCell != nil else { return }
      pressedCell = nil
      simulator.inject(.move(canvas.scenePoint(column: column, row: row)), atRunTime: runTime)
      simulator.inject(.release, atRunTime: runTime)
    case .other: return
    }
    // A paused scene draws no new frames: the pointer shows at once.
    if simulator.isPaused { draw() }
  }

  private mutating func draw() {
    let (columns, rows) = Terminal.size
    let settings = simulator.scene.settings
    if canvas?.width != columns || canvas?.height != (rows - 1) * 2 {
      canvas = TerminalCanvas(
        width: columns, height: (rows - 1) * 2, sceneWidth: settings.width, sceneHeight: settings.height)
    }
    guard var canvas else { return }
    canvas.render(simulator.frame, RunHeader(simulator, frames: simulator.frameCount))
    self.canvas = canvas
    var out: [UInt8] = Array("\u{1B}[H".utf8)
    out.reserveCapacity(columns * rows * 40)
    var lastTop = ""
    var lastBottom = ""
    for row in 0..<(rows - 1) {
      for x in 0..<columns {
        let top = canvas.pixel(x, 2 * row)
        let bottom = canvas.pixel(x, 2 * row + 1)
        let fg = "\(top.r);\(top.g);\(top.b)"
        let bg = "\(bottom.r);\(bottom.g);\(bottom.b)"
        if fg != lastTop { out += Array("\u{1B}[38;2;\(fg)m".utf8) }
        if bg != lastBottom { out += Array("\u{1B}[48;2;\(bg)m".utf8) }
        lastTop = fg
        lastBottom = bg
        if let cell = pressedCell, cell.column == x + 1, cell.row == row + 1 {
          // The pressed pointer: a white cross on black, the colours set afresh after it.
          out += Array("\u{1B}[38;2;255;255;255m\u{1B}[48;2;0;0;0m+".utf8)
          lastTop = ""
          lastBottom = ""
        } else {
          out += Array("▀".utf8)
        }
      }
      out += Array("\u{1B}[0m\r\n".utf8)
      lastTop = ""
      lastBottom = ""
    }
    let state = simulator.isPaused ? "paused" : "playing"
    let status =
      " \(settings.title) — \(state) t=\(JSONNumber.format((simulator.frame.time * 10).rounded() / 10))s  space/click: tap  drag: press and move  p: pause  q: quit"
    out += Array("\u{1B}[0m\u{1B}[K\(status.prefix(columns))".utf8)
    Console.out(out)
  }
}
