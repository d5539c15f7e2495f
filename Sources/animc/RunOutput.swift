import AnimSim
import AnimWriters
import Foundation

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
    _ simulator: Simulator, format: OutputFormat, to path: String?, inputs: [String], picture: PictureOptions,
    _ selection: Selection, only: NodeSelection? = nil
  ) throws {
    switch format.destination {
    case .file:
      let output = try StreamingOutput(path: path, inputs: inputs)
      do {
        try drive(simulator, format, .bytes(StreamSink(output)), picture, selection, only)
        try output.finish()
      } catch {
        output.abandon()
        throw error
      }
    case .folder:
      guard let path else { throw UsageError(message: "give a folder with `-o DIR/`") }
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try drive(simulator, format, .files(FolderSink(path, inputs: inputs)), picture, selection, only)
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

/// A writer's bytes into the command's streaming output.
final class StreamSink: ByteSink {
  let output: StreamingOutput
  init(_ output: StreamingOutput) { self.output = output }
  func write(_ bytes: [UInt8]) throws { try output.write(bytes) }
}

/// A sequence writer's files into a folder, each written atomically.
final class FolderSink: FileSetSink {
  let folder: URL
  let inputs: [String]

  init(_ path: String, inputs: [String]) {
    folder = URL(fileURLWithPath: path)
    self.inputs = inputs
  }

  func file(named name: String, _ bytes: [UInt8]) throws {
    try OutputFile.write(bytes, to: folder.appendingPathComponent(name).path, inputs: inputs)
  }
}
