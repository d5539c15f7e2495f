import AnimFormat
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// Comments may sit in any gap between tokens. For every other gap of two real files, a
/// block comment is inserted there (and a `//` comment where the gap already holds a
/// newline); the formatter must still accept its own output as the same tree with the
/// same comments, and formatting must be idempotent.
struct CommentPlacementTests {
  static let samples = ["floating-hearts.anim", "ca-replicators.anim"]

  @Test(arguments: samples)
  func commentInEveryGap(_ name: String) throws {
    let bytes = Fixture.bytes(Fixture.root.appendingPathComponent("examples").appendingPathComponent(name))
    var lexer = Lexer(bytes: bytes)
    let tokens = lexer.tokenize()
    var failures: [String] = []
    // Every other gap keeps the run short; the two samples cover each construct many times.
    for i in stride(from: 1, to: tokens.count, by: 2) {
      let gapStart = Int(tokens[i - 1].end)
      let gapEnd = Int(tokens[i].start)
      let gap = bytes[gapStart..<gapEnd]
      var variants: [[UInt8]] = [Array(bytes[..<gapEnd]) + Array(" /* c */ ".utf8) + Array(bytes[gapEnd...])]
      if gap.contains(0x0A) && !gap.contains(UInt8(ascii: "/")) {
        variants.append(Array(bytes[..<gapStart]) + Array(" // c".utf8) + Array(bytes[gapStart...]))
      }
      for v in variants {
        let r = Fixture.format(bytes: v)
        guard let once = r.formatted else {
          failures.append("gap \(i) (\(gapStart)): \(r.diagnostics.map(\.message))")
          continue
        }
        if Fixture.format(once).formatted != once { failures.append("gap \(i) (\(gapStart)): not idempotent") }
      }
      if failures.count > 5 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
