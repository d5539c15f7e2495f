import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Testing

/// Issue 20's diagnostics that are not one-mistake corpus files: animations that read
/// the value below are never "entirely hidden" (§10 v0.3), `choose` of enum cases
/// (§11 v0.3), a Path as a Shape (§3.1 v0.3), and fixes with more than one choice.
@Suite struct NewcomerHintTests {
  func diagnostics(_ text: String) -> [Diagnostic] {
    analyze(SourceFile(name: "t.anim", bytes: Array(text.utf8))).diagnostics
  }

  func codes(_ text: String) -> [String] { diagnostics(text).map(\.code) }

  func node(_ body: String) -> String {
    "node dot = circle(8) {\n  position (100, 100)\n\(body)\n}\n"
  }

  @Test(
    "a later animation that reads the value below hides nothing",
    arguments: [
      // Seed 000: the fade-out's omitted `from` starts from the fade-in.
      "animate opacity from 0 to 0.9 over 0.5s timing easeOut\n  animate opacity to 0 over 6s",
      "animate opacity from 0 to 0.9 over 0.5s\n  animate opacity by -0.5 over 6s",
      "animate position to (200, 200) over 1s\n  animate position along line(to: (300, 300)) over 6s",
      "animate position to (200, 200) over 1s\n  animate position along parabola(to: (300, 300), height: 40) over 6s",
    ])
  func readingBelowHidesNothing(body: String) {
    #expect(codes(node("  " + body)).isEmpty)
  }

  @Test(
    "a later animation with its own start still hides",
    arguments: [
      "animate opacity from 0 to 0.9 over 0.5s\n  animate opacity from 1 to 0 over 6s",
      "animate opacity from 0 to 0.9 over 0.5s\n  animate opacity keyframes 0: 1, 1: 0 over 6s",
      "animate position to (200, 200) over 1s\n  animate position along line(from: (0, 0), to: (300, 300)) over 6s",
    ])
  func ownStartHides(body: String) {
    #expect(codes(node("  " + body)) == [SemanticCode.hiddenAnimation])
  }

  @Test func chooseTakesItsEnumFromThePlace() {
    let text = """
      path hop = parabola(from: (0, 0), to: (100, 100), height: 50, type: choose(.up, .downUp, .upDown))
      timing tick = steps(4, choose(.start, .end))
      let kind = choose(.up, .downUp)
      path other = parabola(from: (0, 0), to: (100, 100), height: 50, type: kind)
      node dot = circle(8) {
        animate position along hop over 1s timing tick
        animate x by 10 over 1s delay 2s
        animate y by 10 over 1s delay 2s
      }
      node dot2 = circle(8) { animate position along other over 1s }
      """
    #expect(diagnostics(text).map(\.message) == [])
  }

  @Test func aClauseCaseMustBeFixed() {
    let d = diagnostics(node("  animate opacity to 0 over 1s fill choose(.forwards, .both)"))
    #expect(d.map(\.code) == [SemanticCode.notConstant])
  }

  @Test func enumCaseTakesAn() {
    #expect(AnimType.enumLiteral("up").description == "enum case `.up`")
    let d = diagnostics(node("  animate opacity to .up over 1s"))
    #expect(d.map(\.message) == ["expected a Number, found an enum case `.up`"])
    let k = diagnostics(node("  animate opacity keyframes 0: 0, 1: 1 over 1s interpolate .bogus"))
    #expect(k.map(\.message).first?.hasPrefix("`.bogus` is not an Interpolation;") == true, "\(k.map(\.message))")
    let twice = diagnostics("emitter e {\n  at 1s\n  spawn circle(4)\n}\nnode e = circle(4)\n")
    #expect(twice.flatMap(\.labels).map(\.message).contains("first declared here as an emitter"))
  }

  @Test func aDelayOfHundredsOffersMilliseconds() {
    let d = diagnostics(node("  animate opacity to 0 over 1s delay 300"))
    #expect(d.flatMap(\.fixes).flatMap(\.edits).map(\.newText) == ["300ms", "300s"])
    let small = diagnostics(node("  animate opacity to 0 over 1s delay 2"))
    #expect(small.flatMap(\.fixes).flatMap(\.edits).map(\.newText) == ["2s"])
  }

  @Test func aFillModeOnItsOwnLineIsNamed() {
    // `fill forwards` alone is the style statement (a Color): no edit can make it a
    // clause, but the note says what `forwards` is.
    let d = diagnostics(node("  fill forwards"))
    #expect(d.map(\.code) == [SemanticCode.undefinedName])
    #expect(d.flatMap(\.notes) == ["`.forwards` is a FillMode case, written with a dot where one is wanted"])
  }

  @Test func piOffersBothHalfTurns() {
    let d = diagnostics(node("  rotation pi / 2"))
    #expect(d.map(\.code) == [SemanticCode.undefinedName])
    #expect(d.flatMap(\.fixes).flatMap(\.edits).map(\.newText) == ["180deg", "0.5turn"])
  }

  @Test func anUnknownPropertyListsThoseThatExist() {
    for body in ["  animate rotationZ to 90deg over 1s", "  shadowOpacity 0.5"] {
      let d = diagnostics(node(body))
      #expect(d.map(\.code) == [SemanticCode.unknownProperty])
      let notes = d.flatMap(\.notes).joined()
      for p in ["position", "scaleX", "rotation", "opacity", "strokeEnd"] { #expect(notes.contains(p), "\(body)") }
    }
  }

  @Test func aCSSStepIsSteps() {
    let d = diagnostics(node("  animate opacity to 0 over 1s timing step-end"))
    #expect(d.flatMap(\.fixes).flatMap(\.edits).map(\.newText) == ["steps(1, .end)"])
  }

  @Test func aPathIsAShape() {
    let text = """
      let points = [(10, 10), (120, 60), (230, 20)]
      node trail = polyline(points) { anchor (0, 0); stroke white; fill clear }
      path hop = line(from: (0, 0), to: (50, 50))
      shape hopShape = hop { stroke red }
      emitter sparks {
        at 0s
        spawn arc(center: (0, 0), radius: 10, start: 0deg, end: 180deg) { stroke red }
      }
      node h = hopShape { position (100, 100) }
      """
    #expect(diagnostics(text).map(\.message) == [])
  }

  @Test func aPlacedOutlineIsNotWarned() {
    for body in ["  anchor (0, 0)", "  position (10, 10)", "  x 5", "  animate position to (5, 5) over 1s"] {
      let text = "node tri = polygon([(0, 0), (50, 0), (25, 40)]) {\n\(body)\n}\n"
      #expect(codes(text).isEmpty, "\(body)")
    }
    // A spawn sits at its trigger: no warning.
    #expect(codes("emitter e {\n  at 1s\n  spawn polygon([(0, 0), (5, 5), (0, 5)])\n}\n").isEmpty)
    // With no block, the fix makes one.
    let d = diagnostics("node tri = polygon([(0, 0), (50, 0), (25, 40)])\n")
    #expect(d.flatMap(\.fixes).flatMap(\.edits).map(\.newText) == [" { anchor (0, 0) }"])
  }
}
