import AnimOutput
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PNG sequence's folder: replaced only at the end, each call made to fail in turn.
@Suite struct OutputDirectoryTests {
  static let frames = ["frame-00000.png", "frame-00001.png", "frame-00002.png"]

  /// Writes three frames (`new 0`, …) into `folder` on `fs`.
  static func render(_ folder: String, _ fs: FileSystem, inputs: [String] = []) throws(OutputError) {
    let output = try OutputDirectory(path: folder, options: OutputOptions(inputs: inputs), fileSystem: fs)
    for (i, name) in frames.enumerated() { try output.write(Array("new \(i)".utf8), named: name) }
    try output.commit()
  }

  /// An old render of four frames, and a file of the user's.
  static func oldRender(_ s: Scratch) throws {
    try FileManager.default.createDirectory(atPath: s.file("out"), withIntermediateDirectories: true)
    for i in 0..<4 { try s.write("out/frame-0000\(i).png", "old \(i)") }
    try s.write("out/notes.txt", "mine")
  }

  @Test func newFramesReplaceOldOnesAndLeaveTheRest() throws {
    let s = try Scratch()
    defer { s.remove() }
    try Self.oldRender(s)
    try Self.render(s.file("out/"), .posix)
    #expect(s.names("out") == Self.frames + ["frame-00003.png", "notes.txt"])
    for i in 0..<3 { #expect(s.read("out/frame-0000\(i).png") == "new \(i)") }
    #expect(s.read("out/frame-00003.png") == "old 3")
    #expect(s.names() == ["out"])
  }

  /// Slices of one run written at once to a folder that did not exist: the one that
  /// finishes second finds the folder made by the first, and adds its files to it.
  @Test func aFolderThatAppearsMeanwhileGetsTheFilesAdded() throws {
    let s = try Scratch()
    defer { s.remove() }
    let output = try OutputDirectory(path: s.file("out/"), fileSystem: .posix)
    for (i, name) in Self.frames.enumerated() { try output.write(Array("new \(i)".utf8), named: name) }
    try FileManager.default.createDirectory(atPath: s.file("out"), withIntermediateDirectories: false)
    try s.write("out/frame-00007.png", "other slice")
    try output.commit()
    #expect(s.names("out") == Self.frames + ["frame-00007.png"])
    for i in 0..<3 { #expect(s.read("out/frame-0000\(i).png") == "new \(i)") }
    #expect(s.read("out/frame-00007.png") == "other slice")
    #expect(s.names() == ["out"])
  }

  @Test func aNewFolderAppearsWhole() throws {
    let s = try Scratch()
    defer { s.remove() }
    try Self.render(s.file("fresh"), .posix)
    #expect(s.names("fresh") == Self.frames)
    #expect(s.names() == ["fresh"])
  }

  @Test(arguments: [true, false], [ENOSPC, EIO])
  func everyFailingCallLeavesTheOldFrames(_ existing: Bool, _ code: Int32) throws {
    let clean = FaultInjection()
    let first = try Scratch()
    if existing { try Self.oldRender(first) }
    try Self.render(first.file("out"), clean.fileSystem)
    first.remove()
    let calls = clean.log
    // The first rename that touches the target, and the last call before the target is synced.
    let firstMove = (calls.firstIndex { $0.call == .rename && !$0.detail.contains(".animc-") } ?? calls.count) + 1
    let reason = String(cString: strerror(code))
    for n in 1...calls.count {
      let s = try Scratch()
      defer { s.remove() }
      if existing { try Self.oldRender(s) }
      let before = s.names("out").map { ($0, s.read("out/" + $0)) }
      let what = "existing \(existing), \(reason), call \(n) of \(calls.count) (\(calls[n - 1].call))"
      var thrown: OutputError?
      do { try Self.render(s.file("out"), FaultInjection(failAt: n, code: code).fileSystem) } catch { thrown = error }
      guard let message = thrown?.message else {
        Issue.record("no error: \(what)")
        continue
      }
      #expect(!message.contains("\n") && message.hasPrefix("cannot write `\(s.file("out"))"), "\(what): \(message)")
      #expect(message.contains(reason), "\(what): \(message)")
      #expect(s.names().allSatisfy { !$0.hasPrefix(".") }, "\(what): \(s.names())")
      let after = s.names("out").map { ($0, s.read("out/" + $0)) }
      if n < firstMove {
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "\(what)")
      } else {
        // Among or after the final renames: each frame is whole, old or new.
        for (name, text) in after where name.hasPrefix("frame-") {
          let i = name.dropFirst(6).prefix(5)
          #expect(text == "new \(Int(i) ?? -1)" || text == "old \(Int(i) ?? -1)", "\(what): \(name)")
        }
      }
    }
  }

  @Test func aFileIsNotAFolder() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("out.gif", "gif")
    let error = #expect(throws: OutputError.self) { try Self.render(s.file("out.gif"), .posix) }
    #expect(error?.message == "cannot write `\(s.file("out.gif"))`: it is a file, and a folder is wanted here")
    #expect(s.names() == ["out.gif"])
  }

  @Test func anInputAmongTheFramesIsRefusedBeforeAnyIsReplaced() throws {
    let s = try Scratch()
    defer { s.remove() }
    try Self.oldRender(s)
    let error = #expect(throws: OutputError.self) {
      try Self.render(s.file("out"), .posix, inputs: [s.file("out/frame-00002.png")])
    }
    #expect(error?.message == "refusing to write over the input file `\(s.file("out/frame-00002.png"))`")
    for i in 0..<4 { #expect(s.read("out/frame-0000\(i).png") == "old \(i)") }
    #expect(s.names() == ["out"])
  }

  @Test func abandoningRemovesTheTemporaryFolder() throws {
    let s = try Scratch()
    defer { s.remove() }
    try Self.oldRender(s)
    let output = try OutputDirectory(path: s.file("out"))
    try output.write(Array("new".utf8), named: "frame-00000.png")
    #expect(s.names().count == 2)
    output.abandon()
    #expect(s.names() == ["out"])
    #expect(s.read("out/frame-00000.png") == "old 0")
  }
}
