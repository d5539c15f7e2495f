import AnimSource
import AnimSyntax
import Foundation
import Testing

@testable import AnimCheck

/// A large file's templates are checked on two threads; the diagnostics and the IR must
/// be exactly those of checking on one.
@Suite struct ParallelCheckTests {
  /// Every example and corpus file that parses, one after another, until the tree is large enough for
  /// the checker to split it: duplicate names, stray `scene` blocks and every corpus
  /// mistake, with uses that cross the split point.
  static func largeFile() throws -> SourceFile {
    var sources: [String] = []
    for name in CorpusFile.exampleNames() {
      sources.append(try String(contentsOf: CorpusFile.examplesDirectory.appendingPathComponent(name), encoding: .utf8))
    }
    for name in CorpusFile.names() {
      let text = try String(contentsOf: CorpusFile.directory.appendingPathComponent(name), encoding: .utf8)
      // Only files that parse: the checker runs only on a tree without syntax errors.
      if !Parser.parse(SourceFile(name: name, text: text)).diagnostics.hasErrors { sources.append(text) }
    }
    var text = ""
    while text.utf8.count < 600_000 { text += sources.joined(separator: "\n") + "\n" }
    return SourceFile(name: "large.anim", text: text)
  }

  @Test func twoThreadsGiveTheResultsOfOne() throws {
    let file = try Self.largeFile()
    let parsed = Parser.parse(file)
    #expect(!parsed.diagnostics.hasErrors)
    #expect(parsed.tree.nodeCount >= Checker.parallelThreshold)
    let one = checkSemantics(file, parsed.tree, keepsIR: true, parallel: false)
    let two = checkSemantics(file, parsed.tree, keepsIR: true, parallel: true)
    #expect(one.diagnostics.count > 1000)
    #expect(one.diagnostics == two.diagnostics)
    #expect(IRPrinter.print(one.ir) == IRPrinter.print(two.ir))
    #expect(!one.ir.emitters.isEmpty && !one.ir.nodes.isEmpty && !one.ir.replicators.isEmpty)
  }
}
