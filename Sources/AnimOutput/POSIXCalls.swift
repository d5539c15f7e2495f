#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `FileSystem.posix`: each call once, its `errno` thrown on failure. The only place the
/// output path touches raw buffers, each for the length of one call.
enum POSIXCalls {
  static func open(_ path: String, _ flags: Int32, _ mode: UInt32) throws(SystemError) -> Int32 {
    let fd = systemOpen(path, flags | O_CLOEXEC, mode_t(mode))
    guard fd >= 0 else { throw SystemError(errno) }
    return fd
  }

  static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> Int {
    let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
    guard n >= 0 else { throw SystemError(errno) }
    return n
  }

  static func read(_ fd: Int32, _ count: Int) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
    guard n >= 0 else { throw SystemError(errno) }
    bytes.removeLast(count - n)
    return bytes
  }

  static func fsync(_ fd: Int32) throws(SystemError) { try check(systemFsync(fd)) }
  static func close(_ fd: Int32) throws(SystemError) { try check(systemClose(fd)) }
  static func rename(_ from: String, _ to: String) throws(SystemError) { try check(systemRename(from, to)) }
  static func unlink(_ path: String) throws(SystemError) { try check(systemUnlink(path)) }
  static func mkdir(_ path: String, _ mode: UInt32) throws(SystemError) { try check(systemMkdir(path, mode_t(mode))) }
  static func rmdir(_ path: String) throws(SystemError) { try check(systemRmdir(path)) }
  static func fchmod(_ fd: Int32, _ mode: UInt32) throws(SystemError) { try check(systemFchmod(fd, mode_t(mode))) }
  static func ftruncate(_ fd: Int32, _ length: Int) throws(SystemError) {
    try check(systemFtruncate(fd, off_t(length)))
  }

  static func fchown(_ fd: Int32, _ owner: UInt32?, _ group: UInt32?) throws(SystemError) {
    // `(uid_t)-1` leaves an id unchanged.
    try check(systemFchown(fd, owner.map { uid_t($0) } ?? uid_t.max, group.map { gid_t($0) } ?? gid_t.max))
  }

  static func stat(_ path: String) throws(SystemError) -> FileStatus {
    var info = systemStatBuffer()
    try check(systemStat(path, &info))
    return status(info)
  }

  static func lstat(_ path: String) throws(SystemError) -> FileStatus {
    var info = systemStatBuffer()
    try check(systemLstat(path, &info))
    return status(info)
  }

  static func fstat(_ fd: Int32) throws(SystemError) -> FileStatus {
    var info = systemStatBuffer()
    try check(systemFstat(fd, &info))
    return status(info)
  }

  static func readlink(_ path: String) throws(SystemError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = buffer.withUnsafeMutableBufferPointer { b in b.baseAddress.map { systemReadlink(path, $0, b.count) } ?? -1 }
    guard n >= 0 else { throw SystemError(errno) }
    guard n < buffer.count else { throw SystemError(ENAMETOOLONG) }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The names in the folder `path`, without `.` and `..`.
  static func list(_ path: String) throws(SystemError) -> [String] {
    guard let folder = opendir(path) else { throw SystemError(errno) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  private static func check(_ result: Int32) throws(SystemError) {
    if result != 0 { throw SystemError(errno) }
  }

  private static func status(_ info: stat) -> FileStatus {
    let kind: FileStatus.Kind
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    return FileStatus(
      kind: kind, permissions: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
      links: Int(info.st_nlink), device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int(info.st_size))
  }
}

// The C functions under names that the enum's own methods do not hide.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, p, n) }
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }
private func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRename(_ a: String, _ b: String) -> Int32 { rename(a, b) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
private func systemMkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
private func systemRmdir(_ path: String) -> Int32 { rmdir(path) }
private func systemFchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func systemFchown(_ fd: Int32, _ u: uid_t, _ g: gid_t) -> Int32 { fchown(fd, u, g) }
private func systemFtruncate(_ fd: Int32, _ n: off_t) -> Int32 { ftruncate(fd, n) }
private func systemStatBuffer() -> stat { stat() }
private func systemStat(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func systemFstat(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }
private func systemReadlink(_ path: String, _ p: UnsafeMutablePointer<CChar>, _ n: Int) -> Int {
  readlink(path, p, n)
}

/// The text for people of an `errno`: `No space left on device`.
func describe(_ error: SystemError) -> String { String(cString: strerror(error.code)) }
