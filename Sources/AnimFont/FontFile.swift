import AnimOutput
import Foundation

/// Reading font files: only regular files are read (a pipe or device could block or never
/// end), links followed, and read errors become `FontError.unreadable`.
enum FontFile {
  /// At most this many bytes: larger than any real font (Noto CJK collections are
  /// ~20 MB), small enough that a hostile file cannot exhaust memory.
  static let maxSize = 256 << 20

  static func read(_ path: String) throws(FontError) -> Data {
    let handle = try open(path)
    defer { try? handle.close() }
    do {
      // One byte past the limit tells a file that grew since its size was looked at.
      let data = try handle.read(upToCount: maxSize + 1) ?? Data()
      guard data.count <= maxSize else {
        throw FontError.unreadable(path: path, reason: "larger than \(maxSize >> 20) MiB")
      }
      return data
    } catch let error as FontError {
      throw error
    } catch {
      throw FontError.unreadable(path: path, reason: "\(error.localizedDescription)")
    }
  }

  /// The font file at `path`, opened first and then looked at (`InputFile`, through
  /// symbolic links): a regular file within `maxSize`, or why not.
  static func open(_ path: String) throws(FontError) -> FileHandle {
    let file: InputFile
    switch InputFile.open(path) {
    case .success(let opened): file = opened
    case .failure(.notRead(let kind)):
      let noun = kind.refused(streams: false) ?? "a special file"
      throw FontError.unreadable(path: path, reason: "\(noun), not a regular file")
    case .failure(let refusal): throw FontError.unreadable(path: path, reason: refusal.reason)
    }
    guard file.size <= maxSize else {
      file.close()
      throw FontError.unreadable(path: path, reason: "larger than \(maxSize >> 20) MiB")
    }
    return FileHandle(fileDescriptor: file.fd, closeOnDealloc: true)
  }

  /// `count` bytes at `offset` of an open file, fewer at its end.
  static func read(_ handle: FileHandle, _ offset: Int, _ count: Int) -> Data? {
    guard offset >= 0, count >= 0 else { return nil }
    do {
      try handle.seek(toOffset: UInt64(offset))
      return try handle.read(upToCount: count) ?? Data()
    } catch {
      return nil
    }
  }
}
