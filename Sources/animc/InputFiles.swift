import AnimSource
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
    switch FileBytes.contents(atPath: path) {
    case .success(let bytes): return SourceFile(name: path, bytes: bytes)
    case .failure(let unreadable): throw UsageError(message: "cannot read `\(path)`: \(unreadable.reason)")
    }
  }

  /// A `file://` URI for LSP-shaped output.
  static func uri(for path: String) -> String {
    guard path != "-" && path != "<stdin>" else { return "untitled:stdin" }
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let url = URL(fileURLWithPath: absolute).standardizedFileURL
    return url.absoluteString
  }
}
