import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every command whose result goes to standard output fails with exit 2 and the reason
/// when that output cannot be written (here `/dev/full`): output cut short must never
/// look like success to a script.
@Suite struct FullStandardOutputTests {
  static let commands: [[String]] = [
    ["check", "examples/fold.anim", "--emit-ir"],
    ["check", "examples/fold.anim", "--emit-syntax"],
    ["check", "examples/fold.anim", "--format", "json"],
    ["dump", "examples/fold.anim"],
    ["dump", "examples/fold.anim", "--format", "csv"],
    ["--help"],
    ["check", "--help"],
  ]

  @Test(arguments: commands)
  func aResultThatCannotBeWrittenFails(_ arguments: [String]) throws {
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
    let p = Process()
    p.executableURL = CLITests.root.appendingPathComponent(".build/debug/animc")
    p.currentDirectoryURL = CLITests.root
    p.arguments = arguments
    let errors = Pipe()
    p.standardOutput = full
    p.standardError = errors
    try p.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 2, "\(arguments): \(stderr)")
    #expect(stderr.hasSuffix("animc: error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n"))
  }
}
