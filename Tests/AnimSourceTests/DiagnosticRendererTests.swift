import AnimJSON
import AnimSource
import Testing

/// The one renderer: the human form of §10 and LSP JSON, written out by hand here.
@Suite struct DiagnosticRendererTests {
  let file = SourceFile(name: "scene.anim", text: "node n = circle(5) {\n\tanimate x to 5 over 6sec\n}\n")

  var unknownUnit: Diagnostic {
    // Line 1 is 20 bytes, so line 2 begins at byte 21; a tab and "animate x to 5 over 6"
    // (22 bytes) put "sec" at bytes 43..<46, column 23.
    .error(
      "E0106", "unknown unit `sec`", at: SourceRange(start: 43, end: 46),
      labels: [Label(SourceRange(start: 0, end: 4), "in this node")], notes: ["units are s and ms"],
      fixes: [.replace(SourceRange(start: 43, end: 46), with: "s", "seconds are written `s`")])
  }

  @Test func humanFormKeepsTabsSoTheMarkerLinesUp() {
    let text = DiagnosticRenderer(useColor: false).render(unknownUnit, in: file)
    let expected = """
      scene.anim:2:23: error: unknown unit `sec` [E0106]
      \tanimate x to 5 over 6sec
      \t                     ^~~
      scene.anim:1:1: note: in this node
      node n = circle(5) {
      ^~~~
      note: units are s and ms
      help: seconds are written `s`

      """
    #expect(text == expected)
  }

  @Test func aRangeOverSeveralLinesIsMarkedToTheEndOfItsFirstLine() {
    let d = Diagnostic.warning("W0301", "spans lines", at: SourceRange(start: 9, end: 30))
    let lines = DiagnosticRenderer().render(d, in: file).split(separator: "\n").map(String.init)
    #expect(lines[0] == "scene.anim:1:10: warning: spans lines [W0301]")
    #expect(lines[2] == "         ^~~~~~~~~~~")  // "circle(5) {": 11 characters
  }

  @Test func colourOnlyWhenAsked() {
    #expect(!DiagnosticRenderer(useColor: false).render(unknownUnit, in: file).contains("\u{1B}["))
    #expect(DiagnosticRenderer(useColor: true).render(unknownUnit, in: file).contains("\u{1B}[1;31merror:"))
  }

  @Test func lspJSONIsZeroBasedWithFixesInData() {
    let json = DiagnosticRenderer.lspDiagnostic(unknownUnit, in: file, uri: "file:///scene.anim")
    // Line 1 (0-based), character 22: the tab counts one UTF-16 unit.
    let start = JSONValue.object([("line", .number(1)), ("character", .number(22))])
    #expect(json["range"]?["start"] == start)
    #expect(json["severity"] == .number(1))
    #expect(json["code"] == .string("E0106"))
    #expect(json["source"] == .string("animc"))
    #expect(json["relatedInformation"]?.arrayValue?.first?["message"] == .string("in this node"))
    let fix = json["data"]?["fixes"]?.arrayValue?.first
    #expect(fix?["newText"] == .string("s"))
    #expect(fix?["range"]?["end"] == .object([("line", .number(1)), ("character", .number(25))]))
    #expect(json["data"]?["titles"] == .array([.string("seconds are written `s`")]))
  }

  @Test func sortingPutsErrorsFirstAtTheSamePlace() {
    let w = Diagnostic.warning("W1", "w", at: .at(3))
    let e = Diagnostic.error("E1", "e", at: .at(3))
    let early = Diagnostic.warning("W2", "early", at: .at(1))
    #expect([w, e, early].sortedBySource().map(\.code) == ["W2", "E1", "W1"])
    #expect([w, early].hasErrors == false)
  }
}
