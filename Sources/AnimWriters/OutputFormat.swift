import AnimModel

/// Where a writer's output goes: a stream of bytes (one file, or standard output) or a
/// set of named files (a folder).
package enum WriterTarget {
  case bytes(ByteSink)
  case files(FileSetSink)
}

/// The output formats, one row each: the command line picks a row by `-o`'s extension
/// or by `--format`, so a new format is one writer type and one row here.
public struct OutputFormat: Sendable {
  /// Whether the output is one file or a folder of files.
  public enum Destination: Sendable { case file, folder }
  /// Whether the writer takes every frame of the run or one still.
  public enum Frames: Sendable { case run, still }

  /// The `--format` name.
  public let name: String
  /// File name extensions (lower case, no dot) that choose it; none for a folder.
  public let extensions: [String]
  public let destination: Destination
  public let frames: Frames
  /// Whether it is a picture (drawn at a pixel size) rather than a dump of values.
  public let isPicture: Bool
  /// For `--help`.
  public let summary: String
  private let make: @Sendable (WriterTarget, PictureOptions) -> (any FrameWriter)?

  /// A writer of this format to `target` (nil when the target's kind does not fit).
  package func writer(to target: WriterTarget, _ options: PictureOptions) -> (any FrameWriter)? {
    make(target, options)
  }

  public static let jsonLines = OutputFormat(
    name: "json", extensions: ["jsonl"], destination: .file, frames: .run, isPicture: false,
    summary: "frames as JSON Lines (§9)"
  ) { target, _ in
    guard case .bytes(let sink) = target else { return nil }
    // A file: a frame's last part may be made while the next frame is simulated.
    return JSONLinesWriter(to: sink, overlappingFrames: true)
  }

  public static let csv = OutputFormat(
    name: "csv", extensions: ["csv"], destination: .file, frames: .run, isPicture: false,
    summary: "frames as CSV rows (§9)"
  ) { target, _ in
    guard case .bytes(let sink) = target else { return nil }
    return CSVWriter(to: sink, overlappingFrames: true)
  }

  public static let gif = OutputFormat(
    name: "gif", extensions: ["gif"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as an animated GIF"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return GIFFileWriter(to: sink, options)
  }

  public static let apng = OutputFormat(
    name: "apng", extensions: ["apng"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as an animated PNG, with full alpha"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return APNGFileWriter(to: sink, options)
  }

  public static let mp4 = OutputFormat(
    name: "mp4", extensions: ["mp4"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as an H.264 video, made by ffmpeg"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return VideoFileWriter(to: sink, options, .mp4)
  }

  public static let webm = OutputFormat(
    name: "webm", extensions: ["webm"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as a VP9 video (with alpha on a clear background), made by ffmpeg"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return VideoFileWriter(to: sink, options, .webm)
  }

  public static let telegramVideo = OutputFormat(
    name: "telegram-webm", extensions: [], destination: .file, frames: .run, isPicture: true,
    summary: "a Telegram video sticker (`-o OUT.webm --telegram`): VP9, 512 px, at most 3 s and 256 KB"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return VideoFileWriter(to: sink, options, .telegramSticker)
  }

  public static let png = OutputFormat(
    name: "png", extensions: ["png"], destination: .file, frames: .still, isPicture: true,
    summary: "one frame as a PNG"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return PNGStillWriter(to: sink, options)
  }

  public static let svg = OutputFormat(
    name: "svg", extensions: ["svg"], destination: .file, frames: .still, isPicture: true,
    summary: "one frame as an SVG document"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return SVGStillWriter(to: sink, options)
  }

  public static let pngSequence = OutputFormat(
    name: "png-sequence", extensions: [], destination: .folder, frames: .run, isPicture: true,
    summary: "one PNG per frame in a folder"
  ) { target, options in
    guard case .files(let sink) = target else { return nil }
    return PNGSequenceWriter(to: sink, options)
  }

  public static let lottie = OutputFormat(
    name: "lottie", extensions: ["json"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as a Lottie animation (§13)"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return LottieWriter(to: sink, options)
  }

  public static let sticker = OutputFormat(
    name: "tgs", extensions: ["tgs"], destination: .file, frames: .run, isPicture: true,
    summary: "the run as a Telegram animated sticker: gzip-compressed Lottie (§13)"
  ) { target, options in
    guard case .bytes(let sink) = target else { return nil }
    return LottieWriter(to: sink, options, sticker: true)
  }

  /// Every format, in the order `--help` lists them.
  public static let all: [OutputFormat] = [
    jsonLines, csv, gif, apng, mp4, webm, telegramVideo, png, svg, pngSequence, lottie, sticker,
  ]

  /// The format named `name` (`--format`).
  public static func named(_ name: String) -> OutputFormat? { all.first { $0.name == name } }

  /// The file format for a file name extension, any case.
  public static func forExtension(_ ext: String) -> OutputFormat? {
    let lower = ext.lowercased()
    return all.first { $0.extensions.contains(lower) }
  }
}
