import Foundation

/// The package's `Sources/`, read as text by the tests that hold every source file to a
/// rule (`UnsafeKernelTests`, `PlatformFloorTests`).
enum SourceTree {
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// Every Swift file under `root`: its path relative to `root` and its text.
  static func swiftFiles() throws -> [(path: String, text: String)] {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var found: [(path: String, text: String)] = []
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let relative = String(url.path.dropFirst(root.path.count + 1))
      found.append((relative, try String(contentsOf: url, encoding: .utf8)))
    }
    return found
  }
}
