import Foundation
import Testing

/// `animc dump` (and `animc run` off a terminal) as scripts see it (§9, §10). The
/// values inside frames are the AnimSim example suites' job; here: the command line,
/// the header, counts, files and exit statuses.
@Suite struct DumpCommandTests {
  /// A fresh folder for files a test writes.
  static func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-dump-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  static func frameLines(_ text: String) -> [String] { lines(text).filter { $0.hasPrefix(#"{"type":"frame""#) } }

  @Test func aSignalLeavesNoTemporaryFileBehind() throws {
    // A day of frames is written to a temporary file beside the target; SIGTERM while it
    // is being written removes it, and animc ends by the signal, as scripts expect. (The
    // test runner's threads block SIGTERM, and a child inherits that: animc unblocks it.)
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Process()
    p.executableURL = CLITests.root.appendingPathComponent(".build/debug/animc")
    let target = dir.appendingPathComponent("out.jsonl").path
    p.arguments = ["dump", "examples/floating-hearts.anim", "--duration", "86400s", "-o", target]
    p.currentDirectoryURL = CLITests.root
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    let contents = { (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] }
    let deadline = Date().addingTimeInterval(20)
    while contents().isEmpty && Date() < deadline && p.isRunning { usleep(20_000) }
    #expect(contents().contains { $0.hasPrefix(".out.jsonl.animc-") && $0.hasSuffix(".tmp") })
    p.terminate()
    p.waitUntilExit()
    #expect(p.terminationReason == .uncaughtSignal)
    #expect(p.terminationStatus == SIGTERM)
    #expect(contents().isEmpty)
  }

  @Test func headerFieldsAndFrameRange() throws {
    let r = try CLITests.animc(["dump", "--frames", "3..5", "examples/heart-view.anim"])
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    let lines = Self.lines(r.stdout)
    // The scene's settings (375 × 667, fps 60, seed 7, white), `frames` = lines written.
    #expect(
      lines.first
        == ##"{"type":"header","scene":"HeartView","width":375,"height":667,"fps":60,"seed":7,"frames":3,"background":"#FFFFFFFF"}"##
    )
    // The button's shape line comes before the first frame written, then frames 3, 4, 5.
    #expect(lines.count == 5)
    #expect(lines.dropFirst().first?.hasPrefix(#"{"type":"shape","id":"button","#) == true)
    let frames = Self.frameLines(r.stdout)
    #expect(frames.count == 3)
    for (k, n) in [3, 4, 5].enumerated() {
      // t = n / 60, written with 6 decimals at most: 0.05, 0.066667, 0.083333.
      let time = ["0.05", "0.066667", "0.083333"][k]
      #expect(frames[k].hasPrefix(#"{"type":"frame","frame":\#(n),"time":\#(time),"nodes":["#))
    }
  }

  @Test func overridesShowInTheHeader() throws {
    let r = try CLITests.animc(["dump", "--fps", "10", "--seed", "99", "--duration", "1s", "examples/love-burst.anim"])
    #expect(r.status == 0)
    #expect(
      Self.lines(r.stdout).first
        == ##"{"type":"header","scene":"Love","width":375,"height":667,"fps":10,"seed":99,"frames":10,"background":"#000000FF"}"##
    )
  }

  @Test func csvHeaderRowIsExactlyTheSpecs() throws {
    let r = try CLITests.animc([
      "dump", "--format", "csv", "--duration", "0.5s", "--fps", "10", "examples/ca-sticky.anim",
    ])
    #expect(r.status == 0)
    let rows = Self.lines(r.stdout)
    #expect(
      rows.first
        == "frame,time,id,shape,x,y,scaleX,scaleY,rotation,opacity,fill,stroke,lineWidth,strokeStart,strokeEnd,tint,z,a,b,c,d,tx,ty"
    )
    // ca-sticky has three nodes from t = 0 (smallCircle, bridge, bubble): 5 frames × 3 rows.
    #expect(rows.count == 1 + 5 * 3)
    // Every row has the 23 cells; frame 0's smallCircle at the scene centre (187.5, 333.5),
    // no stroke, no trim, no tint: empty cells.
    #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 23 })
    #expect(rows[1].hasPrefix("0,0,smallCircle,smallCircle,187.5,333.5,1,1,0,1,#FF3B30FF,,,,,,0,"))
  }

