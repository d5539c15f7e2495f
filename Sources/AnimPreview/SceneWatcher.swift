import AnimKit
import AnimOutput
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
/// again. A file that is not a regular file is never read, and its open never waits, so
/// a pipe cannot block the watch.
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

  /// What identifies a version of the file without reading it: the status of what the
  /// path names, links followed (a link to the scene is the scene).
  static func stamp(_ path: String) -> [String] {
    var info = stat()
    guard stat(path, &info) == 0 else { return ["missing"] }
    #if canImport(Darwin)
      let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
    #else
      let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    #endif
    return ["\(info.st_mode)", "\(info.st_size)", "\(modified)", "\(info.st_dev)", "\(info.st_ino)"]
  }

  /// The bytes of the scene at `path`, or the text to show when they cannot be read. The
  /// file is opened first and then looked at (`InputFile`): a pipe never blocks the watch.
  static func bytes(_ path: String) -> Result<[UInt8], SceneReadError> {
    let file: InputFile
    switch InputFile.open(path) {
    case .success(let opened): file = opened
    case .failure(.missing): return .failure(SceneReadError("\(path): cannot read the file (it may be being saved)\n"))
    case .failure(let refusal): return .failure(SceneReadError("\(path): cannot read the file: \(refusal.reason)\n"))
    }
    defer { file.close() }
    // One byte past the limit tells a file larger than it, or grown since it was opened.
    guard file.size <= maxBytes, let bytes = file.readAll(limit: maxBytes + 1), bytes.count <= maxBytes else {
      return .failure(SceneReadError("\(path): larger than \(maxBytes >> 20) MiB\n"))
    }
    return .success(bytes)
  }

  /// Reads and checks `path`.
  static func load(_ path: String) -> SceneLoad {
    let data: [UInt8]
    switch bytes(path) {
    case .success(let read): data = read
    case .failure(let error): return .failed(error.text)
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

/// Why the scene file was not read: the text the page and the terminal show.
struct SceneReadError: Error {
  let text: String
  init(_ text: String) { self.text = text }
}
