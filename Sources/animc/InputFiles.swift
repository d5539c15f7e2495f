import AnimSyntax
import Foundation

/// Reads a command's input: a path, or `-` for standard input.
enum InputFiles {
  static func read(_ path: String) throws(UsageError) -> SourceFile {
    if path == "-" {
      guard let bytes = FileBytes.contents(of: STDIN_FILENO) else {
        throw UsageError(message: "cannot read standard input")
      }
      return SourceFile(name: "<stdin>", bytes: bytes)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw UsageError(message: "cannot read `\(path)`: no such file")
    }
    if isDirectory.boolValue { throw UsageError(message: "cannot read `\(path)`: it is a directory") }
    guard let bytes = FileBytes.contents(atPath: path) else {
      throw UsageError(message: "cannot read `\(path)`: permission denied or unreadable")
    }
    return SourceFile(name: path, bytes: bytes)
  }

  /// A `file://` URI for LSP-shaped output.
  static func uri(for path: String) -> String {
    guard path != "-" && path != "<stdin>" else { return "untitled:stdin" }
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let url = URL(fileURLWithPath: absolute).standardizedFileURL
    return url.absoluteString
  }
}
