import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// §15's `blend` and `blur` in the checker: a node's or spawn's style, refused on a group
/// (a node with no shape, §14); `blend` is fixed, so animating it is an error; a
/// misspelt case gets the nearest one as a fix.
@Suite struct BlendBlurCheckTests {
  func analysis(_ text: String) -> Analysis { analyze(SourceFile(name: "t.anim", text: text)) }

  func errors(_ text: String) -> [Diagnostic] { analysis(text).diagnostics.filter { $0.severity == .error } }

  @Test func aShapedNodeAndASpawnTakeBoth() {
    let text = """
      node a = circle(4) {
        blend .additive
        blur 2
        animate blur from 2 to 0 over 1s
      }
      emitter e {
        every 100ms
        spawn circle(2) {
          blend .normal
          blur 0.5
        }
      }
      """
    let a = analysis(text)
    #expect(a.diagnostics.isEmpty, "\(a.diagnostics.map(\.message))")
    #expect(a.ir != nil)
  }

  @Test(arguments: ["blend .additive", "blur 2", "animate blur from 0 to 1 over 1s"])
  func aGroupRefusesThem(_ statement: String) {
    let text = "node g {\n  \(statement)\n  node c = circle(2)\n}\n"
    let found = errors(text)
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(found.first?.message.contains("group") == true, "\(found.map(\.message))")
  }

  @Test func blendIsNotAnimated() {
    let found = errors("node a = circle(4) {\n  animate blend from .normal to .additive over 1s\n}\n")
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(found.first?.message.contains("fixed") == true, "\(found.map(\.message))")
  }

  @Test func aMisspeltCaseGetsTheNearestAsAFix() throws {
    let found = errors("node a = circle(4) {\n  blend .additve\n}\n")
    let d = try #require(found.first)
    #expect(found.count == 1)
    #expect(d.message.contains("`.normal`") && d.message.contains("`.additive`"), "\(d.message)")
    #expect(d.fixes.first?.edits.first?.newText == ".additive")
  }

  @Test func blurTakesANumber() {
    let found = errors("node a = circle(4) {\n  blur 2s\n}\n")
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(found.first?.fixes.first?.edits.first?.newText == "2")
  }
}
