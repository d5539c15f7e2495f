@_exported import AnimTestSupport
import Foundation

/// Runs an independent reference decoder (CPython's `zlib`, Pillow) on encoder output.
/// A missing `python3` or Pillow is a test failure with instructions, never a silent pass:
/// CI installs both (`python3 -m pip install pillow`).
enum PythonDecoder {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The result of one script run: its stdout and the bytes it wrote to `sys.argv[1]`.
  struct Output {
    var stdout: String
    var bytes: [UInt8]
  }

  /// Runs `script` with `python3 -c`. `sys.argv[1]` is an output file the script may
  /// write; `sys.argv[2...]` are files holding `inputs`, in order.
  static func run(_ script: String, inputs: [[UInt8]]) throws -> Output {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("animc-py-\(UUID().uuidString)")
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let outFile = dir.appendingPathComponent("out.bin")
    var arguments = ["python3", "-c", script, outFile.path]
    for (i, input) in inputs.enumerated() {
      let url = dir.appendingPathComponent("in\(i).bin")
      try Data(input).write(to: url)
      arguments.append(url.path)
    }
    // stdout/stderr go to files, not pipes, so large output cannot deadlock the child.
    let stdoutURL = dir.appendingPathComponent("stdout.txt")
    let stderrURL = dir.appendingPathComponent("stderr.txt")
    _ = fm.createFile(atPath: stdoutURL.path, contents: nil)
    _ = fm.createFile(atPath: stderrURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    do {
      try process.run()
    } catch {
      throw Failure(description: "could not start python3 (install Python 3): \(error)")
    }
    process.waitUntilExit()
    let stdout = String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
    let stderr = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      if process.terminationStatus == 127 {
        throw Failure(description: "python3 not found on PATH: install Python 3")
      }
      if stderr.contains("No module named 'PIL'") {
        throw Failure(description: "Pillow is missing: run `python3 -m pip install pillow`")
      }
      throw Failure(
        description: "python3 exited \(process.terminationStatus):\n\(stderr)\n\(stdout)")
    }
    let bytes = (try? Data(contentsOf: outFile)).map { [UInt8]($0) } ?? []
    return Output(stdout: stdout, bytes: bytes)
  }
}
