import AnimOutput
import AnimSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file into a byte array, through one reusable chunk, without the
/// `Data` that `FileManager.contents` would make and the array would copy again.
enum FileBytes {
  /// A regular file's size in bytes; 0 for anything else, or a path that cannot be read.
  static func size(atPath path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(info.st_size)
  }

  /// Why a file was not read: the text after "cannot read `PATH`: ".
  struct Unreadable: Error {
    let reason: String
  }

  /// The file's bytes, or why they cannot be read. A pipe is read to its end; a device
  /// or a file of `/proc` or `/sys` is refused before any read (`InputFile`).
  static func contents(atPath path: String) -> Result<[UInt8], Unreadable> {
    let file: InputFile
    switch InputFile.open(path, streams: true) {
    case .success(let opened): file = opened
    case .failure(let refusal): return .failure(Unreadable(reason: refusal.reason))
    }
    defer { file.close() }
    guard let bytes = file.readAll(limit: readLimit) else {
      return .failure(Unreadable(reason: "permission denied or unreadable"))
    }
    return .success(bytes)
  }

  /// Reading stops one byte past the largest file the parser reads, which then reports
  /// the file as too large (E0109): `/dev/zero` or an endless pipe would otherwise fill
  /// the memory.
  static let readLimit = Parser.largestFile + 1

  /// All of an open file's bytes (up to `readLimit`), or nil when it cannot be read.
  static func contents(of fd: Int32) -> [UInt8]? {
    var info = stat()
    // A regular file's size is known, so its array is allocated once; anything else (a
    // pipe, a device) grows as it reads.
    let known = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    return InputFile.readAll(fd, limit: readLimit, expected: known)
  }
}
