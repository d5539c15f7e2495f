import AnimCheck
import AnimFormat
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// `animc fmt` never changes meaning: every file that checks clean has the same IR
/// (printed in full by `IRPrinter`) before and after formatting.
@Suite struct FormatKeepsIRTests {
  static var files: [URL] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: [URL] = []
    for dir in ["examples", "Tests"] {
      let base = root.appendingPathComponent(dir)
      let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if url.pathExtension == "anim" { found.append(url) }
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  @Test func thereAreFilesToCheck() {
    #expect(Self.files.count >= 100)
  }

  @Test(arguments: files)
  func formattingKeepsTheIR(_ url: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: url))
    let before = analyze(SourceFile(name: url.path, bytes: bytes))
    guard let ir = before.ir else { return }  // files with errors are the formatter's to refuse
    let formatted = try #require(
      AnimFormat.Formatter.format(SourceFile(name: url.path, bytes: bytes)).formatted)
    let after = analyze(SourceFile(name: url.path, text: formatted))
    let irAfter = try #require(after.ir, "the formatted file has errors: \(after.diagnostics.map(\.message))")
    #expect(IRPrinter.print(irAfter) == IRPrinter.print(ir))
  }
}
