import Testing

@testable import AnimMath

/// The one SVG path-data writer (§9's shape lines, SVG output and the IR printer) on the
/// cases where its two former copies disagreed. Expected text is worked out by hand from
/// §9: absolute commands, arcs of at most 180° each, a line to an arc's start when the
/// current point is elsewhere.
@Suite struct SVGPathDataTests {
  /// Integers and short decimals only, so the expected text is plain.
  func text(_ segments: [PathSegment]) -> String { Path(segments).svgPathData(format: dumpNumber) }

  @Test func degenerateLineIsWritten() {
    // A line of 1e-13 is a command of the path like any other: written, not dropped (it
    // rounds to the same 6-decimal point).
    #expect(text([.move(to: Point(1, 2)), .line(to: Point(1 + 1e-13, 2))]) == "M 1 2 L 1 2")
  }

  @Test func segmentAfterCloseStartsAtTheSubpathStart() {
    // After `Z` the current point is the subpath's start (SVG 1.1 §8.3.3): a line needs no `M`.
    #expect(
      text([.move(to: Point(0, 0)), .line(to: Point(10, 0)), .close, .line(to: Point(0, 10))])
        == "M 0 0 L 10 0 Z L 0 10")
  }

  @Test func nonFiniteValuesGoThroughTheNumberRule() {
    // The writer leaves non-finite numbers to its caller's number rule.
    let d = Path([.move(to: Point(.nan, 1)), .line(to: Point(.infinity, 2))]).svgPathData { v in
      v.isFinite ? dumpNumber(v) : "X"
    }
    #expect(d == "M X 1 L X 2")
    // An arc with a non-finite angle has sweep 0 (`Arc.sweep`): no `A` is written.
    let arc = Arc(center: Point(0, 0), radius: 5, start: 0, end: .nan)
    #expect(text([.move(to: Point(5, 0)), .arc(arc)]) == "M 5 0")
    #expect(!arc.isFinite)
  }

  @Test func arcOverHalfATurnIsTwoHalves() {
    // 270° clockwise from angle 0, radius 10 about (0, 0): halves of 135° each end at
    // angle 135° (−7.071068, 7.071068) and 270° (0, −10).
    let arc = Arc(center: Point(0, 0), radius: 10, start: 0, end: 1.5 * .pi)
    #expect(
      text([.move(to: Point(10, 0)), .arc(arc)])
        == "M 10 0 A 10 10 0 0 1 -7.071068 7.071068 A 10 10 0 0 1 0 -10")
  }

  @Test func fullCircleIsTwoHalves() {
    // A full turn counter-clockwise from angle 0: halfway at angle −π (−10, 0), back at (10, 0).
    let arc = Arc(center: Point(0, 0), radius: 10, start: 0, end: -2 * .pi, clockwise: false)
    #expect(text([.arc(arc)]) == "M 10 0 A 10 10 0 0 0 -10 0 A 10 10 0 0 0 10 0")
  }

  @Test func oneArcSweepDefinition() {
    // §4: end − start plus whole turns until non-negative; a full turn or more is one turn.
    #expect(Arc(center: .zero, radius: 1, start: 0, end: -0.5 * .pi).sweep == 1.5 * .pi)
    #expect(Arc(center: .zero, radius: 1, start: 0, end: 7 * .pi).sweep == 2 * .pi)
    #expect(Arc(center: .zero, radius: 1, start: 1, end: 1).sweep == 0)
    #expect(Arc(center: .zero, radius: 1, start: 0, end: 1e300).sweep == 2 * .pi)
  }
}
