import AnimCheck
import AnimHeap
import AnimMath
import AnimSim
import AnimSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc dump FILE`: the frames of a headless run as JSON Lines or CSV (§9), written
/// as they are produced so memory stays flat however many frames.
enum DumpCommand {
  static let summary = "Write the frames of a scene as JSON Lines or CSV."

  static let spec = CommandSpec(
    name: "dump",
    summary: summary,
    usage: "[options] FILE | -",
    options: [
      OptionSpec(names: ["--format"], value: "json|csv", help: "JSON Lines (default) or CSV.")
    ] + SimulationRequest.optionSpecs + [
      OptionSpec(names: ["--frames"], value: "A..B", help: "Write only frames A to B, inclusive."),
      OptionSpec(names: ["-o", "--output"], value: "FILE", help: "Write to FILE (atomically) instead of stdout."),
      OptionSpec(names: ["--color"], value: "auto|always|never", help: "Colour in diagnostics (default: auto)."),
    ],
    details: """
      Exit status: 0 written, 1 the file has errors or the run stopped (a value that is not
      finite, too many live instances), 2 the command could not run.
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    guard let path = spec.singleInput(parsed) else { return .usage }
    let request: DumpRequest
    do { request = try DumpRequest(parsed) } catch { return Console.fail(error.message) }
    return dump(path: path, request, color: parsed.value("--color"))
  }

  /// Checks the file and writes its dump; shared with `animc run` off a terminal.
  static func dump(path: String, _ request: DumpRequest, color: String?) -> ExitStatus {
    HugePageHeap.prepareForSimulation()
    let (loaded, status) = SceneLoader.load(path, color: color)
    guard let (file, ir) = loaded else { return status }
    let renderer = DiagnosticRenderer(useColor: Console.useColor(color))
    let output: StreamingOutput
    do { output = try StreamingOutput(path: request.output, inputs: [path]) } catch {
      return Console.fail(error.message)
    }
    do {
      let simulator = try Simulator(ir, options: request.options)
      try FrameDump(format: request.format).run(simulator, frames: request.frames) { text throws(UsageError) in
        try output.write(text)
      }
      try output.finish()
      return .success
    } catch let error as SimulationError {
      output.abandon()
      guard error.range != nil else { return Console.fail(error.message) }
      Console.err(renderer.render([error.diagnostic], in: file))
      return .failure
    } catch let error as UsageError {
      output.abandon()
      return Console.fail(error.message)
    } catch {
      output.abandon()
      return Console.fail("\(error)")
    }
  }
}

/// Reads and checks a scene file, printing its diagnostics; nil with the exit status
/// when it cannot be run.
enum SceneLoader {
  static func load(_ path: String, color: String?) -> ((SourceFile, SceneIR)?, ExitStatus) {
    let file: SourceFile
    do { file = try InputFiles.read(path) } catch { return (nil, Console.fail(error.message)) }
    let analysis = analyze(file)
    let shown = Verbosity.shown(analysis.diagnostics)
    if !shown.isEmpty { Console.err(DiagnosticRenderer(useColor: Console.useColor(color)).render(shown, in: file)) }
    if analysis.hasErrors { return (nil, .failure) }
    guard let ir = analysis.ir else {
      return (nil, Console.fail("`\(path)` was checked, but this build of the checker produces no scene to run yet"))
    }
    return ((file, ir), .success)
  }
}

/// What `dump` (and `run` off a terminal) was asked for.
struct DumpRequest {
  var options = SimulationOptions()
  var frames: ClosedRange<Int>? = nil
  var format = FrameDump.Format.jsonLines
  var output: String? = nil

  init(_ parsed: Arguments) throws(UsageError) {
    if let f = parsed.value("--format") {
      guard let format = FrameDump.Format(rawValue: f) else {
        throw UsageError(message: "`--format` is `json` or `csv`, not `\(f)`")
      }
      self.format = format
    }
    options = try SimulationRequest.options(parsed)
    if let r = parsed.value("--frames") {
      let parts = r.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[1].isEmpty, let a = Int(parts[0]), let b = Int(parts[2]), a >= 0, b >= a else {
        throw UsageError(message: "`--frames` takes A..B with 0 ≤ A ≤ B, not `\(r)`")
      }
      frames = a...b
    }
    output = parsed.value("--output")
  }
}

/// Output written as it comes: to stdout, directly to a device or pipe, or to a
/// temporary file beside a regular target that replaces it only when the dump is
/// complete (so a reader never sees half a dump).
final class StreamingOutput {
  private let fd: Int32
  private let temporary: String?
  private let target: String?
  private var buffer: [UInt8] = []

  init(path: String?, inputs: [String]) throws(UsageError) {
    guard let path, path != "-" else {
      fd = STDOUT_FILENO
      temporary = nil
      target = nil
      return
    }
    try OutputFile.refuseInput(path, inputs: inputs)
    var st = stat()
    if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
      fd = open(path, O_WRONLY)
      temporary = nil
    } else {
      let temp = TemporaryFile.begin(beside: path)
      fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      temporary = temp
    }
    target = path
    guard fd >= 0 else {
      if temporary != nil { TemporaryFile.end() }
      throw UsageError(message: "cannot write `\(path)`: \(String(cString: strerror(errno)))")
    }
  }

  func write(_ text: String) throws(UsageError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try flush() }
  }

  private func flush() throws(UsageError) {
    var offset = 0
    while offset < buffer.count {
      let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw UsageError(
          message: "cannot write \(target.map { "`\($0)`" } ?? "the output"): \(String(cString: strerror(errno)))")
      }
      offset += n
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes and, for a regular file, moves the finished dump into place.
  func finish() throws(UsageError) {
    try flush()
    guard let target else { return }
    close(fd)
    defer { if temporary != nil { TemporaryFile.end() } }
    if let temporary, rename(temporary, target) != 0 {
      let why = String(cString: strerror(errno))
      unlink(temporary)
      throw UsageError(message: "cannot write `\(target)`: \(why)")
    }
  }

  /// Drops a partial dump: a temporary file is removed, the target left as it was.
  func abandon() {
    if target == nil {
      try? flush()
      return
    }
    close(fd)
    if let temporary {
      unlink(temporary)
      TemporaryFile.end()
    }
  }
}
