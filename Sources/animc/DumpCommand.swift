import AnimCheck
import AnimIR
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
      OptionSpec(
        names: ["--force"], help: "Write an output that has other hard links in place, so the links share it."),
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
    let (loaded, status) = SceneLoader.load(path, color: color)
    guard let (file, ir) = loaded else { return status }
    do {
      let simulator = try Simulator(ir, options: request.options)
      try RunOutput.write(
        simulator, format: request.format, to: request.output, inputs: [path], force: request.force,
        picture: PictureOptions(width: 1, height: 1),
        .run(request.frames))
      return .success
    } catch {
      return Console.report(error, in: file, color: color)
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
    if let refusal = LayerTreeUse.refusal(in: analysis.syntax) {
      Console.err(DiagnosticRenderer(useColor: Console.useColor(color)).render([refusal], in: file))
      return (nil, .failure)
    }
    return ((file, ir), .success)
  }
}

/// What `dump` (and `run` off a terminal) was asked for.
struct DumpRequest {
  var options = SimulationOptions()
  var frames: ClosedRange<Int>? = nil
  var format = OutputFormat.jsonLines
  var output: String? = nil
  /// `--force`: an output with other hard links is written in place.
  var force = false

  /// `--frames A..B` (dump, and render to a PNG folder): frames A to B inclusive.
  static func frames(_ parsed: Arguments) throws(UsageError) -> ClosedRange<Int>? {
    guard let r = parsed.value("--frames") else { return nil }
    let parts = r.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1].isEmpty, let a = Int(parts[0]), let b = Int(parts[2]), a >= 0, b >= a else {
      throw UsageError(message: "`--frames` takes A..B with 0 ≤ A ≤ B, not `\(r)`")
    }
    return a...b
  }

  init(_ parsed: Arguments) throws(UsageError) {
    if let f = parsed.value("--format") {
      guard let format = OutputFormat.named(f), !format.isPicture else {
        throw UsageError(message: "`--format` is `json` or `csv`, not `\(f)`")
      }
      self.format = format
    }
    options = try SimulationRequest.options(parsed)
    frames = try Self.frames(parsed)
    output = parsed.value("--output")
    force = parsed.has("--force")
  }
}
