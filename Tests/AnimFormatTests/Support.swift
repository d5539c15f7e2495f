import AnimFormat
import AnimSource
import AnimSyntax
import Foundation

/// Paths and helpers shared by the formatter's tests.
enum Fixture {
  /// The package root: three levels above this file (`Tests/AnimFormatTests/…`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static func format(_ text: String, name: String = "test.anim") -> FormatResult {
    AnimFormat.Formatter.format(SourceFile(name: name, text: text))
  }

  static func format(bytes: [UInt8], name: String = "test.anim") -> FormatResult {
    AnimFormat.Formatter.format(SourceFile(name: name, bytes: bytes))
  }

  /// Every `.anim` file below `folder`, sorted.
  static func animFiles(under folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    var found: [URL] = []
    for case let url as URL in walker where url.pathExtension == "anim" { found.append(url) }
    return found.sorted { $0.path < $1.path }
  }

  static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }
}
