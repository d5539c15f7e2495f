import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a video could not be made: said in one line, as animc's own error (exit 2).
package struct VideoError: Error, CustomStringConvertible {
  package let description: String
}

/// ffmpeg as an external tool (never a dependency of the package): animc pipes raw RGBA
/// frames to its standard input, and it writes the video to a file in a private folder,
/// which the writer then copies into animc's output (so the output's rules, a temporary
/// file beside the target and a rename, apply to the video as to every other file).
///
/// Its messages go to a file, not a pipe: a pipe nobody reads while frames are written
/// could fill and stop ffmpeg, and animc with it.
final class FFmpegProcess {
  private let process = Process()
  private let input = Pipe()
  private let folder: URL
  let output: URL
  private let log: URL

  /// The ffmpeg to run: `explicit` (`--ffmpeg PATH`), else the first on `PATH`.
  static func locate(_ explicit: String?) throws(VideoError) -> String {
    if let explicit {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw VideoError(description: "`--ffmpeg \(explicit)`: not an executable file")
      }
      return explicit
    }
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(dir)/ffmpeg"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw VideoError(
      description:
        "MP4 and WebM are encoded by ffmpeg, which is not on PATH: install it (`apt install ffmpeg`, `brew install ffmpeg`) or give `--ffmpeg PATH`"
    )
  }

  /// Starts `ffmpeg` reading `width` × `height` RGBA frames at `fps`, with `encoding`
  /// arguments, writing a file named `output.EXT` in a new private folder.
  init(_ ffmpeg: String, width: Int, height: Int, fps: Double, encoding: [String], fileExtension: String)
    throws(VideoError)
  {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("animc-video-\(UUID().uuidString)")
    output = folder.appendingPathComponent("output.\(fileExtension)")
    log = folder.appendingPathComponent("ffmpeg.log")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      // Not checked here: opening it for ffmpeg below throws when it could not be made.
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.executableURL = URL(fileURLWithPath: ffmpeg)
      process.arguments =
        [
          "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
          "-framerate", "\(fps)", "-i", "pipe:0",
        ] + encoding + ["-an", output.path]
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: log)
      // A write to an ffmpeg that has ended is then an error to report, not a signal
      // that ends animc without a word.
      signal(SIGPIPE, SIG_IGN)
      try process.run()
    } catch {
      removeFolder()
      throw VideoError(description: "could not start `\(ffmpeg)`: \(error.localizedDescription)")
    }
  }

  deinit { removeFolder() }

  /// Sends one frame's bytes.
  func send(_ bytes: [UInt8]) throws(VideoError) {
    do {
      try input.fileHandleForWriting.write(contentsOf: bytes)
    } catch {
      throw failure(whileWriting: true)
    }
  }

  /// Ends the input and waits: the video is then at `output`.
  func finish() throws(VideoError) {
    // ffmpeg sees the end of its input only through this close; one that fails may leave
    // it waiting or cut the video short, so it fails the write.
    do { try input.fileHandleForWriting.close() } catch { throw failure(whileWriting: true) }
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw failure(whileWriting: false)
    }
  }

  /// Stops ffmpeg (if it still runs) and says why it failed: its last message line.
  private func failure(whileWriting: Bool) -> VideoError {
    abandonInput()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let last = text.split(separator: "\n").last.map(String.init) ?? ""
    let how =
      process.terminationReason == .uncaughtSignal
      ? "ended by signal \(process.terminationStatus)" : "exited \(process.terminationStatus)"
    return VideoError(
      description: "ffmpeg \(how)\(whileWriting ? " while frames were sent" : "")\(last.isEmpty ? "" : ": \(last)")")
  }

  /// Closes ffmpeg's input on a path that already fails: the video is discarded, so an
  /// error closing the pipe (it is usually already closed) loses nothing.
  private func abandonInput() {
    do { try input.fileHandleForWriting.close() } catch {}
  }

  /// Unfinished or not, the private folder goes.
  func removeFolder() {
    if process.isRunning {
      abandonInput()
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
