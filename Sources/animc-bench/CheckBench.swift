import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Foundation

/// `animc-bench check [MB]`: throughput of lexing, parsing and the whole check on a
/// generated file, and peak memory. Compares with `luac -p` when Lua is installed.
enum CheckBench {
  static func run(megabytes: Double) {
    let source = generate(bytes: Int(megabytes * 1_000_000))
    let bytes = Array(source.utf8)
    let size = Double(bytes.count) / 1_000_000
    print(String(format: "input: %.2f MB of .anim, %d lines", size, bytes.split(separator: 10).count))

    // Memory first, while the heap holds only the input.
    let file = SourceFile(name: "bench.anim", bytes: bytes)
    let baseline = Measure.currentResidentBytes
    // The front end's tree is freed before the check below, so the check's peak is that of
    // one analysis: whether a local lives past its last use is the optimizer's choice, and
    // the two trees side by side (about twice the front end's memory) measured neither.
    let (parsePeak, nodeCount) = { () -> (Int, Int) in
      let parsedOnly = Parser.parse(file)
      return (Measure.peakResidentBytes, parsedOnly.tree.nodeCount)
    }()
    print(
      "memory (front end: lex + parse): \(Measure.mb(parsePeak - baseline)) above the input = \(String(format: "%.1f", Double(parsePeak - baseline) / Double(bytes.count)))x the input, \(nodeCount) nodes"
    )
    // What `animc check` does without `--emit-ir`: every diagnostic, no IR kept.
    let kept = analyze(file, keepingIR: false)
    let peak = Measure.peakResidentBytes
    let diagnostics = kept.diagnostics.count

    let lex = Measure.best(runs: 5) {
      var lexer = Lexer(bytes: bytes)
      while lexer.next().kind != .endOfFile {}
    }
    let parse = Measure.best(runs: 5) { _ = Parser.parse(file) }
    let check = Measure.best(runs: 5) { _ = analyze(file, keepingIR: false) }
    let withIR = Measure.best(runs: 3) { _ = analyze(file) }
    var keep: [Analysis] = []
    let checkKept = Measure.best(runs: 3) { keep.append(analyze(file, keepingIR: false)) }
    let freeing = Measure.best(runs: 1) { keep.removeAll() }
    print(
      String(
        format: "check without freeing the result: %7.1f MB/s; freeing three results took %.3f s", size / checkKept,
        freeing))
    print(String(format: "check keeping the IR (--emit-ir, LSP): %7.1f MB/s", size / withIR))
    print(String(format: "lex:    %7.1f MB/s", size / lex))
    print(String(format: "parse:  %7.1f MB/s (lexing included)", size / parse))
    print(
      String(format: "check:  %7.1f MB/s (everything `animc check` does), %d diagnostics", size / check, diagnostics))
    print(
      "memory: peak RSS \(Measure.mb(peak)); above the resident set before checking: \(Measure.mb(peak - baseline)) = \(String(format: "%.1f", Double(peak - baseline) / Double(bytes.count)))x the input"
    )
    compareWithLuac(source, megabytes: size, inProcessSeconds: check)
  }

  /// A realistic file: the shapes of the seed scenes, repeated with fresh names.
  static func generate(bytes target: Int) -> String {
    var out = "scene \"Benchmark\" {\n  size 375, 667\n  background #000000\n  fps 60\n  duration 10s\n}\n\n"
    out += "timing pop = spring(damping: 0.6, velocity: 0.8)\n\n"
    var i = 0
    while out.utf8.count < target {
      out += """
        /* Scene part \(i): a button, a heart emitter and a flight. */
        let drift\(i) = 60 + \(i % 7) * 2
        shape like\(i) = heart(36) { fill #FF2D55 }
        path toCart\(i) = parabola(from: (60, 500), to: (330, 44), height: 120, type: .up)

        node button\(i) = circle(40) {
          position (scene.width - drift\(i), 600)
          fill #007AFF
          animate opacity from 0.5 to 1 over 1s repeat forever autoreverse timing easeInOut
        }

        emitter likes\(i) {
          on tap button\(i)
          burst 1
          max 300
          origin button\(i).position
          spawn like\(i) {
            let dir = choose(-1, 1)
            position trigger.position
            animate scale from 0 to 1 over 0.5s timing pop
            animate rotation to dir * 180deg / (6 + random(0..10) * 0.2) over 6s
            animate position along cubic(to: (trigger.position.x + dir * 72, random(110..277)),
                                         c1: (trigger.position.x + dir * 90, 400),
                                         c2: (trigger.position.x - dir * 180, 300)) over 6s
            animate opacity from 0.9 to 0 over 6s timing easeIn
            animate scaleX keyframes 0: 1, 0.5: 0.65 easeOut, 0.8: 0.2, 1: 0 over 2s
          }
        }


        """
      i += 1
    }
    return out
  }

