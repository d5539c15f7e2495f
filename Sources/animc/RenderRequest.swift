import AnimCheck
import AnimIR
import AnimJSON
import AnimMath
import AnimModel
import AnimRender
import AnimSim
import AnimWriters

/// What `animc render` was asked for, read from the arguments before the scene is: a
/// malformed option is reported before, and instead of, the file's diagnostics, as
/// `--tap abc` is (issue 20, items 6 and 16). Only what truly needs the scene waits for
/// it: the picture size made from its aspect ratio and the 1…16384 check on it, a
/// `--time` past the frame limit at the run's frame rate, and `--only`'s name.
struct RenderRequest {
  /// Which frame a still shows, as given.
  enum Still {
    case frame(Int)
    case time(seconds: Double, text: String)
  }

  var options: SimulationOptions
  /// How many times a GIF plays in all; 0, forever.
  var plays: Int
  var scale: Double
  var width: Double?
  var height: Double?
  /// `--stretch`: both sides given, the scene fills the picture per axis.
  var stretch: Bool
  var matte: Color
  /// `--ffmpeg PATH`, for MP4 and WebM.
  var ffmpeg: String?
  /// `--telegram`: a WebM made a Telegram video sticker.
  var telegram = false
  /// `--frames A..B`: a slice of the run, for a PNG folder or a video segment.
  var frames: ClosedRange<Int>?
  /// `--from DIR/`: an APNG joined from a folder of the run's PNGs, not drawn.
  var from: String?
  var still: Still

  init(_ parsed: Arguments, format: OutputFormat) throws(UsageError) {
    options = try SimulationRequest.options(parsed)
    plays = try Self.plays(parsed, format)
    if format.name == OutputFormat.lottie.name || format.name == OutputFormat.sticker.name,
      let still = ["--time", "--frame"].first(where: parsed.has)
    {
      throw UsageError(
        message: "`\(still)` does not go with a Lottie export: `.json` and `.tgs` hold the whole run (§13)")
    }
    scale = try Self.positive(parsed, "--scale") ?? 1
    width = try Self.positive(parsed, "--width")
    height = try Self.positive(parsed, "--height")
    // A sticker is 512×512 (`LottieSticker.side`): without a size the scene is fitted and
    // centred in it, so the simple command makes a sticker of any scene.
    if format.name == OutputFormat.sticker.name, width == nil, height == nil {
      width = Double(LottieSticker.side)
      height = Double(LottieSticker.side)
    }
    stretch = parsed.has("--stretch")
    still = try Self.still(parsed)
    matte = .white
    ffmpeg = parsed.value("--ffmpeg")
    telegram = parsed.has("--telegram")
    if telegram, format.name != OutputFormat.telegramVideo.name {
      throw UsageError(message: "`--telegram` goes with a WebM (`-o OUT.webm --telegram`)")
    }
    frames = try DumpRequest.frames(parsed)
    if frames != nil { try Self.checkSlice(format) }
    from = parsed.value("--from")
    if from != nil {
      guard format.name == OutputFormat.apng.name else {
        throw UsageError(
          message: "`--from` goes with an APNG (`-o OUT.apng --from DIR/`), which it joins from a folder of PNGs")
      }
      if parsed.has("--only") {
        throw UsageError(message: "`--only` does not go with `--from`: the folder's frames are drawn already")
      }
    }
    if ffmpeg != nil, format.name != OutputFormat.mp4.name, format.name != OutputFormat.webm.name {
      throw UsageError(message: "`--ffmpeg` goes with a video (`-o OUT.mp4` or `-o OUT.webm`)")
    }
    if let text = parsed.value("--matte") {
      guard [OutputFormat.gif.name, OutputFormat.mp4.name, OutputFormat.webm.name].contains(format.name) else {
        throw UsageError(
          message:
            "`--matte` goes with a GIF or a video (`-o OUT.gif`, `OUT.mp4`, `OUT.webm`): PNG keeps its alpha, SVG and Lottie their colours"
        )
      }
      matte = try ColorArgument.parse(text, option: "--matte")
    }
    // Checks that need the scene only for what an option can also say: the frame rate
    // (`--fps`), and the size when both sides are given.
    if let fps = options.fps { _ = try stillFrame(fps: fps) }
    if width != nil && height != nil { _ = try pixelSize(SceneSettings()) }
  }

  /// `--frames A..B` goes with the outputs whose slices join into the run byte for byte:
  /// a PNG folder (the slices' files add up in it) and a video segment (segments join with
  /// ffmpeg's concat demuxer, without re-encoding). An APNG is joined from PNG slices.
  static func checkSlice(_ format: OutputFormat) throws(UsageError) {
    switch format.name {
    case OutputFormat.pngSequence.name, OutputFormat.mp4.name, OutputFormat.webm.name: return
    case OutputFormat.apng.name:
      throw UsageError(
        message:
          "an APNG is not rendered in slices: render them as PNG folders (`-o DIR/ --frames A..B`), then join them with `-o OUT.apng --from DIR/`"
      )
    case OutputFormat.telegramVideo.name:
      throw UsageError(message: "`--frames` does not go with `--telegram`: a sticker is one file of at most 3 s")
    default:
      throw UsageError(
        message:
          "`--frames` goes with a folder of PNGs (`-o DIR/`), which slices add up in, or a video segment (`-o SEG.mp4`, `SEG.webm`)"
      )
    }
  }

