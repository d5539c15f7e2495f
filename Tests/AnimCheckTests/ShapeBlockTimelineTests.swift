import AnimCheck
import AnimSource
import Testing

/// §3.1 (issue 31 item 1): an `animate`, `group` or `sequence` in a shape declaration's
/// block is an error at the statement, whose fix moves it into the node or spawn that
/// draws the shape. And `doubleSided` (§14) is set, never animated.
@Suite struct ShapeBlockTimelineTests {
  func diagnostics(_ text: String) -> [Diagnostic] {
    analyze(SourceFile(name: "t.anim", bytes: Array(text.utf8))).diagnostics
  }

  /// The text with every edit of `fix` made, last first so earlier offsets hold.
  func applying(_ fix: Fix, to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func animateInAShapeBlockIsAnErrorWithTheFixThatMovesIt() throws {
    let text = """
      shape s = rect(10, 10) { animate rotationY from 0deg to 90deg over 1s }
      node n = s {
        position (50, 50)
      }

      """
    let d = diagnostics(text)
    #expect(d.map(\.code) == ["E0346"])
    let first = try #require(d.first)
    #expect(first.severity == .error)
    // At the statement: from `animate` to the end of `1s`.
    #expect(first.range.start == 25)
    #expect(first.range.end == 25 + "animate rotationY from 0deg to 90deg over 1s".utf8.count)
    #expect(
      first.message
        == "a shape's block holds style and fixed values only: `animate` belongs in the node or spawn that draws the shape"
    )
    let fix = try #require(first.fixes.first)
    #expect(fix.message == "move it into `n`")
    let fixed = applying(fix, to: text)
    #expect(
      fixed == """
        shape s = rect(10, 10) {  }
        node n = s {
          position (50, 50)
          animate rotationY from 0deg to 90deg over 1s
        }

        """)
    // The fixed text checks clean.
    #expect(diagnostics(fixed).isEmpty)
  }

  @Test func aStatementOnItsOwnLineLeavesNoEmptyLineAndReachesEverySpawnAndNode() throws {
    let text = """
      shape like = heart(36) {
        fill red
        group over 1s {
          animate scale from 0 to 1 over 1s
        }
      }
      node a = like
      emitter e {
        every 1s
        spawn like {
          position (10, 10)
        }
      }

      """
    let d = diagnostics(text)
    #expect(d.map(\.code) == ["E0346"])
    let fix = try #require(d.first?.fixes.first)
    #expect(fix.message == "move it into `a` and the spawn")
    let fixed = applying(fix, to: text)
    #expect(
      fixed == """
        shape like = heart(36) {
          fill red
        }
        node a = like {
          group over 1s {
            animate scale from 0 to 1 over 1s
          }
        }
        emitter e {
          every 1s
          spawn like {
            position (10, 10)
            group over 1s {
              animate scale from 0 to 1 over 1s
            }
          }
        }

        """)
    #expect(diagnostics(fixed).filter { $0.severity == .error }.isEmpty)
  }

  @Test func aShapeNoNodeDrawsGetsAdviceOnly() throws {
    let d = diagnostics("shape s = rect(10, 10) {\n  sequence { animate x by 5 over 1s }\n}\n")
    #expect(d.map(\.code) == ["E0346"])
    let fix = try #require(d.first?.fixes.first)
    #expect(fix.message == "move it into the node or spawn that draws `s`" && fix.edits.isEmpty)
    #expect(d.first?.range.start == 27)
  }

  @Test func doubleSidedIsSetNotAnimated() throws {
    #expect(diagnostics("node n = rect(10, 10) { doubleSided false }\n").isEmpty)
    #expect(diagnostics("shape s = rect(10, 10) { doubleSided false }\nnode n = s\n").isEmpty)
    let animated = diagnostics("node n = rect(10, 10) { animate doubleSided from true to false over 1s }\n")
    #expect(animated.map(\.code) == ["E0330"])
    #expect(animated.first?.message == "`doubleSided` is fixed: a block sets it, and it is not animated")
    #expect(animated.first?.range.start == 32)
    let wrongType = diagnostics("node n = rect(10, 10) { doubleSided 0 }\n")
    #expect(wrongType.map(\.code) == ["E0310"])
  }
}