  /// The `animc` binary beside this one, when built.
  static var animcBesideBench: String? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let animc = here.appendingPathComponent("animc").path
    return FileManager.default.isExecutableFile(atPath: animc) ? animc : nil
  }

  /// `animc check FILE` as a process, as a user runs it, against `luac -p` on a Lua file
  /// of the same size, if a `luac` is on the PATH. The two run in turns, nine times each,
  /// and each side's median counts: run one after the other, a burst of load on this
  /// shared machine moved the ratio by half. Without `animc` built beside the bench, the
  /// in-process check stands in for it.
  static func compareWithLuac(_ source: String, megabytes: Double, inProcessSeconds: Double) {
    let candidates = ["luac5.4", "luac"]
    guard
      let luac = candidates.lazy.compactMap({ name -> String? in
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
          let path = "\(dir)/\(name)"
          if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
      }).first
    else {
      print("luac:   not installed (apt-get install lua5.4 to compare)")
      return
    }
    var lua = "local M = {}\n"
    var i = 0
    let target = Int(megabytes * 1_000_000)
    while lua.utf8.count < target {
      lua += """
        function M.spawn\(i)(trigger, dir)
          local heart = { shape = "like", x = trigger.x + dir * 72, y = math.random(110, 277) }
          heart.rotation = dir * 180 / (6 + math.random() * 10 * 0.2)
          for k = 1, 10 do heart.scale = (heart.scale or 0) + k * 0.1 end
          return heart
        end

        """
      i += 1
    }
    let luaPath = NSTemporaryDirectory() + "animc-bench-\(getpid()).lua"
    let animPath = NSTemporaryDirectory() + "animc-bench-\(getpid()).anim"
    _ = FileManager.default.createFile(atPath: luaPath, contents: Data(lua.utf8))
    _ = FileManager.default.createFile(atPath: animPath, contents: Data(source.utf8))
    defer {
      try? FileManager.default.removeItem(atPath: luaPath)
      try? FileManager.default.removeItem(atPath: animPath)
    }
    let animc = animcBesideBench
    if animc == nil { print("animc:  not built beside the benchmark (swift build -c release --product animc)") }
    var luacTimes: [Double] = []
    var animcTimes: [Double] = []
    for _ in 0..<9 {
      var status: Int32? = 0
      luacTimes.append(Measure.best(runs: 1) { status = Measure.spawnAndWait(luac, ["-p", luaPath]) })
      guard status == 0 else {
        print("luac:   failed on the generated Lua file (status \(status.map(String.init) ?? "none")); no comparison")
        return
      }
      if let animc {
        animcTimes.append(Measure.best(runs: 1) { status = Measure.spawnAndWait(animc, ["check", animPath]) })
        guard status == 0 else {
          print("animc:  `animc check` failed on the generated file (status \(status.map(String.init) ?? "none"))")
          return
        }
      }
    }
    func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }
    let luacRate = Double(lua.utf8.count) / 1_000_000 / median(luacTimes)
    let animcRate = megabytes / (animcTimes.isEmpty ? inProcessSeconds : median(animcTimes))
    if !animcTimes.isEmpty {
      print(String(format: "animc check as a process: %7.1f MB/s (startup and exit included; median of 9)", animcRate))
    }
    print(
      String(
        format: "luac:   %7.1f MB/s (%@ -p on %.2f MB of Lua; median of 9, in turns with animc); %@ is %.2fx luac",
        luacRate, luac, Double(lua.utf8.count) / 1_000_000, animcTimes.isEmpty ? "the check" : "animc check",
        animcRate / luacRate))
  }
}
