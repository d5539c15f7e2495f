import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// "Did you mean" is linear in the input (issue 17 item 7): the banded distance agrees
/// with the full table wherever it is within the bound, and a name of a mebibyte is
/// checked at once.
@Suite struct ClosestWordTests {
  /// The optimal-string-alignment distance by the whole table, the textbook way.
  func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  @Test func theBandAgreesWithTheTable() {
    var random = SystemRandomNumberGenerator()
    let letters: [Unicode.Scalar] = ["a", "b", "c"]
    for _ in 0..<3000 {
      let a = (0..<Int.random(in: 0...9, using: &random)).map { _ in letters.randomElement(using: &random)! }
      let b = (0..<Int.random(in: 0...9, using: &random)).map { _ in letters.randomElement(using: &random)! }
      let limit = Int.random(in: 1...3, using: &random)
      let full = fullDistance(a, b)
      let banded = boundedEditDistance(a, b, limit: limit)
      if full <= limit {
        #expect(banded == full, "\(a) \(b) limit \(limit)")
      } else {
        #expect(banded > limit, "\(a) \(b) limit \(limit)")
      }
    }
  }

  @Test func typosStillFindTheirWord() {
    #expect(closestWord(to: "opactiy", in: ["opacity", "position"]) == "opacity")
    #expect(closestWord(to: "easeInOutt", in: ["easeInOut", "easeIn"]) == "easeInOut")
    #expect(closestWord(to: "rotationZ", in: ["rotation", "scale"]) == "rotation")
    #expect(closestWord(to: "xyz", in: ["position"]) == nil)
  }

  @Test func aMebibyteNameIsCheckedAtOnce() throws {
    let long = String(repeating: "a", count: 1 << 20)
    // A declared name and a use one letter away from it, both a mebibyte long: compared
    // cell by cell, that is 10^12 cells.
    let text = "let \(long) = 5\nnode n = circle(\(long.dropLast())b) { position (0, 0) }\n"
    let file = SourceFile(name: "long.anim", bytes: Array(text.utf8))
    let diagnostics = try #require(withDeadline(seconds: 10) { analyze(file).diagnostics })
    #expect(diagnostics.map(\.code).contains(SemanticCode.undefinedName))
    #expect(diagnostics.filter { $0.code == SemanticCode.undefinedName }.allSatisfy { $0.fixes.isEmpty })
    #expect(closestWord(to: long, in: [long + "b"]) == nil)
  }
}
