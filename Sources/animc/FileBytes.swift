#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file straight into a byte array. `FileManager.contents` reads into a
/// `Data` that then had to be copied: on a large file that copy, and the page faults of
/// a second buffer as large as the input, were a visible part of `animc check`.
enum FileBytes {
  /// A regular file's size in bytes; 0 for anything else, or a path that cannot be read.
  static func size(atPath path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(info.st_size)
  }

  /// The file's bytes, or nil when it cannot be opened or read.
  static func contents(atPath path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    // A regular file's size is known; anything else (a pipe, a device) grows as it reads.
    let known = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    var bytes: [UInt8] = []
    var capacity = known + 1  // one spare byte, so reading the end costs no extra growth
    while true {
      var failed = false
      var atEnd = false
      let previous = bytes.count
      var grown = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        count = 0
        guard let base = buffer.baseAddress else { return }
        bytes.withUnsafeBufferPointer { old in
          if let from = old.baseAddress { base.initialize(from: from, count: old.count) }
        }
        count = previous
        while count < capacity {
          let n = read(fd, base + count, capacity - count)
          if n < 0 {
            if errno == EINTR { continue }
            failed = true
            return
          }
          if n == 0 {
            atEnd = true
            return
          }
          count += n
        }
      }
      if failed { return nil }
      swap(&bytes, &grown)
      if atEnd { return bytes }
      capacity = max(capacity * 2, 64 * 1024)
    }
  }
}
