import AnimOutput
import Foundation

/// Reading font files: only regular files are opened (a pipe or device could block or
/// never end), and read errors become `FontError.unreadable`.
enum FontFile {
  /// At most this many bytes: larger than any real font (Noto CJK collections are
  /// ~20 MB), small enough that a hostile file cannot exhaust memory.
  static let maxSize = 256 << 20

  static func read(_ path: String) throws(FontError) -> Data {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw FontError.unreadable(path: path, reason: "no such file")
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw FontError.unreadable(path: path, reason: "not a regular file")
    }
    if let size = attributes[.size] as? Int, size > maxSize {
      throw FontError.unreadable(path: path, reason: "larger than \(maxSize >> 20) MiB")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw FontError.unreadable(path: path, reason: "it cannot be opened")
    }
    defer { try? handle.close() }
    // The open file itself, whatever the path names now: a file of /proc could block.
    if let kind = InputFileKind.of(handle.fileDescriptor)?.refused(streams: false) {
      throw FontError.unreadable(path: path, reason: "\(kind), not a regular file")
    }
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