  /// Telegram's limits that the run decides, checked before any frame is made.
  static func checkTelegram(fps: Double, seconds: Double, width: Int, height: Int) throws(UsageError) {
    typealias Limits = VideoFileWriter.TelegramSticker
    if seconds > Limits.maxSeconds + 1e-9 {
      throw UsageError(
        message:
          "a Telegram video sticker lasts at most 3 s, and this run lasts \(Self.plain(seconds)) s: add `--duration 3s`"
      )
    }
    if fps > Limits.maxFPS {
      throw UsageError(
        message: "a Telegram video sticker plays at most 30 frames a second, not \(Self.plain(fps)): add `--fps 30`")
    }
    if max(width, height) != Limits.side {
      throw UsageError(message: "a Telegram video sticker is 512 px on its long side, not \(width)×\(height)")
    }
  }

  /// `4` for 4.0, `2.5` for 2.5.
  static func plain(_ x: Double) -> String { x.rounded() == x && abs(x) < 1e15 ? String(Int(x)) : String(x) }

  /// How many times a GIF or APNG plays in all (`--loop N`, N ≥ 1); 0, forever, when not
  /// given. GIF's limit applies to both, so one number means the same in either.
  static func plays(_ parsed: Arguments, _ format: OutputFormat) throws(UsageError) -> Int {
    guard let text = parsed.value("--loop") else { return 0 }
    guard format.name == OutputFormat.gif.name || format.name == OutputFormat.apng.name else {
      throw UsageError(message: "`--loop` goes with an animation (`-o OUT.gif` or `-o OUT.apng`)")
    }
    guard let n = Int(text), n >= 1, n <= GIFOptions.maxPlays else {
      throw UsageError(
        message: "`--loop` takes how many times the animation plays, 1…\(GIFOptions.maxPlays), not `\(text)`")
    }
    return n
  }

  static func positive(_ parsed: Arguments, _ name: String) throws(UsageError) -> Double? {
    guard let text = parsed.value(name) else { return nil }
    guard let v = Double(text), v.isFinite, v > 0 else {
      throw UsageError(message: "`\(name)` takes a positive number, not `\(text)`")
    }
    return v
  }

  /// `--frame N` or `--time T` as given, checked for what needs no scene: the syntax, not
  /// both, and a frame past `stillFrameLimit`.
  static func still(_ parsed: Arguments) throws(UsageError) -> Still {
    if parsed.has("--frame") && parsed.has("--time") {
      throw UsageError(message: "give `--frame` or `--time`, not both")
    }
    if let f = parsed.value("--frame") {
      guard let n = Int(f), n >= 0 else { throw UsageError(message: "`--frame` takes a frame number ≥ 0, not `\(f)`") }
      guard n <= stillFrameLimit else {
        throw UsageError(message: "frame \(n) is too far: stills go at most \(stillFrameLimit) frames into the run")
      }
      return .frame(n)
    }
    guard let t = parsed.value("--time") else { return .frame(0) }
    guard let seconds = SimulationRequest.seconds(t) else {
      throw UsageError(message: "`--time` takes 1.5s, 1500ms or plain seconds, not `\(t)`")
    }
    return .time(seconds: seconds, text: t)
  }

  /// The picture's options for a scene of these settings.
  func picture(_ settings: SceneSettings) throws(UsageError) -> PictureOptions {
    var request = self
    // A Telegram sticker's long side is 512 px unless a size is given.
    if telegram, width == nil, height == nil {
      let side = Double(VideoFileWriter.TelegramSticker.side)
      if settings.width >= settings.height { request.width = side } else { request.height = side }
    }
    let size = try request.pixelSize(settings)
    return PictureOptions(
      width: size.width, height: size.height, plays: plays, fitsScene: width != nil && height != nil && !stretch,
      matte: matte, ffmpeg: ffmpeg)
  }

  /// The picture's size: both sides as given (the settings are not read); one side and
  /// the other from the scene's aspect ratio; or the scene's size × `--scale`.
  func pixelSize(_ s: SceneSettings) throws(UsageError) -> (width: Int, height: Int) {
    var w = width
    var h = height
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
        message: "the picture must be 1…16384 pixels each way, not \(Self.pixelText(width))×\(Self.pixelText(height))")
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
  func stillFrame(_ simulator: Simulator) throws(UsageError) -> Int { try stillFrame(fps: simulator.fps) }

  /// The frame a still shows at `fps` frames a second.
  func stillFrame(fps: Double) throws(UsageError) -> Int {
    let (seconds, t): (Double, String)
    switch still {
    case .frame(let n): return n
    case .time(let s, let text): (seconds, t) = (s, text)
    }
    let limit = Self.stillFrameLimit
    // The last frame at or before T. Frame k's time is k / fps (§9); the product T × fps
    // can land just under an integer (1.13 × 100 = 112.999…), so the next frame is
    // checked with that same division. Compared as a Double first: no Int conversion
    // of a huge product.
    let product = (seconds * fps).rounded(.down)
    guard product <= Double(limit) else {
      throw UsageError(
        message: "`--time \(t)` is too far: stills go at most \(limit) frames into the run "
          + "(\(JSONNumber.format(Double(limit) / fps)) s at \(JSONNumber.format(fps)) fps)")
    }
    var n = Int(product)
    if Double(n + 1) / fps <= seconds { n += 1 }
    return n
  }
}
