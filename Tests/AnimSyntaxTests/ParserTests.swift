import AnimSource
import AnimSyntax
import Testing

/// The shape of the tree for each grammar rule, as S-expressions written by hand.
@Suite struct ParserTests {
  func parse(_ text: String) -> ParseResult { Parser.parse(SourceFile(name: "t.anim", text: text)) }

  /// The S-expression of the first declaration (or the whole file with `whole`).
  func tree(_ text: String, whole: Bool = false) -> String {
    let r = parse(text)
    #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.message))")
    let t = r.tree
    return whole ? t.sexpr() : t.sexpr(t.child(t.root, 0))
  }

  func codes(_ text: String) -> [String] { parse(text).diagnostics.map(\.code) }

  @Test func precedence() {
    #expect(tree("let a = 1 + 2 * 3") == "(letDecl a (+ 1 (* 2 3)))")
    #expect(tree("let a = -x.y * 2") == "(letDecl a (* (negate (.y x)) 2))")
    #expect(tree("let a = 1 - 2 - 3") == "(letDecl a (- (- 1 2) 3))")
    #expect(tree("let a = 0 .. 2 + 3") == "(letDecl a (range 0 (+ 2 3)))")
    #expect(tree("let a = (1 + 2) / 4") == "(letDecl a (/ (paren (+ 1 2)) 4))")
  }

