import AnimSource
import AnimTestSupport
import Foundation
import Testing

/// The `animc` binary as scripts see it: exit statuses, streams, formats (§10).
@Suite struct CLITests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the built `animc` with `args`, feeding `stdin`.
  static func animc(_ args: [String], stdin: String = "") throws -> Run {
    let binary = root.appendingPathComponent(".build/debug/animc")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw CLIError(message: "build animc first: swift build --product animc")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let r = try ChildProcess.run(binary, args, stdin: Data(stdin.utf8), environment: environment, directory: root)
    return Run(
      status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
      stderr: String(decoding: r.stderr, as: UTF8.self))
  }

  struct CLIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  @Test func cleanFilesExitZeroAndPrintNothing() throws {
    let r = try Self.animc(["check", "examples/heart-view.anim", "examples/love-burst.anim"])
    #expect(r.status == 0)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.isEmpty)
  }

  @Test func errorsExitOneWithTheHumanFormat() throws {
    let r = try Self.animc(["check", "-"], stdin: "node n = circle(5) {\n  animate x to 5 over 6sec\n}\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    // FILE:LINE:COL: error: MESSAGE [CODE], the line, a marker under the whole range, help.
    let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "<stdin>:2:24: error: unknown unit `sec` [E0106]")
    #expect(lines[1] == "  animate x to 5 over 6sec")
    #expect(lines[2] == "                       ^~~")
    #expect(r.stderr.contains("help: seconds are written `s`"))
  }

  @Test func aLargeFileIsReadWhole() throws {
    // Over a megabyte, of an odd size, is read in two halves at once (`FileBytes`): a
    // mistake in the middle and one in the last bytes are both found where they are.
    let padding = String(repeating: "// padding line\n", count: 35_000)
    let text = padding + "let b = 6sec\n" + padding + "let a = 7sec"
    #expect(text.utf8.count > 1 << 20 && text.utf8.count % 2 == 1)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("animc-large-\(getpid()).anim").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try Self.animc(["check", path])
    #expect(r.status == 1)
    // 35,000 padding lines, then `let b`; 35,000 more, then `let a`: `sec` from column 10.
    #expect(r.stderr.contains("\(path):35001:10: error: unknown unit `sec` [E0106]"))
    #expect(r.stderr.contains("\(path):70002:10: error: unknown unit `sec` [E0106]"))
  }

  @Test func deepInputIsOneErrorNotACrash() throws {
    // 100,000 levels: past the parser's limit (E0214), which stops the stages after it
    // from recursing without end; the parser itself must not overflow getting there.
    let parens = "let a = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    let deep = try Self.animc(["check", "-"], stdin: parens + "\nnode b = circle(a)\n")
    #expect(deep.status == 1)
    #expect(deep.stderr.contains("<stdin>:1:1009: error: this is nested more than 1000 levels deep [E0214]"))
    #expect(deep.stderr.hasSuffix("1 error generated.\n"))
    let sum = "let a = " + Array(repeating: "1", count: 100_000).joined(separator: "+")
    #expect(try Self.animc(["check", "-"], stdin: sum + "\n").stderr.contains("[E0214]"))
  }

  @Test func aLetChainIsFollowedTenThousandDeep() throws {
    // `let a0 = a1 + 1`, …: checking a0 checks a1 inside it, and so on down the chain,
    // on the stack `animc` makes room for (`DeepStack`).
    func chain(_ n: Int) -> String {
      (0..<n).map { "let a\($0) = a\($0 + 1) + 1\n" }.joined() + "let a\(n) = 1\nnode b = circle(a0)\n"
    }
    let atLimit = try Self.animc(["check", "-"], stdin: chain(9_999))
    #expect(atLimit.status == 0, "\(atLimit.stderr.prefix(500))")
    let past = try Self.animc(["check", "-"], stdin: chain(10_001))
    #expect(past.status == 1)
    // a0 … a9999 are being checked when a10000, on line 10,001, would be the 10,001st.
    #expect(
      past.stderr.contains(
        "<stdin>:10001:5: error: `a0` needs a chain of more than 10000 values, each using the next [E0306]"))
    // The check stops at a10000, so a10001 is never read: the warning that every schedule
    // gives (one thread or two, `ParallelCheckDifferentialTests`).
    #expect(past.stderr.contains("<stdin>:10002:5: warning: `a10001` is declared but never used [W0301]"))
    #expect(past.stderr.hasSuffix("1 error, 1 warning generated.\n"))
  }

  @Test func jsonIsLSPShapedWithZeroBasedUTF16Positions() throws {
    // "💖" is one scalar but two UTF-16 units: the character offset counts 2 for it.
    let r = try Self.animc(["check", "--format", "json", "-"], stdin: "let a = \"💖\" + 6sec\n")
    #expect(r.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
    let d = try #require(json?.first)
    #expect(d["code"] as? String == "E0106")
    #expect(d["severity"] as? Int == 1)
    #expect(d["source"] as? String == "animc")
    let range = try #require(d["range"] as? [String: [String: Int]])
    // `sec` starts after `let a = "💖" + 6`: 8 + 1 + 2 + 1 + 3 + 1 = 16 UTF-16 units.
    #expect(range["start"] == ["line": 0, "character": 16])
    #expect(range["end"] == ["line": 0, "character": 19])
    let data = try #require(d["data"] as? [String: Any])
    let fixes = try #require(data["fixes"] as? [[String: Any]])
    #expect(fixes.first?["newText"] as? String == "s")
  }

  @Test func semanticErrorsComeFromTheSameCommand() throws {
    let r = try Self.animc(["check", "-"], stdin: "node n = circle(5) {\n  animate x to 5 over 6\n}\n")
    #expect(r.status == 1)
    #expect(r.stderr.contains("<stdin>:2:23: error: expected a Duration, found a Number [E0310]"))
    #expect(r.stderr.contains("help: add a unit: `6s`"))
  }

  @Test func warningsAloneExitZero() throws {
    let r = try Self.animc(["check", "-"], stdin: "let unused = 1\n")
    #expect(r.status == 0)
    #expect(r.stderr.contains("warning: `unused` is declared but never used [W0301]"))
  }

  @Test func commandLineMistakesExitTwo() throws {
    #expect(try Self.animc(["check", "--fromat", "json", "x.anim"]).status == 2)
    #expect(try Self.animc(["check", "no/such/file.anim"]).status == 2)
    #expect(try Self.animc(["check"]).status == 2)
    #expect(try Self.animc(["frobnicate"]).status == 2)
    let r = try Self.animc(["chek", "x"])
    #expect(r.stderr.contains("did you mean `check`?"))
  }

  /// A path that is not a regular file (here a pipe) has no size to read up front: its
  /// bytes are read until the end, over several growths of the buffer.
  @Test func aPipeGivenAsAPathIsReadToTheEnd() throws {
    let filler = String(repeating: "// a comment line that only takes room in the file\n", count: 3000)
    let r = try Self.animc(["check", "/dev/stdin"], stdin: filler + "let broken = \n")
    #expect(r.status == 1)
    #expect(r.stderr.contains("/dev/stdin:3002:1: error: expected an expression, found end of file"))
  }

  /// A device or a file of `/proc` is refused before it is read: `/dev/zero` never ends,
  /// and `/proc/self/status`, regular by its type, has a size of 0 whatever it holds.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc"))
  func devicesAndKernelFilesAreNotRead() throws {
    for (path, kind) in [("/dev/zero", "a device"), ("/proc/self/status", "a file of the kernel's /proc or /sys")] {
      let r = try Self.animc(["check", path])
      #expect(r.status == 2, "\(path)")
      #expect(r.stderr.contains("cannot read `\(path)`: it is \(kind), not a regular file"), "\(r.stderr)")
    }
  }

  @Test func everyCommandHasHelp() throws {
    for command in ["check", "run", "dump", "render", "fmt", "lsp"] {
      let r = try Self.animc([command, "--help"])
      #expect(r.status == 0, "\(command) --help")
      #expect(r.stdout.contains("USAGE: animc \(command)"), "\(command) --help")
    }
    #expect(try Self.animc(["--help"]).stdout.contains("COMMANDS:"))
  }

  @Test func emitIRPrintsTheCheckedScene() throws {
    let r = try Self.animc(["check", "--emit-ir", "examples/add-to-cart.anim"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("scene \"Add to cart\" size 375x667"))
    #expect(r.stdout.contains("keyframes [0: 1, 0.5: 0.65, 0.8: 0.2, 1: 0]"))
  }
}
