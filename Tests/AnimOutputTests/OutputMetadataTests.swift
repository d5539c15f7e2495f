import AnimOutput
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a replaced file keeps, and the targets that are not replaced but refused or
/// written directly.
@Suite struct OutputMetadataTests {
  static let text = "node n = circle(5)\n"

  @Test func aPrivateFileStaysPrivate() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("f.anim", "old")
    chmod(s.file("f.anim"), 0o600)
    try OutputFile.write(Array(Self.text.utf8), to: s.file("f.anim"))
    #expect(s.read("f.anim") == Self.text)
    #expect(s.status("f.anim").map { $0.st_mode & 0o7777 } == 0o600)
  }

  @Test func aNewFileTakesTheUsualMode() throws {
    let s = try Scratch()
    defer { s.remove() }
    let mask = umask(0o022)
    defer { umask(mask) }
    try OutputFile.write(Array(Self.text.utf8), to: s.file("new.anim"))
    #expect(s.status("new.anim").map { $0.st_mode & 0o7777 } == 0o644)
  }

  @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
  func ownerAndGroupAreKept() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("f.anim", "old")
    #expect(chown(s.file("f.anim"), 1234, 5678) == 0)
    chmod(s.file("f.anim"), 0o640)
    try OutputFile.write(Array(Self.text.utf8), to: s.file("f.anim"))
    let info = try #require(s.status("f.anim"))
    #expect(info.st_uid == 1234 && info.st_gid == 5678)
    #expect(info.st_mode & 0o7777 == 0o640)
    #expect(s.read("f.anim") == Self.text)
  }

  @Test func aChainOfLinksIsFollowedAndKept() throws {
    let s = try Scratch()
    defer { s.remove() }
    let fm = FileManager.default
    try fm.createDirectory(atPath: s.file("a/b"), withIntermediateDirectories: true)
    try s.write("a/real.anim", "old")
    // top → a/b/mid (relative, through `..`) → a/real.anim.
    try fm.createSymbolicLink(atPath: s.file("a/b/mid"), withDestinationPath: "../real.anim")
    try fm.createSymbolicLink(atPath: s.file("top"), withDestinationPath: "a/b/mid")
    try OutputFile.write(Array(Self.text.utf8), to: s.file("top"))
    #expect(s.read("a/real.anim") == Self.text)
    #expect(s.status("top").map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(s.status("a/b/mid").map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(s.names() == ["a", "top"])
    #expect(s.names("a") == ["b", "real.anim"])
  }

  @Test func aDanglingLinkCreatesTheFileItNames() throws {
    let s = try Scratch()
    defer { s.remove() }
    try FileManager.default.createSymbolicLink(atPath: s.file("link"), withDestinationPath: "made.anim")
    try OutputFile.write(Array(Self.text.utf8), to: s.file("link"))
    #expect(s.read("made.anim") == Self.text)
    #expect(s.status("link").map { $0.st_mode & S_IFMT } == S_IFLNK)
  }

  @Test func aLinkLoopIsAnError() throws {
    let s = try Scratch()
    defer { s.remove() }
    try FileManager.default.createSymbolicLink(atPath: s.file("x"), withDestinationPath: "y")
    try FileManager.default.createSymbolicLink(atPath: s.file("y"), withDestinationPath: "x")
    let error = #expect(throws: OutputError.self) { try OutputFile.write([1], to: s.file("x")) }
    #expect(error?.message == "cannot write `\(s.file("x"))`: \(String(cString: strerror(ELOOP)))")
  }

  @Test func aHardLinkIsRefusedWithoutForce() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("a.anim", "old")
    try FileManager.default.linkItem(atPath: s.file("a.anim"), toPath: s.file("b.anim"))
    let error = #expect(throws: OutputError.self) { try OutputFile.write(Array(Self.text.utf8), to: s.file("a.anim")) }
    #expect(error?.message.contains("--force") == true)
    #expect(error?.message.hasPrefix("cannot write `\(s.file("a.anim"))`: it has 1 other hard link") == true)
    #expect(s.read("a.anim") == "old" && s.read("b.anim") == "old")
    #expect(s.names() == ["a.anim", "b.anim"])
  }

  @Test func forceWritesAHardLinkInPlace() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("a.anim", String(repeating: "a much longer old content\n", count: 100))
    chmod(s.file("a.anim"), 0o600)
    try FileManager.default.linkItem(atPath: s.file("a.anim"), toPath: s.file("b.anim"))
    let inode = s.status("a.anim")?.st_ino
    try OutputFile.write(Array(Self.text.utf8), to: s.file("a.anim"), options: OutputOptions(force: true))
    #expect(s.read("a.anim") == Self.text && s.read("b.anim") == Self.text)
    #expect(s.status("a.anim")?.st_ino == inode && s.status("a.anim")?.st_nlink == 2)
    #expect(s.status("a.anim").map { $0.st_mode & 0o7777 } == 0o600)
    #expect(s.names() == ["a.anim", "b.anim"])
  }

  @Test func anInputIsNeverOverwritten() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("in.anim", "old")
    try FileManager.default.createSymbolicLink(atPath: s.file("alias"), withDestinationPath: "in.anim")
    let options = OutputOptions(inputs: ["-", s.file("in.anim")])
    let error = #expect(throws: OutputError.self) {
      try OutputFile.write(Array(Self.text.utf8), to: s.file("alias"), options: options)
    }
    #expect(error?.message == "refusing to write over the input file `\(s.file("in.anim"))`")
    #expect(s.read("in.anim") == "old")
    #expect(s.names() == ["alias", "in.anim"])
  }

  @Test func aFolderIsNotAFile() throws {
    let s = try Scratch()
    defer { s.remove() }
    try FileManager.default.createDirectory(atPath: s.file("out.gif"), withIntermediateDirectories: false)
    let error = #expect(throws: OutputError.self) { try OutputFile.write([1], to: s.file("out.gif")) }
    #expect(error?.message == "cannot write `\(s.file("out.gif"))`: it is a directory, and a file is wanted here")
    #expect(s.names("out.gif").isEmpty)
    let missing = #expect(throws: OutputError.self) { try OutputFile.write([1], to: s.file("no/such/out.gif")) }
    #expect(missing?.message == "cannot write `\(s.file("no/such/out.gif"))`: \(String(cString: strerror(ENOENT)))")
  }

  @Test func aFullDeviceIsAnError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let error = #expect(throws: OutputError.self) { try OutputFile.write(Array(Self.text.utf8), to: "/dev/full") }
    #expect(error?.message == "cannot write `/dev/full`: \(String(cString: strerror(ENOSPC)))")
  }

  /// A reader opened without blocking holds the FIFO open, and the few bytes fit in its
  /// buffer, so one thread does both ends.
  @Test func aFIFOIsWrittenDirectly() throws {
    let s = try Scratch()
    defer { s.remove() }
    #expect(mkfifo(s.file("pipe"), 0o600) == 0)
    let reader = open(s.file("pipe"), O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try OutputFile.write(Array(Self.text.utf8), to: s.file("pipe"))
    var bytes = [UInt8](repeating: 0, count: 100)
    let n = read(reader, &bytes, 100)
    #expect(String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self) == Self.text)
    #expect(s.status("pipe").map { $0.st_mode & S_IFMT } == S_IFIFO)
    #expect(s.names() == ["pipe"])
  }

  #if os(Linux)
    /// `/proc/self/fd/N` is a link to `pipe:[…]`, which names no file: it is opened as it is.
    @Test func aProcFileDescriptorIsWrittenDirectly() throws {
      var ends: [Int32] = [0, 0]
      #expect(pipe(&ends) == 0)
      defer { close(ends[0]) }
      try OutputFile.write(Array(Self.text.utf8), to: "/proc/self/fd/\(ends[1])")
      close(ends[1])
      var bytes = [UInt8](repeating: 0, count: 100)
      let n = read(ends[0], &bytes, 100)
      #expect(n == Self.text.utf8.count)
      #expect(String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self) == Self.text)
    }
  #endif
}
