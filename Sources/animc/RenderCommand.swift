import AnimCheck
import AnimIR
import AnimJSON
import AnimMath
import AnimModel
import AnimRender
import AnimSim
import AnimSource
import AnimWriters
import Foundation

/// `animc render FILE -o OUT`: pictures of a run. `OUT.gif` animates the whole run,
/// `OUT.png` and `OUT.svg` are stills (`--time` or `--frame`), `DIR/` gets one numbered
/// PNG per frame, `OUT.json` is a Lottie animation and `OUT.tgs` a Telegram sticker (§13).
enum RenderCommand {
  static let summary = "Render a scene to GIF, APNG, PNG, SVG or Lottie."

  static let spec = CommandSpec(
    name: "render",
    summary: summary,
    usage: "FILE -o OUT.gif|OUT.apng|OUT.mp4|OUT.webm|OUT.png|OUT.svg|OUT.json|OUT.tgs|DIR/ [options]",
    options: [
      OptionSpec(
        names: ["-o", "--output"], value: "OUT",
        help:
          "OUT.gif or OUT.apng (the run; APNG keeps full alpha), OUT.mp4 or OUT.webm (a video, made by ffmpeg), OUT.png or OUT.svg (a still), DIR/ (a PNG per frame), OUT.json (Lottie), OUT.tgs (a Telegram sticker)."
      ),
      OptionSpec(names: ["--only"], value: "NAME", help: "Keep only the instances of one node, emitter or replicator."),
      OptionSpec(
        names: ["--frames"], value: "A..B",
        help:
          "A PNG folder or a video: write only frames A to B, inclusive; slices written to one folder add up to the run, video segments join with ffmpeg's concat demuxer."
      ),
      OptionSpec(
        names: ["--from"], value: "DIR/",
        help:
          "With -o OUT.apng: join the run's PNGs in DIR/ (rendered in slices with --frames) instead of drawing them."
      ),
      OptionSpec(names: ["--time"], value: "T", help: "The still's run time: 1.5s, 1500ms or plain seconds."),
      OptionSpec(names: ["--frame"], value: "N", help: "The still's frame number (default 0)."),
      OptionSpec(
        names: ["--width"], value: "PX",
        help: "Picture width in pixels (default: from --height and the scene's aspect ratio, else its width × scale)."),
      OptionSpec(
        names: ["--height"], value: "PX",
        help: "Picture height in pixels (default: from --width and the scene's aspect ratio, else its height × scale)."),
      OptionSpec(names: ["--scale"], value: "S", help: "Pixels per point (default 1)."),
      OptionSpec(
        names: ["--stretch"],
        help:
          "With both --width and --height (or a .tgs, 512×512): stretch the scene to fill the picture instead of fitting it."
      ),
      OptionSpec(
        names: ["--loop"], value: "N", help: "A GIF or APNG plays N times in all (`--loop 1` once); default: forever."),
      OptionSpec(
        names: ["--telegram"],
        help: "With -o OUT.webm: a Telegram video sticker (512 px long side, at most 3 s, 30 fps and 256 KB)."),
      OptionSpec(
        names: ["--ffmpeg"], value: "PATH",
        help: "The ffmpeg that encodes MP4 and WebM (default: the first on PATH)."),
      OptionSpec(
        names: ["--matte"], value: "COLOR",
        help: "A GIF on a clear or translucent background: the colour its edges are blended on (default white)."
      ),
      OptionSpec(
        names: ["--force"], help: "Write an output that has other hard links in place, so the links share it."),
    ] + SimulationRequest.optionSpecs + [
      OptionSpec(names: ["--color"], value: "auto|always|never", help: "Colour in diagnostics (default: auto).")
    ],
    details: """
      With both --width and --height, the scene is scaled by the same factor both ways to
      fit inside the picture and centred; the rest of the picture is its background and
      shapes past the scene's edges are cut off there (PNG, GIF, SVG, a PNG folder; Lottie
      scales w and h per axis). With one of them, the other follows the scene's aspect ratio.

      GIF pixels are opaque or transparent. On a clear or translucent background, pixels
      under half coverage are transparent, and the others are blended on --matte, the
      colour the GIF will be shown on, so that their edges do not fringe. --matte takes a
      colour as the language writes one (#3366CC, rgb(51, 102, 204), white) and goes only
      with a GIF: PNGs keep their alpha.

      Outputs are written atomically; the input file is never overwritten. A progress bar
      goes to stderr when it is a terminal. Exit status: 0 written, 1 the file has errors or
      the run stopped, 2 the command could not run.
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    guard let path = spec.singleInput(parsed) else { return .usage }
    guard let output = parsed.value("--output") else {
      return Console.fail("give an output with `-o OUT.gif`, `OUT.apng`, `OUT.png`, `OUT.svg` or `DIR/`")
    }
    // Every option is read before the scene, so a bad one is reported before (and
    // instead of) the file's diagnostics; `RenderRequest` says what waits for the scene.
    let format: OutputFormat
    let request: RenderRequest
    do {
      format = try outputFormat(output, telegram: parsed.has("--telegram"))
      request = try RenderRequest(parsed, format: format)
    } catch { return Console.fail(error.message) }
    let (loaded, status) = SceneLoader.load(path, color: parsed.value("--color"))
    guard let (file, ir) = loaded else { return status }
    if format.name == OutputFormat.lottie.name || format.name == OutputFormat.sticker.name {
      let effects = ir.properties(in: .unlessDefault).filter { $0 == .blend || $0 == .blur }
      if !effects.isEmpty {
        // §15: the export carries them, but not every player draws them.
        Console.err(
          "animc: warning: `\(path)` uses \(effects.map { "`\($0.rawValue)`" }.joined(separator: " and ")): the Lottie file carries them (blend mode 16, the Gaussian Blur effect), which lottie-web and Skottie draw and rlottie (Telegram's player) does not\n"
        )
      }
    }
    do {
      let simulator = try Simulator(ir, options: request.options)
      var picture = try request.picture(ir.settings)
      picture.runFrames = simulator.frameCount
      if request.telegram {
        try RenderRequest.checkTelegram(
          fps: simulator.fps, seconds: Double(simulator.frameCount) / simulator.fps, width: picture.width,
          height: picture.height)
      }
      // Before the first frame: a picture too large for this process's memory is refused
      // with what it would need, rather than failing an allocation half-way.
      try MemoryBudget.check(picture, format)
      if let folder = request.from {
        try RunOutput.joinAPNG(
          folder: folder, frames: simulator.frameCount, fps: simulator.fps, picture: picture, to: output,
          inputs: [path], force: parsed.has("--force"))
        return .success
      }
      if let frames = request.frames, format.destination == .file, frames.lowerBound >= simulator.frameCount {
        throw UsageError(
          message:
            "`--frames \(frames.lowerBound)..\(frames.upperBound)` is past the run, whose frames are 0…\(simulator.frameCount - 1)"
        )
      }
      let only = try parsed.value("--only").map { name throws(UsageError) in try NodeSelection(name, in: ir) }
      let selection: RunOutput.Selection =
        format.frames == .still ? .still(try request.stillFrame(simulator)) : .run(request.frames)
      try RunOutput.write(
        simulator, format: format, to: output, inputs: [path], force: parsed.has("--force"), picture: picture,
        selection, only: only)
      return .success
    } catch {
      return Console.report(error, in: file, color: parsed.value("--color"))
    }
  }

  /// The picture format `-o` names: a file, the format of its extension (`OutputFormat`'s
  /// table); a folder (a trailing `/`, or an existing folder without such an extension), a
  /// PNG sequence. A file name that is an existing folder is refused when it is opened.
  static func outputFormat(_ output: String, telegram: Bool = false) throws(UsageError) -> OutputFormat {
    if output.hasSuffix("/") { return .pngSequence }
    if let format = OutputFormat.forExtension((output as NSString).pathExtension), format.isPicture {
      return telegram && format.name == OutputFormat.webm.name ? .telegramVideo : format
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue {
      return .pngSequence
    }
    throw UsageError(
      message:
        "`\(output)`: name the output `.gif`, `.apng`, `.mp4`, `.webm`, `.png` or `.svg`, `.json` or `.tgs` (Lottie), or end it with `/` for a folder of PNGs"
    )
  }
}
