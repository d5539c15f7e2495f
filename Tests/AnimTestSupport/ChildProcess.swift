import Foundation

/// A program run to its end with everything it writes captured.
///
/// Standard error is drained and standard input written on threads of their own while
/// standard output is read: a child that fills one pipe (64 KB) while the test reads
/// another would otherwise wait for the test, and the test for it, forever.
public enum ChildProcess {
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data
  }

  public static func run(
    _ executable: URL, _ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
    directory: URL? = nil
  ) throws -> Output {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    if let environment { p.environment = environment }
    if let directory { p.currentDirectoryURL = directory }
    let input = Pipe()
    let out = Pipe()
    let err = Pipe()
    p.standardInput = input
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let stderr = Drained()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      stderr.data = err.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      // A child that exits without reading all of it closes the pipe: not the test's error.
      try? input.fileHandleForWriting.write(contentsOf: stdin)
      try? input.fileHandleForWriting.close()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return Output(status: p.terminationStatus, stdout: stdout, stderr: stderr.data)
  }

  /// Written by one thread before `DispatchGroup.wait` returns on another.
  private final class Drained: @unchecked Sendable {
    var data = Data()
  }
}
