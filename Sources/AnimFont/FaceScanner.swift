import Foundation

/// One face of an installed font file, as font lookup sees it.
package struct InstalledFace: Sendable, Hashable {
  package let path: String
  package let index: Int
  package let names: FaceNames
}

/// Finds font files under directories and reads each face's names, weight and slant.
///
/// Only the table directory and the `name`, `OS/2` and `head` tables are read, through a
/// file handle, so scanning a directory of large CJK collections stays cheap. A file that
/// is not a readable font is skipped: lookup must not fail because of an unrelated file.
enum FaceScanner {
  static let extensions: Set<String> = ["ttf", "otf", "ttc"]
  /// Tables larger than this are not read for names.
  static let maxTable = 1 << 20

  /// Font files under `directories` (recursively), in byte order of their paths.
  static func files(in directories: [String]) -> [String] {
    var found = Set<String>()
    for directory in directories {
      let root = URL(fileURLWithPath: directory)
      let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
      guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { continue }
      for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
        // A link is kept whatever it names: `faces(of:)` opens it and reads only a
        // regular file at its end. Links to folders are not walked (they can loop).
        guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
        if values.isRegularFile == true || values.isSymbolicLink == true {
          found.insert(url.path)
        }
      }
    }
    return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// The faces of the font file at `path`, in index order; none when it cannot be read.
  static func faces(of path: String) -> [InstalledFace] {
    // Opened without waiting and then looked at: a pipe named like a font is skipped.
    guard let handle = try? FontFile.open(path) else { return [] }
    defer { try? handle.close() }
    guard let header = FontFile.read(handle, 0, 12) else { return [] }
    let view = ByteView(header, table: "file")
    guard let tag = try? view.tag(0) else { return [] }
    var offsets = [0]
    if tag == "ttcf" {
      guard let n = try? view.u32(8), n > 0, n < 10_000, let list = FontFile.read(handle, 12, 4 * n) else { return [] }
      let v = ByteView(list, table: "file")
      offsets = (0..<n).compactMap { try? v.u32(4 * $0) }
    }
    var result: [InstalledFace] = []
    for (index, offset) in offsets.enumerated() {
      guard let head = FontFile.read(handle, offset, 12), let numTables = try? ByteView(head, table: "file").u16(4),
        let records = FontFile.read(handle, offset + 12, 16 * numTables)
      else { continue }
      let r = ByteView(records, table: "file")
      var tables: [String: ByteView] = [:]
      for i in 0..<numTables {
        guard let tag = try? r.tag(16 * i), ["name", "OS/2", "head"].contains(tag),
          let start = try? r.u32(16 * i + 8), let length = try? r.u32(16 * i + 12), length <= maxTable,
          let data = FontFile.read(handle, start, length), data.count == length
        else { continue }
        tables[tag] = ByteView(data, table: tag)
      }
      guard let names = try? FaceNames(tables: TableDirectory(tables: tables)), !names.families.isEmpty else {
        continue
      }
      result.append(InstalledFace(path: path, index: index, names: names))
    }
    return result
  }
}

extension FaceScanner {
  /// The faces of a font file's bytes, named `name`, in index order; none when they are
  /// not a readable font. The whole face is read: given files are few and in memory.
  static func faces(of data: Data, name: String) -> [InstalledFace] {
    // The same bound on a collection's count as for a scanned file.
    guard let count = try? FontFace.faceCount(data: data), count < 10_000 else { return [] }
    return (0..<count).compactMap { index in
      guard let face = try? FontFace(data: data, index: index, path: name), !face.names.families.isEmpty else {
        return nil
      }
      return InstalledFace(path: name, index: index, names: face.names)
    }
  }
}
