import AnimKit
import Foundation

/// The outcome of reading and checking the scene file.
enum SceneLoad: Sendable {
  case scene(CheckedScene)
  /// The file could not be read, or has errors: the text to show, as `check` prints it.
  case failed(String)
}

/// Watches the scene file by polling its size, modification time and identity, and reads
/// and checks it again when they change. A file caught half-saved is only a file with
/// errors (or unreadable for a moment): it is reported, and the next change is read
/// again. A file that is not a regular file is never opened, so a pipe cannot block the
/// watch.
struct SceneWatcher {
  let path: String
  /// The largest scene file read.
  static let maxBytes = 16 << 20
  private var stamp: [String]? = nil

  init(path: String) { self.path = path }

  /// The new load when the file changed since the last call (the first call always
  /// loads), nil when it did not.
  mutating func poll() -> SceneLoad? {
    let now = Self.stamp(path)
    guard now != stamp || stamp == nil else { return nil }
    stamp = now
    return Self.load(path)
  }

  /// What identifies a version of the file without reading it.
  static func stamp(_ path: String) -> [String] {
    guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return ["missing"] }
    let date = (a[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
    return [
      "\(a[.type] as? FileAttributeType ?? .typeUnknown)", "\(a[.size] as? Int ?? -1)", "\(date)",
      "\(a[.systemFileNumber] as? Int ?? -1)",
    ]
  }

  /// Reads and checks `path`.
  static func load(_ path: String) -> SceneLoad {
    guard let a = try? FileManager.default.attributesOfItem(atPath: path) else {
      return .failed("\(path): cannot read the file (it may be being saved)\n")
    }
    guard a[.type] as? FileAttributeType == .typeRegular else {
      return .failed("\(path): not a regular file\n")
    }
    guard (a[.size] as? Int ?? 0) <= maxBytes else {
      return .failed("\(path): larger than \(maxBytes >> 20) MiB\n")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failed("\(path): cannot read the file\n")
    }
    guard let text = String(strictUTF8: data) else {
      return .failed("\(path): the file is not UTF-8 text\n")
    }
    let compilation = compile(source: text, fileName: path)
    guard let scene = compilation.scene, !compilation.hasErrors else {
      let rendered = compilation.renderedDiagnostics(color: false)
      return .failed(rendered.isEmpty ? "\(path): the scene could not be checked\n" : rendered)
    }
    return .scene(scene)
  }
}