  @Test func literalsAndCalls() {
    #expect(tree("let p = (1, -2)") == "(letDecl p (point 1 (negate 2)))")
    #expect(tree("let l = [(0, 0), (1, 2),]") == "(letDecl l (list (point 0 0) (point 1 2)))")
    #expect(
      tree("path p = parabola(from: (1, 2), to: (3, 4), height: 5, type: .downUp)")
        == "(pathDecl p (call parabola (from: (point 1 2)) (to: (point 3 4)) (height: 5) (type: .downUp)))")
    #expect(tree("let m = max(1, 2s)") == "(letDecl m (call max (arg 1) (arg 2s)))")
    #expect(tree("let c = #fff") == "(letDecl c #FFFFFFFF)")
    #expect(tree("let s = \"hi\\n\"") == "(letDecl s \"hi\\n\")")
    #expect(tree("let b = true") == "(letDecl b true)")
    #expect(tree("let w = scene.width / 2") == "(letDecl w (/ (.width scene) 2))")
  }

  @Test func newlinesInsideParensAndAfterOperators() {
    #expect(tree("let a = f(1,\n 2)") == "(letDecl a (call f (arg 1) (arg 2)))")
    #expect(tree("let a = 1 +\n 2") == "(letDecl a (+ 1 2))")
    // A newline before an operator ends the statement: `- 2` is then a stray statement.
    #expect(codes("let a = 1\n- 2") == ["E0205"])
  }

  @Test func oneLineAnimate() {
    let src =
      "node n = circle(5) {\n  animate scale from 0 to 1 over 0.5s delay -1s timing easeOut repeat 2 autoreverse fill .both\n}"
    #expect(
      tree(src)
        == "(nodeDecl n (call circle (arg 5)) (block (animate scale (from 0) (to 1) (over 0.5s) (delay (negate 1s)) (timing easeOut) (repeat 2) (autoreverse) (fill .both))))"
    )
  }

  @Test func blockAnimateAndRepeatForms() {
    let src =
      "node n = circle(5) {\n  animate x {\n    to 5\n    over 1s\n    repeat forever\n  }\n  animate y by 3 over 2s repeat for 10s additive cumulative\n}"
    #expect(
      tree(src)
        == "(nodeDecl n (call circle (arg 5)) (block (animate-block x (to 5) (over 1s) (repeat forever)) (animate y (by 3) (over 2s) (repeat-for 10s) (additive) (cumulative))))"
    )
  }

  @Test func keyframesWithSegmentTimings() {
    let src =
      "node n = circle(5) {\n  animate scale keyframes 0: 1, 50%: 0.65 easeOut, 0.8: 0.2 cubicBezier(0, 0, 1, 1), 1: 0 over 2s interpolate .cubic\n}"
    #expect(
      tree(src)
        == "(nodeDecl n (call circle (arg 5)) (block (animate scale (keyframes (keyframe 0 1 _) (keyframe 50% 0.65 easeOut) (keyframe 0.8 0.2 (call cubicBezier (arg 0) (arg 0) (arg 1) (arg 1))) (keyframe 1 0 _)) (over 2s) (interpolate .cubic))))"
    )
    #expect(codes("node n = circle(5) {\n  animate scale keyframes 0: 1 0.5: 2, 1: 0 over 1s\n}") == ["E0208"])
    #expect(codes("node n = circle(5) {\n  animate scale keyframes 0: 1, 1: 0 easeIn over 1s\n}") == ["E0209"])
  }

  @Test func alongPathWithRotate() {
    let src =
      "node n = circle(5) {\n  animate position along path { move (0, 0); line (10, 0); arc (10, 10), 10, -90deg, 0deg ccw } over 2s pacing .linear rotate .auto\n}"
    #expect(
      tree(src)
        == "(nodeDecl n (call circle (arg 5)) (block (animate position (along (pathLiteral (block (command move (point 0 0)) (command line (point 10 0)) (command-ccw arc (point 10 10) 10 (negate 90deg) 0deg)))) (over 2s) (pacing .linear) (rotate .auto))))"
    )
  }

  @Test func groupsAndSequences() {
    let src =
      "node n = circle(5) {\n  sequence repeat 2 {\n    animate x to 5 over 1s\n    group over 2s { animate y to 1 over 1s }\n  }\n}"
    #expect(
      tree(src)
        == "(nodeDecl n (call circle (arg 5)) (block (sequence (repeat 2) (block (animate x (to 5) (over 1s)) (group (over 2s) (block (animate y (to 1) (over 1s))))))))"
    )
  }

  @Test func emitterWithTriggers() {
    let src =
      "emitter e {\n  on tap\n  on tap button\n  every 300ms from 1s until 5s\n  at 1s, 2.5s\n  burst 3\n  max 10\n  spawn heart(20) { remove after 2s }\n}"
    #expect(
      tree(src)
        == "(emitterDecl e (block (onTap _) (onTap button) (every 300ms 1s 5s) (at 1s 2.5s) (command burst 3) (command max 10) (spawn (call heart (arg 20)) (block (removeAfter 2s)) _)))"
    )
  }

  @Test func replicator() {
    let src =
      "replicate bars count 5 {\n  position (20, 100)\n  instance transform translate(20, 0) rotate(30deg) scale(1, -1)\n  instance delay 0.1s\n  instance color #FFFFFF\n  instance offset red -0.1\n  node bar = rect(10, 40) { fill red }\n}"
    #expect(
      tree(src)
        == "(replicateDecl bars 5 (block (command position (point 20 100)) (instance transform (call translate (arg 20) (arg 0)) (call rotate (arg 30deg)) (call scale (arg 1) (arg (negate 1)))) (instance delay 0.1s) (instance color #FFFFFFFF) (instance offset red (negate 0.1)) (nodeDecl bar (call rect (arg 10) (arg 40)) (block (command fill red)))))"
    )
  }

  @Test func inputBlock() {
    let src =
      "input {\n  tap button at 0.5s, 0.8s\n  tap (200, 300) every 250ms from 2s until 4s\n  tap at 1s\n  pause at 5s\n  resume at 5.5s\n  speed 2 at 6s\n}"
    #expect(
      tree(src)
        == "(inputDecl (block (inputEvent tap button (at 0.5s 0.8s)) (inputEvent tap (point 200 300) (every 250ms 2s 4s)) (inputEvent tap _ (at 1s)) (inputEvent pause _ (at 5s)) (inputEvent resume _ (at 5.5s)) (inputEvent speed 2 (at 6s))))"
    )
  }

  @Test func shapeLiteralsAndBlockOnNextLine() {
    #expect(
      tree("shape s = shape(10, 20) { move (0, 0); close }\n{ fill red }")
        == "(shapeDecl s (shapeLiteral 10 20 (block (command move (point 0 0)) (command close))) (block (command fill red)))"
    )
    #expect(tree("scene {\n  size 375, 667\n}") == "(sceneDecl _ (block (command size 375 667)))")
  }

  @Test func clauseOnNextLineIsOneError() {
    let r = parse("node n = circle(5) {\n  animate x to 5\n    over 1s\n}")
    #expect(r.diagnostics.map(\.code) == ["E0207"])
    #expect(r.diagnostics.first?.fixes.first?.message.contains("block form") == true)
  }

  @Test func unclosedBraceIsReportedOnceAtTheOpener() {
    let text = "node n = circle(5) {\n  animate x {\n    to 5\n"
    let r = parse(text)
    #expect(r.diagnostics.map(\.code) == ["E0201"])
    #expect(r.diagnostics[0].range == SourceRange(start: 33, end: 34))  // the inner `{` after `animate x`
    #expect(r.diagnostics[0].labels.first?.range == .at(text.utf8.count))
  }

  @Test func unclosedParenIsClosedByTheNextDeclaration() {
    let r = parse("let a = max(1, 2\nnode n = circle(5)\nlet b = 3")
    #expect(r.diagnostics.map(\.code) == ["E0201"])
    #expect(r.diagnostics[0].range == SourceRange(start: 11, end: 12))
    #expect(r.tree.childCount(r.tree.root) == 3)
  }

  @Test func independentErrorsAreAllReported() {
    let r = parse("let = 1\nnode n = circle(5) {\n  animate to 1\n}\nlet c = (1, 2, 3)\nemiter e { }")
    #expect(r.diagnostics.map(\.code) == ["E0211", "E0211", "E0204", "E0205"])
  }

  @Test func reservedWordsAsNames() {
    #expect(codes("let from = 1") == ["E0210"])
    #expect(codes("node scene = circle(1)") == ["E0211"] || codes("node scene = circle(1)") == ["E0210"])
  }

  @Test func everyNodeHasARangeInsideTheFile() {
    let text = "node n = circle(5) {\n  animate x to 5 over 1s\n}\n"
    let r = parse(text)
    r.tree.walk(r.tree.root) { id in
      let range = r.tree.range(id)
      #expect(range.start >= 0 && range.end <= text.utf8.count)
    }
  }
}
