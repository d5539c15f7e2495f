import AnimSource

/// An image file as the checker found it (§12.3): the path as written, the path resolved
/// against the source's directory, and the size its header gives. The pixels are read at
/// run time (`SceneIR.imageSources`), once per file.
@usableFromInline package struct ImageSource: Hashable, Sendable {
  /// As written in the source (what dumps print).
  package var name: String
  /// Where the file is: `name` resolved against the `.anim` file's directory.
  package var path: String
  package var pixelWidth: Int
  package var pixelHeight: Int
  /// The string literal, where a run-time problem with the file is reported.
  package var range: SourceRange

  package init(name: String, path: String, pixelWidth: Int, pixelHeight: Int, range: SourceRange) {
    self.name = name
    self.path = path
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.range = range
  }

  /// The directory relative image paths are resolved against for the source `name`: its
  /// directory when it names a file path, nil (the current directory) for `<stdin>` or an
  /// editor's unsaved buffer.
  package static func baseDirectory(ofSource name: String) -> String? {
    guard !name.hasPrefix("<"), let slash = name.lastIndex(of: "/") else { return nil }
    if name.contains("://") { return nil }
    let dir = String(name[..<slash])
    return dir.isEmpty ? "/" : dir
  }

  /// `name` resolved against the directory of the source `sourceName` (§12.3).
  package static func resolve(_ name: String, fromSource sourceName: String) -> String {
    guard !name.hasPrefix("/"), let dir = baseDirectory(ofSource: sourceName) else { return name }
    return dir.hasSuffix("/") ? dir + name : dir + "/" + name
  }
}
