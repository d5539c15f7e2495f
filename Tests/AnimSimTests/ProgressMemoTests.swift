import AnimMath
import Testing

@testable import AnimSim

/// The memo must give exactly `ActiveTiming.progress` whatever sequence of questions it
/// is asked: repeated ones (burst siblings), and changes of u, duration, function or phase
/// in the same slot.
@Test func memoGivesWhatTheTimingGives() {
  let functions: [TimingFunction] = [
    .easeIn, .easeInOut, .linear, .steps(3, .start), .spring(.uiKit(damping: 0.6, velocity: 0.8)),
  ]
  var memo = ProgressMemo()
  var random = SplitMix64(seed: 3)
  for _ in 0..<5_000 {
    let slot = Int(random.next() % 10)
    let function = functions[Int(random.next() % UInt64(functions.count))]
    let duration = [0.5, 2.0][Int(random.next() % 2)]
    let u = Double(random.next() % 5) / 4
    let phase: TimingSample.Phase = [.before, .active, .after][Int(random.next() % 3)]
    let timing = ActiveTiming(duration: duration, function: function)
    let sample = TimingSample(u: u, iteration: 0, phase: phase)
    let remembered = memo.progress(slot, timing, sample)
    let direct = timing.progress(sample)
    #expect(remembered == direct, "\(function) u \(u) \(phase) slot \(slot)")
  }
}
