import AnimSource
import AnimSyntax
import AnimTestSupport
import Foundation
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

/// The parallel check is a second schedule of the one check, never a second semantics:
/// on every corpus file and example, and on 10,000 seeded mutants of them, checking with
/// a second thread wherever there are two things to split reports exactly what one thread
/// reports, and lowers to the same IR.
@Suite struct ParallelCheckDifferentialTests {
  static let mutants = 10_000

  /// Every example and every corpus file of the syntax and checker suites.
  static func sources() throws -> [(name: String, bytes: [UInt8])] {
    let syntaxCorpus = CorpusFile.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("AnimSyntaxTests/Corpus")
    var files: [(String, [UInt8])] = []
    for (directory, names) in [
      (CorpusFile.examplesDirectory, CorpusFile.exampleNames()), (CorpusFile.directory, CorpusFile.names()),
      (syntaxCorpus, CorpusFile.names(in: syntaxCorpus)),
    ] {
      for name in names {
        files.append((name, [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))))
      }
    }
    return files
  }

  /// Whether the serial check and the parallel one report the same diagnostics and, for a
  /// file without errors, print the same IR; `checked` is false when the file has syntax
  /// errors (the checker does not run).
  static func compare(_ bytes: [UInt8]) -> (same: Bool, checked: Bool) {
    let file = SourceFile(name: "differential.anim", bytes: bytes)
    let parsed = Parser.parse(file)
    guard !parsed.diagnostics.hasErrors else { return (true, false) }
    let one = checkSemantics(file, parsed.tree, schedule: .serial)
    let two = checkSemantics(file, parsed.tree, schedule: .alwaysParallel)
    guard one.diagnostics.sortedBySource() == two.diagnostics.sortedBySource() else { return (false, true) }
    if !one.diagnostics.hasErrors, IRPrinter.print(one.ir) != IRPrinter.print(two.ir) { return (false, true) }
    return (true, true)
  }

  @Test func everyCorpusFileChecksTheSameOnTwoThreads() throws {
    let files = try Self.sources()
    #expect(files.count > 200)
    for (name, bytes) in files {
      #expect(Self.compare(bytes).same, "\(name): the parallel check differs from the serial one")
    }
  }

  @Test func tenThousandMutantsCheckTheSameOnTwoThreads() throws {
    let files = try Self.sources()
    var mutators = files.map { SourceMutator($0.bytes, seed: 20_261_126, name: $0.name) }
    var checked = 0
    for i in 0..<Self.mutants {
      let k = i % mutators.count
      let mutant = mutators[k].next()
      let result = Self.compare(mutant)
      if result.checked { checked += 1 }
      #expect(result.same, "mutant \(i) of \(files[k].name) checks differently on two threads")
    }
    // Enough mutants must parse and reach the checker (about one in five do), or the test proves little.
    #expect(checked > Self.mutants / 10)
  }

  /// E0306 is a property of the file, not of the schedule: a chain longer than the limit
  /// is reported the same way whichever values a second thread settles first.
  @Test func aLongLetChainIsReportedTheSameOnTwoThreads() {
    let n = Checker.longestLetChain + 50
    for reversed in [false, true] {
      var text = "scene \"Chain\" {\n  size 100, 100\n}\n"
      let indices = reversed ? Array((0..<n).reversed()) : Array(0..<n)
      for i in indices { text += i == n - 1 ? "let v\(i) = 1\n" : "let v\(i) = v\(i + 1) + 1\n" }
      text += "node a = circle(v0) {\n}\n"
      let bytes = Array(text.utf8)
      let file = SourceFile(name: "chain.anim", bytes: bytes)
      let parsed = Parser.parse(file)
      // Checking follows the chain by recursion: deeper than a test thread's stack allows.
      let tree = parsed.tree
      let one = onDeepStack { checkSemantics(file, tree, schedule: .serial).diagnostics }
      let two = onDeepStack { checkSemantics(file, tree, schedule: .alwaysParallel).diagnostics }
      // Forwards, the first value needs all the others; backwards, each needs one already checked.
      #expect(one.contains { $0.code == SemanticCode.letChainTooLong } == !reversed)
      #expect(one.sortedBySource() == two.sortedBySource(), "reversed: \(reversed)")
    }
  }
}