  @Test func tapsAddSpawns() throws {
    // ca-timing's `pageCurl` fires on any tap; its own first tap is at 1 s.
    let base = ["dump", "--duration", "1s", "--fps", "10", "examples/ca-timing.anim"]
    let without = try CLITests.animc(base)
    #expect(without.status == 0)
    #expect(!without.stdout.contains(#""id":"pageCurl#0""#))
    let with = try CLITests.animc(base + ["--tap", "0.5s@120,300"])
    #expect(with.status == 0)
    let frames = Self.frameLines(with.stdout)
    #expect(frames.count == 10)
    // Created at 0.5 s: in frames 5 … 9, not before.
    #expect(frames.prefix(5).allSatisfy { !$0.contains(#""id":"pageCurl#0""#) })
    #expect(frames.suffix(5).allSatisfy { $0.contains(#""id":"pageCurl#0""#) })
    // Its shape line (an inline shape takes the emitter's name) appears once.
    #expect(Self.lines(with.stdout).filter { $0.hasPrefix(#"{"type":"shape","id":"pageCurl""#) }.count == 1)
  }

  @Test func aTapWithoutAPointFiresAtTheOrigin() throws {
    // heart-view's `likes` has `origin button.position` = (305, 600); `--tap 0.2s` fires
    // it there (its own first tap is at 0.5 s). Frame 2 (t = 0.2): likes#0 at (305, 600).
    let r = try CLITests.animc([
      "dump", "--duration", "0.4s", "--fps", "10", "--tap", "0.2s", "examples/heart-view.anim",
    ])
    #expect(r.status == 0)
    let frames = Self.frameLines(r.stdout)
    #expect(frames.count == 4)
    #expect(!frames[1].contains("likes#0"))
    #expect(frames[2].contains(#"{"id":"likes#0","shape":"like","x":305,"y":600,"#))
  }

