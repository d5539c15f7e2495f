#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the output path makes, as a value: `FileSystem.posix` makes the real
/// calls, and a test can wrap it to make any one call fail (fault injection), so every
/// error path is exercised without a full disk.
///
/// Every call either succeeds or throws the `errno` it failed with; none of them retries
/// (`write` may write fewer bytes than asked, and `EINTR` comes back to the caller, which
/// loops). Paths are passed as they are, never normalized, so the kernel resolves them.
package struct FileSystem {
  /// `open(path, flags, mode)`: a file descriptor.
  package var open: (_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Int32
  /// One `write`: how many of `bytes` were written (at least 1 when `bytes` is not empty).
  package var write: (_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> Int
  /// One `read` of at most `count` bytes; empty at the end of the file.
  package var read: (_ fd: Int32, _ count: Int) throws(SystemError) -> [UInt8]
  package var fsync: (_ fd: Int32) throws(SystemError) -> Void
  package var close: (_ fd: Int32) throws(SystemError) -> Void
  package var rename: (_ from: String, _ to: String) throws(SystemError) -> Void
  package var unlink: (_ path: String) throws(SystemError) -> Void
  package var mkdir: (_ path: String, _ mode: UInt32) throws(SystemError) -> Void
  package var rmdir: (_ path: String) throws(SystemError) -> Void
  /// `stat`: follows symbolic links.
  package var stat: (_ path: String) throws(SystemError) -> FileStatus
  /// `lstat`: describes a symbolic link itself.
  package var lstat: (_ path: String) throws(SystemError) -> FileStatus
  package var fstat: (_ fd: Int32) throws(SystemError) -> FileStatus
  package var readlink: (_ path: String) throws(SystemError) -> String
  package var fchmod: (_ fd: Int32, _ mode: UInt32) throws(SystemError) -> Void
  /// `fchown`; nil leaves that id as it is.
  package var fchown: (_ fd: Int32, _ owner: UInt32?, _ group: UInt32?) throws(SystemError) -> Void
  package var ftruncate: (_ fd: Int32, _ length: Int) throws(SystemError) -> Void
  /// The names in a folder, without `.` and `..`.
  package var list: (_ path: String) throws(SystemError) -> [String]

  package init(
    open: @escaping (String, Int32, UInt32) throws(SystemError) -> Int32,
    write: @escaping (Int32, ArraySlice<UInt8>) throws(SystemError) -> Int,
    read: @escaping (Int32, Int) throws(SystemError) -> [UInt8],
    fsync: @escaping (Int32) throws(SystemError) -> Void,
    close: @escaping (Int32) throws(SystemError) -> Void,
    rename: @escaping (String, String) throws(SystemError) -> Void,
    unlink: @escaping (String) throws(SystemError) -> Void,
    mkdir: @escaping (String, UInt32) throws(SystemError) -> Void,
    rmdir: @escaping (String) throws(SystemError) -> Void,
    stat: @escaping (String) throws(SystemError) -> FileStatus,
    lstat: @escaping (String) throws(SystemError) -> FileStatus,
    fstat: @escaping (Int32) throws(SystemError) -> FileStatus,
    readlink: @escaping (String) throws(SystemError) -> String,
    fchmod: @escaping (Int32, UInt32) throws(SystemError) -> Void,
    fchown: @escaping (Int32, UInt32?, UInt32?) throws(SystemError) -> Void,
    ftruncate: @escaping (Int32, Int) throws(SystemError) -> Void,
    list: @escaping (String) throws(SystemError) -> [String]
  ) {
    self.open = open
    self.write = write
    self.read = read
    self.fsync = fsync
    self.close = close
    self.rename = rename
    self.unlink = unlink
    self.mkdir = mkdir
    self.rmdir = rmdir
    self.stat = stat
    self.lstat = lstat
    self.fstat = fstat
    self.readlink = readlink
    self.fchmod = fchmod
    self.fchown = fchown
    self.ftruncate = ftruncate
    self.list = list
  }

  /// The real calls.
  package static var posix: FileSystem {
    FileSystem(
      open: POSIXCalls.open, write: POSIXCalls.write, read: POSIXCalls.read, fsync: POSIXCalls.fsync,
      close: POSIXCalls.close, rename: POSIXCalls.rename, unlink: POSIXCalls.unlink, mkdir: POSIXCalls.mkdir,
      rmdir: POSIXCalls.rmdir, stat: POSIXCalls.stat, lstat: POSIXCalls.lstat, fstat: POSIXCalls.fstat,
      readlink: POSIXCalls.readlink, fchmod: POSIXCalls.fchmod, fchown: POSIXCalls.fchown,
      ftruncate: POSIXCalls.ftruncate, list: POSIXCalls.list)
  }

  /// Closes a descriptor of output that is being given up: a temporary file about to be
  /// removed, or a file whose write already failed and is being reported. Its `close`
  /// error cannot change that outcome, so it is not reported; every close on the way to
  /// success goes through `close` and is checked.
  package func closeAbandoned(_ fd: Int32) {
    do { try close(fd) } catch {}
  }

  /// Removes a temporary file or folder of an output that has already failed and is
  /// being reported: the target is untouched either way, and a leftover that cannot be
  /// removed is named `.NAME.animc-PID.tmp`, so its failure to go changes nothing the
  /// user is told. Every removal on the way to success is checked.
  func removeAbandoned(_ path: String, folder: Bool = false) {
    do { try folder ? rmdir(path) : unlink(path) } catch {}
  }

  /// Closes `fd`, setting it to -1 first: cleanup closes only a descriptor still at 0 or
  /// more, and a failed `close` has already let go of it, so it is never closed twice.
  func closeAndForget(_ fd: inout Int32) throws(SystemError) {
    let closing = fd
    fd = -1
    try close(closing)
  }

  /// Writes all of `bytes` to `fd`: a short write goes on where it stopped, `EINTR` tries
  /// again, and a write of nothing fails with `EIO` (a device that takes no bytes would
  /// otherwise loop for ever). On an error, what was written stays written.
  func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) {
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      do throws(SystemError) {
        let n = try write(fd, bytes[offset...])
        guard n > 0 else { throw SystemError(EIO) }
        offset += n
      } catch {
        if error.code != EINTR { throw error }
      }
    }
  }
}

/// A failed system call's `errno`.
package struct SystemError: Error, Equatable, Sendable {
  package var code: Int32
  package init(_ code: Int32) { self.code = code }
}

/// What the output path needs to know of a file.
package struct FileStatus: Equatable, Sendable {
  package enum Kind: Sendable { case regular, directory, symbolicLink, other }
  package var kind: Kind
  /// The permission bits (including set-id and sticky bits), without the file type.
  package var permissions: UInt32
  package var owner: UInt32
  package var group: UInt32
  package var links: Int
  package var device: UInt64
  package var inode: UInt64
  package var size: Int

  package init(
    kind: Kind, permissions: UInt32, owner: UInt32, group: UInt32, links: Int, device: UInt64, inode: UInt64,
    size: Int
  ) {
    self.kind = kind
    self.permissions = permissions
    self.owner = owner
    self.group = group
    self.links = links
    self.device = device
    self.inode = inode
    self.size = size
  }

  /// The same file (not just equal metadata).
  package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}
