import Foundation
import Testing

/// `animc run` in a real terminal (tmux): SGR mouse reports become presses, moves and
/// releases (§16), and a click still taps exactly once.
///
/// The pane is 160 × 49 cells: a 160 × 96-pixel canvas (48 text rows of two half-block
/// pixels, one status row). A 400 × 300 scene fits at k = min(160/400, 96/300) = 0.32,
/// 128 pixels wide, centred at x offset (160 − 128)/2 = 16, y offset 0. Scene point
/// (x, y) is pixel (16 + 0.32x, 0.32y), in column ⌊16 + 0.32x⌋ + 1 and row ⌊0.16y⌋ + 1.
// Disabled: under `swift test` the `tmux new-session` client is left a zombie and
// `Process.waitUntilExit` never returns (the same commands work from a shell). Until that
// is solved, `animc run`'s drags are untested here.
@Suite(.serialized, .disabled("hangs under swift test: the tmux client is never reaped")) struct RunPointerTests {
  static let columns = 160
  static let rows = 49

  /// A red badge at (300, 100) on black that follows the pointer while pressed; it has
  /// no `on release`, so it stays where it is dropped.
  static let badge = """
    scene {
      size 400, 300
      fps 10
      duration 60s
      background #000000
    }
    node badge = circle(24) {
      position (300, 100)
      fill #FF0000
      on drag {
        position drag.start + drag.translation
      }
    }
    """

  /// A half-transparent green square at each tap: one tap makes green ≈ 128 over black or
  /// red, two at the same point ≈ 191 (0.5 + 0.5·0.5 = 0.75 coverage).
  static let tapEmitter = """
    emitter mark {
      on tap
      spawn rect(40, 40) {
        position trigger.position
        fill #00FF00
        opacity 0.5
      }
    }
    """

  struct Tmux {
    let socket = "animc-run-\(getpid())"

    @discardableResult
    func run(_ args: [String]) throws -> String {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      p.arguments = ["tmux", "-L", socket] + args
      p.standardError = FileHandle.nullDevice
      // The server `new-session` starts keeps the descriptors it is given: only a capture,
      // which starts none, reads a pipe to its end.
      // Nor may it hold the test runner's standard input or error.
      p.standardInput = FileHandle.nullDevice
      p.standardError = FileHandle.nullDevice
      guard args.first == "capture-pane" else {
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return ""
      }
      let out = Pipe()
      p.standardOutput = out
      try p.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }

    /// Starts `animc run` on `source` and waits for its first frames.
    func start(_ source: String) throws {
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-run-pointer-\(getpid())")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      let file = dir.appendingPathComponent("scene.anim")
      try source.write(to: file, atomically: true, encoding: .utf8)
      let animc = CLITests.root.appendingPathComponent(".build/debug/animc").path
      try run([
        "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "\(animc) run \(file.path); sleep 30",
      ])
      Thread.sleep(forTimeInterval: 1.5)
    }

    func send(_ text: String) throws {
      try run(["send-keys", "-l", text])
      Thread.sleep(forTimeInterval: 0.05)
    }

    /// The pane's text, without colours.
    func text() throws -> String { try run(["capture-pane", "-p"]) }

    func stop() { _ = try? run(["kill-server"]) }

    /// The pane's cells as (top, bottom) half-block colours, by row then column, read from
    /// `capture-pane -e`'s SGR sequences.
    func cells() throws -> [[(top: [Int], bottom: [Int])]] {
      let text = try run(["capture-pane", "-e", "-p"])
      var grid: [[(top: [Int], bottom: [Int])]] = []
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var fg = [0, 0, 0]
        var bg = [0, 0, 0]
        var row: [(top: [Int], bottom: [Int])] = []
        var chars = Array(line.unicodeScalars)[...]
        while let c = chars.first {
          chars = chars.dropFirst()
          guard c == "\u{1B}" else {
            row.append((fg, bg))
            continue
          }
          guard let end = chars.firstIndex(where: { $0 == "m" }) else { break }
          let codes = String(String.UnicodeScalarView(chars[chars.startIndex..<end])).dropFirst()
            .split(separator: ";").map { Int($0) ?? -1 }
          chars = chars[(end + 1)...]
          var k = 0
          while k < codes.count {
            if codes[k] == 38 || codes[k] == 48, k + 4 < codes.count, codes[k + 1] == 2 {
              if codes[k] == 38 { fg = Array(codes[(k + 2)...(k + 4)]) } else { bg = Array(codes[(k + 2)...(k + 4)]) }
              k += 5
            } else {
              if codes[k] == 0 || codes[k] == 39 { fg = [0, 0, 0] }
              if codes[k] == 0 || codes[k] == 49 { bg = [0, 0, 0] }
              k += 1
            }
          }
        }
        grid.append(row)
      }
      return grid
    }
  }

  static var hasTmux: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
      || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
  }

  /// The cell (column, row from 1) holding scene point (x, y).
  static func cell(_ x: Double, _ y: Double) -> (column: Int, row: Int) {
    (Int((16 + 0.32 * x).rounded(.down)) + 1, Int((0.16 * y).rounded(.down)) + 1)
  }

  static func colour(_ grid: [[(top: [Int], bottom: [Int])]], _ c: (column: Int, row: Int)) -> [Int] {
    guard c.row - 1 < grid.count, c.column - 1 < grid[c.row - 1].count else { return [-1, -1, -1] }
    return grid[c.row - 1][c.column - 1].top
  }

  static func sgr(_ b: Int, _ c: (column: Int, row: Int), release: Bool = false) -> String {
    "\u{1B}[<\(b);\(c.column);\(c.row)\(release ? "m" : "M")"
  }

  @Test func aDragMovesTheBadgesCells() throws {
    guard Self.hasTmux else {
      print("skipped: tmux is not installed (apt-get install tmux)")
      return
    }
    let tmux = Tmux()
    defer { tmux.stop() }
    try tmux.start(Self.badge)
    let home = Self.cell(300, 100)
    let target = Self.cell(100, 200)
    let before = try tmux.cells()
    #expect(Self.colour(before, home) == [255, 0, 0])
    #expect(Self.colour(before, target) == [0, 0, 0])
    // Not mouse reports, each to be dropped whole: had their bytes been read as keys,
    // `p` would pause and `q` quit. A wheel report is ignored.
    try tmux.send("\u{1B}[<0;1p")
    try tmux.send("\u{1B}[<0;1;2;3q")
    try tmux.send("\u{1B}[A")
    try tmux.send(Self.sgr(64, home))
    // Press on the badge, three motions with the button held (code 32), release at the
    // target; each at least one frame (0.1 s) apart. The last motion is split in two
    // writes, as a terminal may deliver it.
    try tmux.send(Self.sgr(0, home))
    Thread.sleep(forTimeInterval: 0.3)
    for (x, y) in [(250.0, 130.0), (180.0, 170.0)] {
      try tmux.send(Self.sgr(32, Self.cell(x, y)))
      Thread.sleep(forTimeInterval: 0.3)
    }
    let last = Self.sgr(32, target)
    try tmux.send(String(last.prefix(5)))
    try tmux.send(String(last.dropFirst(5)))
    Thread.sleep(forTimeInterval: 0.3)
    let pressed = try tmux.cells()
    // The pointer's cross is drawn at its cell while pressed.
    #expect(Self.colour(pressed, target) == [255, 255, 255])
    try tmux.send(Self.sgr(0, target, release: true))
    Thread.sleep(forTimeInterval: 0.5)
    let after = try tmux.cells()
    // The press point and the release point are both cell centres, so the translation
    // carries the badge's centre from (300, 100) to within a cell of (100, 200).
    #expect(Self.colour(after, home) == [0, 0, 0])
    #expect(Self.colour(after, target) == [255, 0, 0])
    #expect(try tmux.text().contains("playing"))
  }

  /// A click (press and release in one place) taps once, with and without a node that
  /// receives presses: green ≈ 128, not 191 (two taps) nor 0 (none).
  @Test(arguments: [false, true]) func aClickTapsOnce(onBadge: Bool) throws {
    guard Self.hasTmux else {
      print("skipped: tmux is not installed (apt-get install tmux)")
      return
    }
    let tmux = Tmux()
    defer { tmux.stop() }
    let plain = "scene {\n  size 400, 300\n  fps 10\n  duration 60s\n  background #000000\n}"
    try tmux.start((onBadge ? Self.badge : plain) + "\n" + Self.tapEmitter)
    let at = Self.cell(300, 100)
    try tmux.send(Self.sgr(0, at))
    try tmux.send(Self.sgr(0, at, release: true))
    Thread.sleep(forTimeInterval: 0.6)
    let green = Self.colour(try tmux.cells(), at)[1]
    #expect((110...150).contains(green), "green \(green): one tap makes about 128")
  }
}
