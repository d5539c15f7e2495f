import AnimOutput
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
