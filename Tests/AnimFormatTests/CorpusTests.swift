import AnimFormat
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// Every real `.anim` file in the repository: formatting keeps the tree and the comments
/// (the formatter checks that itself, so a nil result here is a formatter bug), and
/// formatting twice changes nothing more.
struct CorpusTests {
  static let files: [String] = {
    let roots = [Fixture.root.appendingPathComponent("examples"), Fixture.root.appendingPathComponent("Tests")]
    return roots.flatMap { Fixture.animFiles(under: $0) }.map(\.path)
  }()

  @Test func findsTheExamples() {
    #expect(Self.files.contains { $0.hasSuffix("examples/add-to-cart.anim") })
  }

  @Test(arguments: files)
  func idempotentAndSameTree(_ path: String) throws {
    let file = SourceFile(name: path, bytes: Fixture.bytes(URL(fileURLWithPath: path)))
    let parsed = Parser.parse(file)
    guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
      // Files with syntax errors are never formatted.
      #expect(AnimFormat.Formatter.format(file).formatted == nil)
      return
    }
    let once = try #require(AnimFormat.Formatter.format(file).formatted, "formatter refused \(path)")
    let reparsed = Parser.parse(SourceFile(name: path, text: once))
    #expect(reparsed.diagnostics.isEmpty)
    #expect(reparsed.tree.sexpr() == parsed.tree.sexpr())
    let twice = try #require(Fixture.format(once).formatted)
    #expect(twice == once, "not idempotent: \(path)")
    #expect(!once.contains(" \n") && !once.contains("\t\n"), "trailing whitespace")
    #expect(once.isEmpty || once.hasSuffix("\n") && !once.hasSuffix("\n\n"))
  }
}
