import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Testing

@testable import AnimCheck

/// Issue 31's cases, as the newcomer wrote them: the source, and the diagnostic expected
/// (code, line:column, message, fix), each worked out by hand from the spec and the text.
@Suite struct NothingSilentTests {
  static let header = "scene \"S\" { size 200, 200; duration 1s }\n"

  static func diagnostics(_ line: String) -> [Diagnostic] {
    let file = SourceFile(name: "t.anim", bytes: Array((header + line + "\n").utf8))
    return analyze(file).diagnostics
  }

  /// "CODE line:column" for each diagnostic, columns 1-based in UTF-8 bytes.
  static func places(_ line: String) -> [String] {
    let text = header + line + "\n"
    let file = SourceFile(name: "t.anim", bytes: Array(text.utf8))
    return analyze(file).diagnostics.map { d in
      let lc = file.lineColumn(d.range.start)
      return "\(d.code) \(lc.line):\(lc.column)"
    }
  }

  /// The text after applying every edit of `fix` to `line`.
  static func applying(_ fix: Fix, to line: String) -> String {
    var bytes = Array((header + line).utf8)
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes.dropFirst(header.utf8.count), as: UTF8.self)
  }

  // Item 3: values accepted silently.

  @Test func anAlphaWrittenAsAByteIsAnError() throws {
    let line = "node a = rect(10, 10) { fill rgba(255, 0, 0, 128) }"
    // `128` starts at byte 46 of line 2.
    #expect(Self.places(line) == ["E0364 2:46"])
    let d = try #require(Self.diagnostics(line).first)
    #expect(d.message == "`rgba`'s alpha runs from 0 to 1, found 128")
    // 128 / 255 = 0.50196…, to two places 0.5.
    #expect(
      Self.applying(try #require(d.fixes.first), to: line) == "node a = rect(10, 10) { fill rgba(255, 0, 0, 0.5) }")
  }

  @Test func channelsOutsideABytesRangeAreErrorsAndAFractionAmongBytesIsWarned() throws {
    let line = "node a = rect(10, 10) { fill rgb(300, -5, 0.5) }"
    // `300` at 34, `-5` at 39 (the minus sign's byte), `0.5` at 43.
    #expect(Self.places(line) == ["E0364 2:34", "E0364 2:39", "W0308 2:43"])
    let ds = Self.diagnostics(line)
    #expect(ds[0].message == "`rgb` channels run from 0 to 255, found 300")
    #expect(ds[1].message == "`rgb` channels run from 0 to 255, found -5")
    #expect(
      Self.applying(try #require(ds[2].fixes.first), to: line) == "node a = rect(10, 10) { fill rgb(300, -5, 128) }")
  }

  @Test func inRangeChannelsAreQuiet() {
    #expect(Self.places("node a = rect(10, 10) { fill rgba(255, 128, 0, 0.5) }").isEmpty)
    #expect(Self.places("node a = rect(10, 10) { fill rgb(0, 0, 0) }").isEmpty)
  }

  @Test func aGradientPointWrittenInPointsIsWarned() throws {
    let line = "node a = rect(100, 100) { fill linearGradient([red, blue], end: (100, 100)) }"
    #expect(Self.places(line) == ["W0310 2:65"])
    let fix = try #require(Self.diagnostics(line).first?.fixes.first)
    #expect(fix.message == "unit points: did you mean `(1, 1)`?")
    #expect(Self.places("node a = rect(100, 100) { fill linearGradient([red, blue], end: (1, 1)) }").isEmpty)
  }

  // Items 4–6: messages that point the wrong way.

  @Test func colorsWrittenOneByOneGetOneErrorWithTheList() throws {
    let line = "node a = rect(10, 10) { fill linearGradient(#FF0000, #0000FF) }"
    #expect(Self.places(line) == ["E0350 2:45"])
    let fix = try #require(Self.diagnostics(line).first?.fixes.first)
    #expect(fix.message == "write `linearGradient([#FF0000, #0000FF])`")
    #expect(Self.applying(fix, to: line) == "node a = rect(10, 10) { fill linearGradient([#FF0000, #0000FF]) }")
  }

  @Test func contentsRectWrittenAsAPointSaysItTakesAList() throws {
    let line = "node a = rect(10, 10) { contentsRect (0, 0, 0.5, 1) }"
    let d = try #require(Self.diagnostics(line).first)
    #expect(Self.places(line) == ["E0204 2:38"])
    #expect(d.message == "`contentsRect` takes a list of four numbers, `[x, y, w, h]`, not a point")
    #expect(
      Self.applying(try #require(d.fixes.first), to: line) == "node a = rect(10, 10) { contentsRect [0, 0, 0.5, 1] }")
  }

  @Test func bothBareNumbersOfAnAnimationAreReportedWithOneFix() throws {
    let line = "node a = rect(10, 10) { animate rotationY from 0 to 180 over 1s }"
    #expect(Self.places(line) == ["E0310 2:48"])
    let d = try #require(Self.diagnostics(line).first)
    #expect(d.labels.count == 1)
    #expect(
      Self.applying(try #require(d.fixes.first), to: line)
        == "node a = rect(10, 10) { animate rotationY from 0deg to 180deg over 1s }")
  }

  // Item 7: font suggestions.

  @Test func metricCompatibleFamiliesComeFirstAndSymbolFontsNever() {
    let installed = ["C059", "D050000L", "Liberation Sans", "Nimbus Sans", "URW Gothic", "Standard Symbols PS"]
    let helvetica = FontSuggestions.families(for: "Helvetica", installed: installed)
    #expect(Array(helvetica.prefix(2)) == ["Nimbus Sans", "Liberation Sans"])
    #expect(!helvetica.contains("D050000L") && !helvetica.contains("Standard Symbols PS"))
    #expect(FontSuggestions.families(for: "Arial", installed: installed).first == "Liberation Sans")
    #expect(
      FontSuggestions.families(for: "Courier", installed: ["Liberation Mono", "Nimbus Mono PS"]) == [
        "Nimbus Mono PS", "Liberation Mono",
      ])
  }

  // Item 8: a delayed fade-in shows the model value during its delay.

  @Test func aDelayedFadeInWarnsWithBothFixes() throws {
    let line = "node label = rect(80, 20) { position (50, 50); animate opacity from 0 to 1 over 0.5s delay 0.2s }"
    // The `animate` statement starts at byte 48.
    #expect(Self.places(line) == ["W0311 2:48"])
    let fixes = try #require(Self.diagnostics(line).first?.fixes)
    #expect(fixes.count == 2)
    #expect(
      Self.applying(fixes[0], to: line)
        == "node label = rect(80, 20) { position (50, 50); animate opacity from 0 to 1 over 0.5s delay 0.2s fill .backwards }"
    )
    #expect(
      Self.applying(fixes[1], to: line)
        == "node label = rect(80, 20) { position (50, 50); opacity 0; animate opacity from 0 to 1 over 0.5s delay 0.2s }"
    )
  }

  @Test(
    "a delayed animation whose start shows anyway is quiet",
    arguments: [
      "node l = rect(8, 8) { animate opacity from 0 to 1 over 0.5s delay 0.2s fill .backwards }",
      "node l = rect(8, 8) { animate opacity from 0 to 1 over 0.5s delay 0.2s fill .both }",
      "node l = rect(8, 8) { opacity 0; animate opacity from 0 to 1 over 0.5s delay 0.2s }",
      "node l = rect(8, 8) { animate opacity from 1 to 0 over 0.5s delay 0.2s }",
      "node l = rect(8, 8) { animate opacity from 0 to 1 over 0.5s }",
    ])
  func startShownIsQuiet(line: String) {
    #expect(Self.places(line).isEmpty)
  }

  // Item 9: spawns removed by the lifetime rule while still visible.

  @Test func aPopThatEndsVisibleIsWarnedAtTheEmitter() {
    let text = "emitter likes { on tap; spawn heart(30) { animate scale from 0.5 to 1.2 over 0.3s } }"
    // `likes` starts at byte 9.
    #expect(Self.places(text) == ["W0312 2:9"])
    #expect(Self.places(text.replacingOccurrences(of: "over 0.3s", with: "over 0.3s; remove after 2s")).isEmpty)
    #expect(
      Self.places(text.replacingOccurrences(of: "over 0.3s", with: "over 0.3s; animate opacity to 0 over 1s")).isEmpty)
    #expect(Self.places(text.replacingOccurrences(of: "to 1.2", with: "to 0")).isEmpty)
  }

  @Test func aSpawnLivesUntilItsSubtreesLastAnimation() {
    // The heart's pop ends at 0.3 s, but its label, appearing 0.2 s after it, moves for
    // 0.5 s: the instance is removed at 0.7 s (§14), which the warning names (the scene
    // lasts 1 s).
    let label = "node label = rect(4, 4) { at 0.2s; animate y by -20 over 0.5s }"
    let text = "emitter likes { on tap; spawn heart(30) { animate scale from 0.5 to 1.2 over 0.3s; \(label) } }"
    let warnings = Self.diagnostics(text).filter { $0.code == "W0312" }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("vanish at 0.7s") == true)
    #expect(warnings.first?.notes.contains { $0.contains("animate y") } == true)
    // A label that fades out by the end still leaves the heart on screen: still warned.
    let fading = text.replacingOccurrences(of: "animate y by -20", with: "animate opacity to 0")
    #expect(Self.places(fading) == ["W0312 2:9"])
    // The heart fading out hides its whole subtree.
    let hidden = text.replacingOccurrences(of: "over 0.3s;", with: "over 0.3s; animate opacity to 0 over 0.8s;")
    #expect(Self.places(hidden).isEmpty)
    // A label whose appearance is not a constant time is not judged.
    let unknown = text.replacingOccurrences(of: "at 0.2s", with: "at random(0.1s..0.5s)")
    #expect(Self.diagnostics(unknown).allSatisfy { $0.code != "W0312" })
    // Nor is a pop of random length: a fold would report one draw of a stream the run
    // does not use as the vanishing time.
    let randomPop = "emitter likes { on tap; spawn heart(30) { animate scale to 1.2 over random(0.2s..0.5s) } }"
    #expect(Self.places(randomPop).isEmpty)
  }
}
