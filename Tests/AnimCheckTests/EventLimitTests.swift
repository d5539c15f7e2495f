import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// The limits that keep events between two frames bounded (README, choices where the
/// spec is silent): an `every` period of at least 1 ms, an `input` `speed` in 0…1000.
/// Each is checked at its boundary and just past it; the corpus has a realistic file
/// for each.
@Suite struct EventLimitTests {
  /// The errors `analyze` gives for `source`, as "CODE message".
  static func errors(_ source: String) -> [String] {
    analyze(SourceFile(name: "t.anim", text: source)).diagnostics
      .filter { $0.severity == .error }
      .map { "\($0.code) \($0.message)" }
  }

  static func emitter(every period: String) -> String {
    "emitter e {\n  every \(period)\n  max 5\n  spawn circle(1) { }\n}\n"
  }

  static func input(_ line: String) -> String {
    "emitter e {\n  on tap\n  max 5\n  spawn circle(1) { }\n}\ninput {\n  \(line)\n}\n"
  }

  @Test func emitterPeriodAtLeastOneMillisecond() {
    #expect(Self.errors(Self.emitter(every: "1ms")).isEmpty)
    #expect(Self.errors(Self.emitter(every: "0.001s")).isEmpty)
    #expect(
      Self.errors(Self.emitter(every: "0.999ms"))
        == ["E0342 an `every` period must be at least 1ms, found 0.000999s"])
    #expect(
      Self.errors(Self.emitter(every: "1e-9s")) == ["E0342 an `every` period must be at least 1ms, found 1e-09s"])
    // 0 and below keep their own error (E0340), not this one as well.
    #expect(Self.errors(Self.emitter(every: "0s")) == ["E0340 `every` needs a period greater than 0"])
  }

  @Test func inputTapPeriodAtLeastOneMillisecond() {
    #expect(Self.errors(Self.input("tap (1, 1) every 1ms")).isEmpty)
    #expect(
      Self.errors(Self.input("tap (1, 1) every 0.999ms"))
        == ["E0342 an `every` period must be at least 1ms, found 0.000999s"])
    #expect(
      Self.errors(Self.input("tap every 1e-300s"))
        == ["E0342 an `every` period must be at least 1ms, found 1e-300s"])
  }

  @Test func inputSpeedWithinZeroToAThousand() {
    for ok in ["0", "0.5", "1000"] {
      #expect(Self.errors(Self.input("speed \(ok) at 1s")).isEmpty, "speed \(ok)")
    }
    #expect(Self.errors(Self.input("speed 1000.5 at 1s")) == ["E0342 `speed` must lie in 0…1000, found 1000.5"])
    #expect(Self.errors(Self.input("speed -1 at 1s")) == ["E0342 `speed` must lie in 0…1000, found -1"])
    #expect(Self.errors(Self.input("speed 1e300 at 1s")) == ["E0342 `speed` must lie in 0…1000, found 1e+300"])
  }

  @Test func theErrorMarksTheValue() throws {
    let source = Self.input("speed 2000 at 1s")
    let file = SourceFile(name: "t.anim", text: source)
    let d = try #require(analyze(file).diagnostics.first { $0.code == SemanticCode.outOfLimits })
    #expect(file.text(d.range) == "2000")
  }
}
