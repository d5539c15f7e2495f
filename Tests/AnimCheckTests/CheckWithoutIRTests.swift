import AnimSource
import AnimSyntax
import Foundation
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

/// `animc check` without `--emit-ir` keeps no IR and so does not lower the values only
/// the IR holds (`Lowering.swift`). Its diagnostics must be exactly those of the check
/// that keeps the IR.
@Suite struct CheckWithoutIRTests {
  @Test func everyCorpusFileAndExampleGivesTheSameDiagnostics() throws {
    var checked = 0
    for (name, directory) in CorpusFile.names().map({ ($0, CorpusFile.directory) })
      + CorpusFile.exampleNames().map({ ($0, CorpusFile.examplesDirectory) })
    {
      let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      let file = SourceFile(name: directory.appendingPathComponent(name).path, text: text)
      let kept = analyze(file, keepingIR: true)
      let notKept = analyze(file, keepingIR: false)
      #expect(notKept.diagnostics == kept.diagnostics, "\(name)")
      #expect(notKept.ir == nil)
      checked += 1
    }
    #expect(checked >= 100)
  }

  /// Rules that fold the arguments of `cubicBezier` and `spring` apply inside values that
  /// are not lowered too (block `let`s, `to` values, property values).
  @Test(arguments: [
    "let t = cubicBezier(1.5, 0, 0.5, 1)\n    animate x to 1 over 1s timing t",
    "let s = spring(duration: 1, bounce: 2)\n    animate x to 1 over 1s timing s",
    "let s = spring(damping: 0)\n    animate x to 1 over 1s timing s",
    "animate x to spring(damping: 0) over 1s",
    "x cubicBezier(2, 0, 0.5, 1)",
    "animate x to 1 over 1s timing cubicBezier(-1, 0, 0.5, 1)",
    "animate position along cubic(to: (1, 2), c1: (3, 4), c2: (5, 6)) over 1s timing spring(damping: 0)",
  ])
  func foldedRulesInsideValues(_ block: String) {
    let source = """
      node n = circle(4) {
        \(block)
      }
      emitter e {
        every 1s
        spawn circle(2) {
          \(block)
          remove after 2s
        }
      }

      """
    let file = SourceFile(name: "t.anim", text: source)
    let kept = analyze(file, keepingIR: true)
    #expect(kept.hasErrors)
    #expect(analyze(file, keepingIR: false).diagnostics == kept.diagnostics)
  }

  /// The large file of `ParallelCheckTests`: every corpus mistake, checked on two threads.
  @Test func aLargeFileGivesTheSameDiagnostics() throws {
    let file = try ParallelCheckTests.largeFile()
    #expect(analyze(file, keepingIR: false).diagnostics == analyze(file, keepingIR: true).diagnostics)
  }
}
