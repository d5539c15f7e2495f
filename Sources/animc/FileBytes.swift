import AnimSyntax
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file straight into a byte array. `FileManager.contents` reads into a
/// `Data` that then has to be copied: a second buffer as large as the input, and its
/// page faults.
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
    return contents(of: fd)
  }

  /// Reading stops one byte past the largest file the parser reads, which then reports
  /// the file as too large (E0109): `/dev/zero` or an endless pipe would otherwise fill
  /// the memory.
  static let readLimit = Parser.largestFile + 1

  /// All of an open file's bytes (up to `readLimit`), or nil when it cannot be read.
  static func contents(of fd: Int32) -> [UInt8]? {
    var info = stat()
    // A regular file's size is known; anything else (a pipe, a device) grows as it reads.
    let known = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    if known >= halvesThreshold, let bytes = readInHalves(fd, known) { return bytes }
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
      if atEnd || bytes.count >= readLimit { return bytes }
      capacity = min(max(capacity * 2, 64 * 1024), readLimit)
    }
  }

  /// From this size a file is read in two halves at once.
  static let halvesThreshold = 1 << 20

  /// A regular file of `size` bytes read by two threads, a half each: the copy from the
  /// kernel's cache, and the first touch of the array's fresh pages, take two cores half
  /// the time. Nil if the file did not have exactly `size` bytes, for the caller to read it
  /// the ordinary way.
  static func readInHalves(_ fd: Int32, _ size: Int) -> [UInt8]? {
    var complete = true
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      let half = size / 2
      var finished = [false, false]
      finished.withUnsafeMutableBufferPointer { done in
        let parts = ReadParts(base: base, ranges: [0..<half, half..<size], done: done)
        DispatchQueue.concurrentPerform(iterations: 2) { i in
          parts.done[i] = readFully(fd, parts.base, parts.ranges[i])
        }
      }
      // Nothing past `size`: a file that grew is read again, whole.
      var probe: UInt8 = 0
      complete = finished == [true, true] && pread(fd, &probe, 1, off_t(size)) == 0
      count = complete ? size : 0
    }
    return complete ? bytes : nil
  }

  /// Reads the file's bytes in `range` to the same offsets from `base`; false on an error
  /// or an early end.
  private static func readFully(_ fd: Int32, _ base: UnsafeMutablePointer<UInt8>, _ range: Range<Int>) -> Bool {
    var offset = range.lowerBound
    while offset < range.upperBound {
      let n = pread(fd, base + offset, range.upperBound - offset, off_t(offset))
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// The two threads' shares: distinct ranges of one buffer, and each its own result.
  private struct ReadParts: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let ranges: [Range<Int>]
    let done: UnsafeMutableBufferPointer<Bool>
  }
}
