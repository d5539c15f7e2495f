import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// §12.2's rules that are not one-mistake corpus files (those are `Corpus/gradient_*`):
/// where a gradient is accepted, and when a colour set later makes `fill` animatable again.
@Suite struct GradientCheckTests {
  func codes(_ text: String) -> [String] {
    analyze(SourceFile(name: "t.anim", bytes: Array(("scene \"S\" { size 100, 100 }\n" + text).utf8)))
      .diagnostics.map(\.code)
  }

  @Test(
    "gradients are accepted as fills and strokes",
    arguments: [
      "node a = rect(10, 10) { fill linearGradient([red, blue]) }",
      "node a = rect(10, 10) { stroke radialGradient([red, blue], locations: [0.2, 0.8], center: (0, 0), radius: 2) }",
      "let g = linearGradient([clear, black], start: (0, 0), end: (1, 1))\nnode a = circle(5) { fill g }",
      "shape s = rect(10, 10) { fill linearGradient([red, blue]); stroke radialGradient([red, blue]) }\nnode a = s { position (5, 5) }",
      "node a = rect(10, 10) {\n  let g = radialGradient([white, clear])\n  fill g\n}",
      // Locations may repeat (a hard edge) and sit anywhere in 0…1.
      "node a = rect(10, 10) { fill linearGradient([red, red, blue, blue], locations: [0, 0.5, 0.5, 1]) }",
    ])
  func accepted(_ text: String) {
    #expect(codes(text).isEmpty)
  }

  @Test(
    "a colour that replaces the gradient may be animated",
    arguments: [
      "shape s = rect(10, 10) { fill linearGradient([red, blue]) }\nnode a = s {\n  fill green\n  animate fill to red over 1s\n}",
      "node a = rect(10, 10) {\n  fill linearGradient([red, blue])\n  fill green\n  animate fill to red over 1s\n}",
      // The fill is a gradient, the stroke a colour: only `fill` is style.
      "node a = rect(10, 10) {\n  fill linearGradient([red, blue])\n  stroke red\n  animate stroke to blue over 1s\n}",
    ])
  func colourAfterGradient(_ text: String) {
    #expect(codes(text).isEmpty)
  }

  @Test func aGradientIsNotAColourElsewhere() {
    // `mix` and `background` take Colors: a gradient there is a type mismatch.
    #expect(codes("let c = mix(linearGradient([red, blue]), red, 0.5)") == ["E0310"])
  }
}
