import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// A block with more `let`s than `BlockLocals` searches (16) keeps them in a table: the
/// same answers either way, for uses, duplicates and unused ones.
@Suite struct BlockLocalsTests {
  static func diagnostics(_ lets: Int, extra: String = "", use: String) -> [String] {
    let body = (0..<lets).map { $0 == 0 ? "    let a0 = 1" : "    let a\($0) = a\($0 - 1) + 1" }.joined(separator: "\n")
    let source = "emitter e {\n  every 1s\n  spawn circle(1) {\n\(body)\n\(extra)    x \(use)\n  }\n}\n"
    return analyze(SourceFile(name: "t.anim", text: source)).diagnostics.map {
      "\($0.code) \(SourceFile(name: "t.anim", text: source).lineColumn($0.range.start).line)"
    }
  }

  @Test func manyLetsResolveAsFew() {
    for count in [3, 16, 17, 40, 500] {
      // Each let uses the one before; the last is used: nothing to report.
      #expect(Self.diagnostics(count, use: "a\(count - 1)").isEmpty, "\(count) lets")
      // Using only the first leaves the last unused (each other one is used by the next).
      let unused = Self.diagnostics(count, use: "a0")
      #expect(unused == (count > 1 ? ["W0301 \(3 + count)"] : []), "\(count) lets")
    }
  }

  @Test func aDuplicateIsFoundPastTheSearchedFew() {
    // `a5` again after 40 lets: a duplicate (E0302) on its line, 3 + 40 + 1.
    let found = Self.diagnostics(40, extra: "    let a5 = 2\n", use: "a39 + a5")
    #expect(found.contains("E0302 44"), "\(found)")
  }
}
