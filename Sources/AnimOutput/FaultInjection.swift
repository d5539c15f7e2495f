#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, with the calls that can lose data counted, and the Nth of them
/// made to fail with a chosen `errno` instead of running (a failing `close` still closes,
/// as Linux does). Each call is logged, so a test knows what the Nth one was. Not for
/// use from several threads at once.
package final class FaultInjection {
  package enum Call: String, Sendable { case open, write, read, fsync, close, rename, ftruncate, mkdir, fchmod, fchown }

  package var failAt: Int?
  package var code: Int32
  package private(set) var log: [(call: Call, detail: String)] = []

  package init(failAt: Int? = nil, code: Int32 = ENOSPC) {
    self.failAt = failAt
    self.code = code
  }

  /// Counts a call; throws when it is the one to fail.
  private func count(_ call: Call, _ detail: String) throws(SystemError) {
    log.append((call, detail))
    if log.count == failAt { throw SystemError(code) }
  }

  /// The real calls through this injector.
  package var fileSystem: FileSystem {
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
        real.closeAbandoned(fd)
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

extension FileSystem {
  /// What animc's commands write through: the real calls, unless the environment sets
  /// `ANIMC_TEST_FAIL_CALL` to `N` or `N:ENOSPC` or `N:EIO` (a test of the whole program):
  /// then the Nth counted call of the process fails with that error (ENOSPC when none is
  /// named). A value that is not of that form is ignored.
  package static var standard: FileSystem { environmentFaults?.fileSystem ?? .posix }
}

/// Read once; a command runs its outputs one after another on one thread, which is what
/// lets the count run on through all of them.
nonisolated(unsafe) private let environmentFaults: FaultInjection? = {
  guard let raw = getenv("ANIMC_TEST_FAIL_CALL") else { return nil }
  let parts = String(cString: raw).split(separator: ":")
  guard let first = parts.first, let n = Int(first), n > 0, parts.count <= 2 else { return nil }
  let codes = ["ENOSPC": ENOSPC, "EIO": EIO]
  guard let code = parts.count == 2 ? codes[String(parts[1])] : ENOSPC else { return nil }
  return FaultInjection(failAt: n, code: code)
}()
