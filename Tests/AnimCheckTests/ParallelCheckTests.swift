import AnimSource
import AnimSyntax
import Foundation
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

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

  /// Values that use values anywhere in the file: later ones, ones across the split,
  /// cycles across it, a value using itself, one the `scene` block resolves first, shape
  /// defaults, mistakes and unused values.
  static func crossReferencingValues(parts: Int) -> SourceFile {
    var text = "scene \"Values\" {\n  size width, 667\n}\n\nlet cycleStart = cycleEnd + 1\nlet itself = itself * 2\n\n"
    for i in 0..<parts {
      let far = (i * 7919 + 11) % parts
      text += """
        let a\(i) = b\(far) + 1
        let b\(i) = \(i) * 2
        shape s\(i) = heart(36) {
          fill #FF2D55
          opacity a\(i) / 100
        }
        path p\(i) = parabola(from: (a\(far), 0), to: (300, 44), height: 120, type: .up)
        let wrong\(i) = 5s + \(i % 3 == 0 ? "1" : "2s")
        let wrongThenLater\(i) = 5s + 1 + b\(far)
        let missing\(i) = \(i % 300 == 0 ? "nowhere" : "b\(i)")
        timing t\(i) = spring(damping: 0.6, velocity: b\(i) / 1000)
        node n\(i) = s\(i) {
          position (b\(i), 10)
          animate rotation to 1deg over 1s timing t\(i)
        }


        """
    }
    text += "let width = 375\nlet cycleEnd = cycleStart - 1\n"
    return SourceFile(name: "values.anim", text: text)
  }

  @Test func crossReferencingValuesGiveTheDiagnosticsOfOneThread() {
    let file = Self.crossReferencingValues(parts: 1_500)
    let parsed = Parser.parse(file)
    #expect(!parsed.diagnostics.hasErrors)
    #expect(parsed.tree.nodeCount >= CheckSchedule.automatic.minimumNodes)
    let one = checkSemantics(file, parsed.tree, schedule: .serial).diagnostics.sortedBySource()
    let two = checkSemantics(file, parsed.tree, schedule: .automatic).diagnostics.sortedBySource()
    #expect(one.count > 1_000)
    #expect(one.contains { $0.code == SemanticCode.letCycle })
    #expect(one.contains { $0.code == SemanticCode.undefinedName })
    #expect(one == two)
    // And those of checking with the IR kept.
    #expect(analyze(file, keepingIR: true).diagnostics == analyze(file, keepingIR: false).diagnostics)
  }

  @Test func twoThreadsGiveTheResultsOfOne() throws {
    let file = try Self.largeFile()
    let parsed = Parser.parse(file)
    #expect(!parsed.diagnostics.hasErrors)
    #expect(parsed.tree.nodeCount >= CheckSchedule.automatic.minimumNodes)
    let one = checkSemantics(file, parsed.tree, schedule: .serial)
    let two = checkSemantics(file, parsed.tree, schedule: .automatic)
    #expect(one.diagnostics.count > 1000)
    #expect(one.diagnostics == two.diagnostics)
    #expect(IRPrinter.print(one.ir) == IRPrinter.print(two.ir))
    #expect(!one.ir.emitters.isEmpty && !one.ir.nodes.isEmpty && !one.ir.replicators.isEmpty)
  }
}
