import AnimCheck
import AnimJSON
import AnimMath
import AnimRender
import AnimSim
import AnimSource
import AnimWriters
import Foundation

/// `animc render FILE -o OUT`: pictures of a run. `OUT.gif` animates the whole run,
/// `OUT.png` and `OUT.svg` are stills (`--time` or `--frame`), `DIR/` gets one numbered
/// PNG per frame, `OUT.json` is a Lottie animation and `OUT.tgs` a Telegram sticker (§13).
enum RenderCommand {
  static let summary = "Render a scene to GIF, PNG, SVG or Lottie."

  static let spec = CommandSpec(
    name: "render",
    summary: summary,
    usage: "FILE -o OUT.gif|OUT.png|OUT.svg|OUT.json|OUT.tgs|DIR/ [options]",
    options: [
      OptionSpec(
        names: ["-o", "--output"], value: "OUT",
        help:
          "OUT.gif (the run), OUT.png or OUT.svg (a still), DIR/ (a PNG per frame), OUT.json (Lottie), OUT.tgs (a Telegram sticker)."
      ),
      OptionSpec(names: ["--only"], value: "NAME", help: "Keep only the instances of one node, emitter or replicator."),
      OptionSpec(names: ["--time"], value: "T", help: "The still's run time: 1.5s, 1500ms or plain seconds."),
      OptionSpec(names: ["--frame"], value: "N", help: "The still's frame number (default 0)."),
      OptionSpec(
        names: ["--width"], value: "PX", help: "Picture width in pixels (default: the scene's width × scale)."),
      OptionSpec(
        names: ["--height"], value: "PX", help: "Picture height in pixels (default: the scene's height × scale)."),
      OptionSpec(names: ["--scale"], value: "S", help: "Pixels per point (default 1)."),
      OptionSpec(
        names: ["--loop"], value: "N", help: "A GIF plays N times in all (`--loop 1` once); default: forever."),
      OptionSpec(
        names: ["--force"], help: "Write an output that has other hard links in place, so the links share it."),
    ] + SimulationRequest.optionSpecs + [
      OptionSpec(names: ["--color"], value: "auto|always|never", help: "Colour in diagnostics (default: auto).")
    ],
    details: """
      Outputs are written atomically; the input file is never overwritten. A progress bar
      goes to stderr when it is a terminal. Exit status: 0 written, 1 the file has errors or
      the run stopped, 2 the command could not run.
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    guard let path = spec.singleInput(parsed) else { return .usage }
    guard let output = parsed.value("--output") else {
      return Console.fail("give an output with `-o OUT.gif`, `OUT.png`, `OUT.svg` or `DIR/`")
    }
    let format: OutputFormat
    do { format = try outputFormat(output) } catch { return Console.fail(error.message) }
    let options: SimulationOptions
    let plays: Int
    do {
      options = try SimulationRequest.options(parsed)
      plays = try Self.plays(parsed, format)
    } catch { return Console.fail(error.message) }
    if format.name == OutputFormat.lottie.name || format.name == OutputFormat.sticker.name,
      let still = ["--time", "--frame"].first(where: parsed.has)
    {
      return Console.fail("`\(still)` does not go with a Lottie export: `.json` and `.tgs` hold the whole run (§13)")
    }
    let (loaded, status) = SceneLoader.load(path, color: parsed.value("--color"))
    guard let (file, ir) = loaded else { return status }
    do {
      let simulator = try Simulator(ir, options: options)
      let size = try pixelSize(parsed, ir.settings)
      let picture = PictureOptions(width: size.width, height: size.height, plays: plays)
      // Before the first frame: a picture too large for this process's memory is refused
      // with what it would need, rather than failing an allocation half-way.
      try MemoryBudget.check(picture, format)
      let only = try parsed.value("--only").map { name throws(UsageError) in try NodeSelection(name, in: ir) }
      let selection: RunOutput.Selection =
        format.frames == .still ? .still(try stillFrame(parsed, simulator)) : .run(nil)
      try RunOutput.write(
        simulator, format: format, to: output, inputs: [path], force: parsed.has("--force"), picture: picture,
        selection, only: only)
      return .success
    } catch {
      return Console.report(error, in: file, color: parsed.value("--color"))
    }
  }

  /// How many times a GIF plays in all (`--loop N`, N ≥ 1); 0, forever, when not given.
  static func plays(_ parsed: Arguments, _ format: OutputFormat) throws(UsageError) -> Int {
    guard let text = parsed.value("--loop") else { return 0 }
    guard format.name == OutputFormat.gif.name else {
      throw UsageError(message: "`--loop` goes with a GIF (`-o OUT.gif`)")
    }
    guard let n = Int(text), n >= 1, n <= GIFOptions.maxPlays else {
      throw UsageError(message: "`--loop` takes how many times the GIF plays, 1…\(GIFOptions.maxPlays), not `\(text)`")
    }
    return n
  }

  /// The picture format `-o` names: a file, the format of its extension (`OutputFormat`'s
  /// table); a folder (a trailing `/`, or an existing folder without such an extension), a
  /// PNG sequence. A file name that is an existing folder is refused when it is opened.
  static func outputFormat(_ output: String) throws(UsageError) -> OutputFormat {
    if output.hasSuffix("/") { return .pngSequence }
    if let format = OutputFormat.forExtension((output as NSString).pathExtension), format.isPicture {
      return format
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue {
      return .pngSequence
    }
    throw UsageError(
      message:
        "`\(output)`: name the output `.gif`, `.png` or `.svg`, `.json` or `.tgs` (Lottie), or end it with `/` for a folder of PNGs"
    )
  }

  static func pixelSize(_ parsed: Arguments, _ s: SceneSettings) throws(UsageError) -> (width: Int, height: Int) {
    func positive(_ name: String) throws(UsageError) -> Double? {
      guard let text = parsed.value(name) else { return nil }
      guard let v = Double(text), v.isFinite, v > 0 else {
        throw UsageError(message: "`\(name)` takes a positive number, not `\(text)`")
      }
      return v
    }
    let scale = try positive("--scale") ?? 1
    var w = try positive("--width")
    var h = try positive("--height")
    if w == nil && h == nil { (w, h) = (s.width * scale, s.height * scale) }
    if w == nil, let h { w = h * s.width / s.height }
    if h == nil, let w { h = w * s.height / s.width }
    let width = (w ?? 1).rounded()
    let height = (h ?? 1).rounded()
    // Checked while still Doubles: converting one past Int's range (or NaN, or an
    // infinity from scale × size) to Int would trap.
    let pixels: ClosedRange<Double> = 1...16384
    guard pixels.contains(width), pixels.contains(height) else {
      throw UsageError(
        message: "the picture must be 1…16384 pixels each way, not \(pixelText(width))×\(pixelText(height))")
    }
    return (Int(width), Int(height))
  }

  /// A rounded pixel count for a message: whole digits while exact, else exponent form.
  static func pixelText(_ v: Double) -> String {
    abs(v) < 1e15 ? String(Int64(v)) : String(v)
  }

  /// How far into a run a still may be: scenes keep running after their duration (as
  /// `animc run` shows), so a still past it simulates on, up to this many frames.
  static let stillFrameLimit = 1_000_000

  /// The frame a still shows: `--frame N`, or the frame at run time `--time T` (past the
  /// run's duration too, up to `stillFrameLimit`).
  static func stillFrame(_ parsed: Arguments, _ simulator: Simulator) throws(UsageError) -> Int {
    if parsed.has("--frame") && parsed.has("--time") {
      throw UsageError(message: "give `--frame` or `--time`, not both")
    }
    let limit = Self.stillFrameLimit
    let tooFar =
      "stills go at most \(limit) frames into the run (\(JSONNumber.format(Double(limit) / simulator.fps)) s at "
      + "\(JSONNumber.format(simulator.fps)) fps)"
    if let f = parsed.value("--frame") {
      guard let n = Int(f), n >= 0 else { throw UsageError(message: "`--frame` takes a frame number ≥ 0, not `\(f)`") }
      guard n <= limit else { throw UsageError(message: "frame \(n) is too far: \(tooFar)") }
      return n
    }
    guard let t = parsed.value("--time") else { return 0 }
    guard let seconds = SimulationRequest.seconds(t) else {
      throw UsageError(message: "`--time` takes 1.5s, 1500ms or plain seconds, not `\(t)`")
    }
    // The last frame at or before T. Frame k's time is k / fps (§9); the product T × fps
    // can land just under an integer (1.13 × 100 = 112.999…), so the next frame is
    // checked with that same division. Compared as a Double first: no Int conversion
    // of a huge product.
    let product = (seconds * simulator.fps).rounded(.down)
    guard product <= Double(limit) else { throw UsageError(message: "`--time \(t)` is too far: \(tooFar)") }
    var n = Int(product)
    if Double(n + 1) / simulator.fps <= seconds { n += 1 }
    return n
  }
}
