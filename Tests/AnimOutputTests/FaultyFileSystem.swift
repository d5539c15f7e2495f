import AnimOutput
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, with the calls that can lose data counted, and the Nth of them
/// made to fail with a chosen `errno` instead of running (a failing `close` still closes,
/// as Linux does). Each call is logged, so a test knows what the Nth one was.
final class FaultyFileSystem {
  enum Call: String { case open, write, read, fsync, close, rename, ftruncate, mkdir, fchmod, fchown }

  var failAt: Int?
  var code: Int32
  private(set) var log: [(call: Call, detail: String)] = []

  init(failAt: Int? = nil, code: Int32 = ENOSPC) {
    self.failAt = failAt
    self.code = code
  }

  /// Counts a call; throws when it is the one to fail.
  private func count(_ call: Call, _ detail: String) throws(SystemError) {
    log.append((call, detail))
    if log.count == failAt { throw SystemError(code) }
  }

  var fileSystem: FileSystem {
    var fs = FileSystem.posix
    let real = FileSystem.posix
    fs.open = { path, flags, mode throws(SystemError) in
      try self.count(.open, path)
      return try real.open(path, flags, mode)
    }
    fs.write = { fd, bytes throws(SystemError) in
      try self.count(.write, "\(fd)")
      return try real.write(fd, bytes)
    }
    fs.read = { fd, n throws(SystemError) in
      try self.count(.read, "\(fd)")
      return try real.read(fd, n)
    }
    fs.fsync = { fd throws(SystemError) in
      try self.count(.fsync, "\(fd)")
      try real.fsync(fd)
    }
    fs.close = { fd throws(SystemError) in
      do throws(SystemError) { try self.count(.close, "\(fd)") } catch {
        try? real.close(fd)
        throw error
      }
      try real.close(fd)
    }
    fs.rename = { from, to throws(SystemError) in
      try self.count(.rename, to)
      try real.rename(from, to)
    }
    fs.ftruncate = { fd, n throws(SystemError) in
      try self.count(.ftruncate, "\(fd)")
      try real.ftruncate(fd, n)
    }
    fs.mkdir = { path, mode throws(SystemError) in
      try self.count(.mkdir, path)
      try real.mkdir(path, mode)
    }
    fs.fchmod = { fd, mode throws(SystemError) in
      try self.count(.fchmod, "\(fd)")
      try real.fchmod(fd, mode)
    }
    fs.fchown = { fd, u, g throws(SystemError) in
      try self.count(.fchown, "\(fd)")
      try real.fchown(fd, u, g)
    }
    return fs
  }
}

/// A fresh folder for one test's files, removed at the end.
struct Scratch {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("animoutput-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in the folder (hidden ones too), sorted.
  func names(_ folder: String = "") -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : file(folder))) ?? []).sorted()
  }

  func status(_ name: String) -> stat? {
    var info = stat()
    return lstat(file(name), &info) == 0 ? info : nil
  }
}

/// Text of `count` bytes that differs from one run to another only by `seed`.
func content(_ count: Int, seed: Character = "n") -> String {
  var line = "let \(seed) = 1 // " + String(repeating: "x", count: 60) + "\n"
  var text = ""
  while text.utf8.count + line.utf8.count <= count { text += line }
  line = String(repeating: "z", count: count - text.utf8.count)
  return text + line
}
