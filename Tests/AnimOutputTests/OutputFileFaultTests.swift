import AnimOutput
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every call a successful write makes is made to fail in turn, with ENOSPC and with EIO:
/// the target must be byte-identical to what it was (or still absent), nothing temporary
/// may be left beside it, and the error must be one line naming the file and the reason.
/// The two documented exceptions are checked as such: a failure to sync the folder after
/// the rename (the new content is whole and in place), and an in-place copy that failed
/// after it began (the complete new content is kept in a named temporary file).
@Suite struct OutputFileFaultTests {
  struct Scenario: Sendable {
    var name: String
    /// Makes the files before the write.
    var setup: @Sendable (Scratch) throws -> Void
    /// The path given to the output, in the scratch folder.
    var target: String
    /// The file whose content is checked (the target, or what its link names).
    var real: String
    var original: String?
    var force = false
  }

  static let original = content(9000, seed: "o")
  static let chunks = [content(50_000, seed: "a"), content(50_000, seed: "b"), content(50_000, seed: "c")]
  static let new = chunks.joined()

  static let scenarios = [
    Scenario(name: "a new file", setup: { _ in }, target: "out.anim", real: "out.anim", original: nil),
    Scenario(
      name: "an existing file", setup: { try $0.write("out.anim", original) }, target: "out.anim", real: "out.anim",
      original: original),
    Scenario(
      name: "a symbolic link",
      setup: { s in
        try FileManager.default.createDirectory(atPath: s.file("sub"), withIntermediateDirectories: true)
        try s.write("sub/real.anim", original)
        try FileManager.default.createSymbolicLink(atPath: s.file("link.anim"), withDestinationPath: "sub/real.anim")
      }, target: "link.anim", real: "sub/real.anim", original: original),
    Scenario(
      name: "a hard link with force",
      setup: { s in
        try s.write("out.anim", original)
        try FileManager.default.linkItem(atPath: s.file("out.anim"), toPath: s.file("other.anim"))
      }, target: "out.anim", real: "out.anim", original: original, force: true),
  ]

  /// Writes the chunks through an output on `fs`.
  static func run(_ s: Scenario, in scratch: Scratch, _ fs: FileSystem) throws(OutputError) {
    let file = try OutputFile(
      path: scratch.file(s.target), options: OutputOptions(force: s.force), fileSystem: fs)
    for chunk in chunks { try file.write(Array(chunk.utf8)) }
    try file.commit()
  }

  @Test(arguments: scenarios.indices, [ENOSPC, EIO])
  func everyFailingCallLeavesTheTargetAsItWas(_ index: Int, _ code: Int32) throws {
    let s = Self.scenarios[index]
    let clean = FaultInjection()
    let first = try Scratch()
    try s.setup(first)
    try Self.run(s, in: first, clean.fileSystem)
    #expect(first.read(s.real) == Self.new, "\(s.name): the clean run")
    let expectedNames = first.names()
    first.remove()
    let calls = clean.log
    #expect(calls.count >= 6, "\(s.name): \(calls.map(\.call))")
    let renameAt = (calls.firstIndex { $0.call == .rename } ?? calls.count) + 1
    let reason = String(cString: strerror(code))
    for n in 1...calls.count {
      let scratch = try Scratch()
      defer { scratch.remove() }
      try s.setup(scratch)
      let before = scratch.names()
      let faults = FaultInjection(failAt: n, code: code)
      let what = "\(s.name), \(reason), call \(n) of \(calls.count) (\(calls[n - 1].call) \(calls[n - 1].detail))"
      var thrown: OutputError?
      do { try Self.run(s, in: scratch, faults.fileSystem) } catch { thrown = error }
      guard let message = thrown?.message else {
        Issue.record("no error: \(what)")
        continue
      }
      #expect(!message.contains("\n"), "\(what): \(message)")
      #expect(message.hasPrefix("cannot write `\(scratch.file(s.target))`: \(reason)"), "\(what): \(message)")
      if message.contains("is kept in") {
        // In place, after the copy began: the target is not whole, the new content is.
        #expect(s.force, "\(what): \(message)")
        let kept = scratch.names().filter { !before.contains($0) }
        #expect(kept.count == 1 && message.contains(kept.first ?? "?"), "\(what): \(message)")
        #expect(scratch.read(kept.first ?? "?") == Self.new, "\(what)")
      } else if !s.force && n > renameAt {
        #expect(message.contains("may not survive a crash"), "\(what): \(message)")
        #expect(scratch.read(s.real) == Self.new, "\(what)")
        #expect(scratch.names() == expectedNames, "\(what)")
      } else {
        #expect(scratch.read(s.real) == s.original, "\(what)")
        #expect(scratch.names() == before, "\(what)")
      }
      if s.target != s.real {
        #expect(scratch.status(s.target).map { $0.st_mode & S_IFMT } == S_IFLNK, "\(what): the link stays")
      }
    }
  }

  /// A folder that cannot be synced (EINVAL: its file system has nothing to sync) is not an
  /// error: the write succeeds, and the folder is closed once, as in a clean run.
  @Test func aFolderThatCannotBeSyncedIsNotAnError() throws {
    let s = Self.scenarios[0]
    let clean = FaultInjection()
    let first = try Scratch()
    defer { first.remove() }
    try Self.run(s, in: first, clean.fileSystem)
    let folderSync = try #require(clean.log.lastIndex { $0.call == .fsync }) + 1
    let scratch = try Scratch()
    defer { scratch.remove() }
    let faults = FaultInjection(failAt: folderSync, code: EINVAL)
    try Self.run(s, in: scratch, faults.fileSystem)
    #expect(scratch.read(s.real) == Self.new)
    #expect(faults.log.filter { $0.call == .close }.count == clean.log.filter { $0.call == .close }.count)
  }

  /// Short writes and interrupted calls are continued, not lost.
  @Test func shortWritesAndInterruptionsAreContinued() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var fs = FileSystem.posix
    final class Counter { var n = 0 }
    let counter = Counter()
    fs.write = { fd, bytes throws(SystemError) in
      counter.n += 1
      if counter.n % 3 == 0 { throw SystemError(EINTR) }
      return try FileSystem.posix.write(fd, bytes.prefix(777))
    }
    try OutputFile.write(Array(Self.new.utf8), to: scratch.file("out.anim"), fileSystem: fs)
    #expect(scratch.read("out.anim") == Self.new)
    #expect(counter.n > Self.new.utf8.count / 777)
    #expect(scratch.names() == ["out.anim"])
  }

  /// A device that takes no bytes (a write of 0) is an error, not an endless loop.
  @Test func aWriteOfNothingIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("out.anim", Self.original)
    var fs = FileSystem.posix
    fs.write = { _, _ throws(SystemError) in 0 }
    #expect(throws: OutputError.self) {
      try OutputFile.write(Array(Self.new.utf8), to: scratch.file("out.anim"), fileSystem: fs)
    }
    #expect(scratch.read("out.anim") == Self.original)
    #expect(scratch.names() == ["out.anim"])
  }
}
