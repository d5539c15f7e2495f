import AnimModel
import AnimOutput
import AnimSim
import AnimWriters

/// Writes a run in one format to one output: opens the output, makes the format's writer
/// (the table in `OutputFormat`), drives it, and commits the output only when every frame
/// was written; on any error the output is abandoned and the target left as it was.
enum RunOutput {
  /// What to write of the run: every frame in `frames` (all when nil), or one still.
  enum Selection {
    case run(ClosedRange<Int>?)
    case still(Int)
  }

  static func write(
    _ simulator: Simulator, format: OutputFormat, to path: String?, inputs: [String], force: Bool = false,
    picture: PictureOptions, _ selection: Selection, only: NodeSelection? = nil
  ) throws {
    // Images and font files are inputs too (§12.3, §12.4): no output may overwrite them.
    let options = OutputOptions(inputs: inputs + simulator.imagePaths + simulator.scene.fontFiles, force: force)
    switch format.destination {
    case .file:
      try toFile(path ?? "-", options) { sink in try drive(simulator, format, .bytes(sink), picture, selection, only) }
    case .folder:
      guard let path else { throw UsageError(message: "give a folder with `-o DIR/`") }
      let output = try OutputDirectory(path: path, options: options)
      do {
        try drive(simulator, format, .files(FolderSink(output)), picture, selection, only)
        try output.commit()
      } catch {
        output.abandon()
        throw error
      }
    }
  }

  /// An APNG joined from a folder of the run's PNGs (`--from DIR/`, `APNGFolderJoin`),
  /// written as every output is: atomically, the target left as it was on any error.
  static func joinAPNG(
    folder: String, frames: Int, fps: Double, picture: PictureOptions, to path: String, inputs: [String],
    force: Bool
  ) throws {
    try toFile(path, OutputOptions(inputs: inputs, force: force)) { sink in
      try APNGFolderJoin.join(folder: folder, frames: frames, fps: fps, options: picture, to: sink)
    }
  }

  /// Opens the output file (refused, when it must be, before any work), lets `body` write
  /// it, and commits it only when `body` returns.
  private static func toFile(_ path: String, _ options: OutputOptions, _ body: (FileSink) throws -> Void) throws {
    let output = try OutputFile(path: path, options: options)
    do {
      try body(FileSink(output))
      try output.commit()
    } catch {
      output.abandon()
      throw error
    }
  }

  private static func drive(
    _ simulator: Simulator, _ format: OutputFormat, _ target: WriterTarget, _ picture: PictureOptions,
    _ selection: Selection, _ only: NodeSelection?
  ) throws {
    guard let made = format.writer(to: target, picture) else {
      throw UsageError(message: "the \(format.name) format cannot be written there")
    }
    var writer = only.map { $0.filtering(made) } ?? made
    try drive(simulator, format, &writer, selection)
  }

  private static func drive(
    _ simulator: Simulator, _ format: OutputFormat, _ writer: inout some FrameWriter, _ selection: Selection
  ) throws {
    switch selection {
    case .run(let frames):
      var progress = ProgressBar(total: simulator.frameCount, visible: format.isPicture)
      try FrameRun.write(simulator, frames: frames, to: &writer) { done, total in progress.show(done, of: total) }
      progress.finish()
    case .still(let n):
      try FrameRun.writeStill(simulator, frame: n, to: &writer)
    }
  }
}

/// A writer's bytes into one output file (or standard output).
final class FileSink: ByteSink {
  let output: OutputFile
  init(_ output: OutputFile) { self.output = output }
  func write(_ bytes: [UInt8]) throws { try output.write(bytes) }
}

/// A sequence writer's files into an output folder, which replaces the target's files
/// only when every frame is written.
final class FolderSink: FileSetSink {
  let output: OutputDirectory
  init(_ output: OutputDirectory) { self.output = output }
  func file(named name: String, _ bytes: [UInt8]) throws { try output.write(bytes, named: name) }
}