  @Test func outputFileHoldsTheSameBytesAsStdout() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("dump.jsonl").path
    let args = ["dump", "--duration", "2s", "examples/love-burst.anim"]
    let stdout = try CLITests.animc(args)
    let file = try CLITests.animc(args + ["-o", out])
    #expect(stdout.status == 0)
    #expect(file.status == 0)
    #expect(file.stdout.isEmpty)
    let written = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(written == Data(stdout.stdout.utf8))
    #expect(!written.isEmpty)
    // Nothing left beside it (the temporary file was renamed into place).
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dump.jsonl"])
  }

  @Test func outputOverTheInputIsRefused() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("scene.anim")
    let source = try String(
      contentsOf: CLITests.root.appendingPathComponent("examples/heart-view.anim"), encoding: .utf8)
    try source.write(to: input, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["dump", input.path, "-o", input.path])
    #expect(r.status == 2)
    #expect(!r.stderr.isEmpty)
    #expect(try String(contentsOf: input, encoding: .utf8) == source)
  }

  @Test func aFileWithErrorsExitsOne() throws {
    let r = try CLITests.animc(["dump", "-"], stdin: "node n = circle(5) {\n  animate x to 5 over 6\n}\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("<stdin>:2:23: error: expected a Duration, found a Number [E0310]"))
  }

  @Test func commandLineMistakesExitTwo() throws {
    #expect(try CLITests.animc(["dump", "--frames", "5..3", "examples/heart-view.anim"]).status == 2)
    #expect(try CLITests.animc(["dump", "--format", "xml", "examples/heart-view.anim"]).status == 2)
    #expect(try CLITests.animc(["dump", "--tap", "soon", "examples/heart-view.anim"]).status == 2)
    #expect(try CLITests.animc(["dump", "--duration", "-1s", "examples/heart-view.anim"]).status == 2)
    #expect(try CLITests.animc(["dump", "no/such/file.anim"]).status == 2)
  }

  @Test func durationForms() throws {
    // N = round(duration × fps), no frame at t = duration: 1.5 × 60 = 90 for every form.
    for d in ["1500ms", "1.5s", "1.5"] {
      let r = try CLITests.animc(["dump", "--duration", d, "examples/heart-view.anim"])
      #expect(r.status == 0, "\(d)")
      #expect(Self.lines(r.stdout).first?.contains(#""frames":90,"#) == true, "\(d)")
      let frames = Self.frameLines(r.stdout)
      #expect(frames.count == 90, "\(d)")
      // The last frame is 89 at t = 89 / 60 = 1.483333.
      #expect(frames.last?.hasPrefix(#"{"type":"frame","frame":89,"time":1.483333,"#) == true, "\(d)")
    }
    // 1.5 × 30 = 45.
    let r = try CLITests.animc(["dump", "--duration", "1500ms", "--fps", "30", "examples/heart-view.anim"])
    #expect(Self.frameLines(r.stdout).count == 45)
  }

  /// Scenes a fuzzer found to hang `dump` (events without bound between two frames) are
  /// refused by the checker at the value that asked for them, with exit status 1.
  @Test(
    "fuzzed hangs end with their limit",
    arguments: [
      (
        "input { speed 1e300 at 0s }\nemitter e { every 1s\n spawn circle(1) { animate x to 1 over 1s } }\n",
        "<stdin>:3:15: error: `speed` must lie in 0…1000, found 1e+300 [E0342]"
      ),
      (
        "emitter e { every 1e-9s\n max 5\n spawn circle(1) { } }\n",
        "<stdin>:3:19: error: an `every` period must be at least 1ms, found 1e-09s [E0342]"
      ),
      (
        "emitter e { on tap\n max 5\n spawn circle(1) { } }\ninput { tap (1,1) every 1e-300s }\n",
        "<stdin>:6:25: error: an `every` period must be at least 1ms, found 1e-300s [E0342]"
      ),
    ])
  func fuzzedHangsEndWithTheirLimit(_ body: String, _ message: String) throws {
    let start = Date()
    let r = try CLITests.animc(["dump", "-"], stdin: "scene \"s\" { duration 1s\n fps 10 }\n" + body)
    #expect(r.status == 1)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(Date().timeIntervalSince(start) < 20)
  }

  @Test func aNonFiniteRunValueStopsTheRun() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    // A per-run value (the checker cannot know it): sqrt of a number in [−1, −0.5).
    let perRun = dir.appendingPathComponent("per-run.anim")
    try """
    scene "nf" {
      fps 10
      duration 1s
    }
    let z = random(-1..-0.5)
    node n = circle(5) {
      animate x to sqrt(z) over 1s
    }

    """.write(to: perRun, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["dump", perRun.path])
    #expect(r.status == 1)
    // Reported at the expression `sqrt(z)`: line 7, column 16, marked across it.
    #expect(r.stderr.contains("per-run.anim:7:16: error: "))
    #expect(r.stderr.contains("  animate x to sqrt(z) over 1s\n               ^~~~~~~"))
    // A per-spawn value: the run stops when the spawn at 0.5 s is made; `-o` leaves no file.
    let perSpawn = dir.appendingPathComponent("per-spawn.anim")
    try """
    scene "nf" {
      fps 10
      duration 1s
    }
    emitter e {
      at 0.5s
      spawn circle(3) {
        let z = random(-1..-0.5)
        animate y to sqrt(z) over 1s
      }
    }

    """.write(to: perSpawn, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.jsonl")
    let s = try CLITests.animc(["dump", perSpawn.path, "-o", out.path])
    #expect(s.status == 1)
    #expect(s.stderr.contains("per-spawn.anim:9:18: error: "))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func runOffATerminalWritesTheDump() throws {
    // The test harness's stdout is a pipe, not a terminal: `run` dumps as `dump` does.
    let args = ["--duration", "1s", "--fps", "20", "--tap", "0.3s", "examples/heart-view.anim"]
    let run = try CLITests.animc(["run"] + args)
    let dump = try CLITests.animc(["dump"] + args)
    #expect(run.status == 0)
    #expect(dump.status == 0)
    #expect(run.stdout == dump.stdout)
    #expect(run.stdout.contains(#""id":"likes#0""#))
  }

  @Test func dumpsAreDeterministicAcrossProcesses() throws {
    // §7: same source, seed and input → byte-identical dumps; another seed → another.
    let args = ["dump", "--duration", "3s", "--tap", "0.25s@305,600", "examples/heart-view.anim"]
    let a = try CLITests.animc(args)
    let b = try CLITests.animc(args)
    #expect(a.status == 0)
    #expect(a.stdout == b.stdout)
    let c = try CLITests.animc(args + ["--seed", "8"])
    #expect(c.stdout != a.stdout)
  }
}
