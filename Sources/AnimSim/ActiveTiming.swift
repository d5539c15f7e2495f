import AnimIR
import AnimMath
import AnimModel

/// The timing of one animation, group or sequence once its clauses are evaluated: Core
/// Animation's CAMediaTiming as §6.2 defines it.
package struct ActiveTiming: Equatable, Sendable {
  /// Begin in the parent's time (the instance's time since creation, or a group's local
  /// time): `delay`, plus the offset of earlier children within a sequence.
  package var begin: Double
  /// One iteration's duration d (seconds, ≥ 0; may be infinite for a group of infinite
  /// children).
  package var duration: Double
  /// Repeat count c (fractional allowed, `.infinity` for `repeat forever`).
  package var count: Double
  package var autoreverse: Bool
  package var fill: FillMode
  package var function: TimingFunction

  /// Times closer than this to a boundary are on it: `0.1 + 0.2` must begin an
  /// animation created at 0.3, not leave it 4e-17 s before its start (§6.2's whole-c
  /// rule uses the same tolerance).
  static let epsilon = 1e-9

  package init(
    begin: Double = 0, duration: Double, count: Double = 1, autoreverse: Bool = false,
    fill: FillMode = .forwards, function: TimingFunction = .linear
  ) {
    self.begin = begin
    self.duration = duration
    self.count = count
    self.autoreverse = autoreverse
    self.fill = fill
    self.function = function
  }

  /// k·d: one iteration, both legs with autoreverse.
  package var period: Double { autoreverse ? 2 * duration : duration }

  /// The active duration A = d·k·c (infinite for `repeat forever`; 0 when d or c is 0).
  package var activeDuration: Double {
    if duration == 0 || count == 0 { return 0 }
    return period * count
  }

  /// Whether the count is whole, within 1e-9 (§6.2).
  var countIsWhole: Bool {
    count.isFinite && abs(count - count.rounded()) <= Self.epsilon
  }

  /// The phase of the animation at parent time `t`, or nil when it has no effect then
  /// (waiting on its delay without a backwards fill, or ended with `.removed`).
  package func sample(_ t: Double) -> TimingSample? {
    var tau = t - begin
    if tau < 0 && tau > -Self.epsilon { tau = 0 }
    if tau < 0 {
      guard fill == .backwards || fill == .both else { return nil }
      return TimingSample(u: 0, iteration: 0, phase: .before)
    }
    let active = activeDuration
    // Within rounding of the end counts as after; an endless animation has no end
    // (∞ − τ ≤ ε·∞ would otherwise hold, freezing `repeat forever` at its start).
    if tau < active && !(active.isFinite && active - tau <= Self.epsilon * max(1, active)) {
      return activeSample(tau)
    }
    guard fill == .forwards || fill == .both else { return nil }
    return endSample()
  }

  /// The active formula at local time τ in [0, A).
  func activeSample(_ tau: Double) -> TimingSample {
    let k = period
    var q = tau / k
    if count <= 1 && q < 1 {
      // A single iteration never reaches a boundary within ε of its end (`sample` counts
      // that as after): the formula below with i = 0, without its two roundings.
      if q <= Self.epsilon { q = 0 }
      let w = q * k
      let u = w < duration ? w / duration : 2 - w / duration
      return TimingSample(u: min(max(u, 0), 1), iteration: 0, phase: .active)
    }
    let whole = q.rounded(.toNearestOrAwayFromZero)
    // On an iteration boundary up to rounding, the next iteration begins (u = 0).
    if abs(q - whole) <= Self.epsilon { q = whole }
    let i = q.rounded(.down)
    let w = (q - i) * k
    let u = w < duration ? w / duration : 2 - w / duration
    return TimingSample(u: min(max(u, 0), 1), iteration: i, phase: .active)
  }

  /// After the active duration: the end of the last iteration (§6.2).
  func endSample() -> TimingSample {
    if duration == 0 || count == 0 {
      return TimingSample(u: autoreverse ? 0 : 1, iteration: 0, phase: .after)
    }
    if countIsWhole {
      let last = max(count.rounded() - 1, 0)
      return TimingSample(u: autoreverse ? 0 : 1, iteration: last, phase: .after)
    }
    guard count.isFinite else { return TimingSample(u: 0, iteration: 0, phase: .after) }
    // A fractional count stops part-way: the active formula at τ = A, as Web Animations.
    let at = activeSample(activeDuration)
    return TimingSample(u: at.u, iteration: max(count.rounded(.up) - 1, 0), phase: .after)
  }

  /// Progress p = timing(u) for a sample. A spring lands exactly on its end value at and
  /// after the end of the active duration (§5); steps show p = 0 in a backwards fill.
  package func progress(_ s: TimingSample) -> Double {
    if s.phase == .after && s.u == 1 { return 1 }
    if case .linear = function { return s.u }
    return function.progress(s.u, duration: duration, before: s.phase == .before)
  }
}

/// Where an animation is at one moment: fraction u of the current iteration (after the
/// reverse leg is folded), the iteration index (for `cumulative`), and the phase.
package struct TimingSample: Hashable, Sendable {
  package enum Phase: Sendable { case before, active, after }
  package var u: Double
  package var iteration: Double
  package var phase: Phase

  package init(u: Double, iteration: Double, phase: Phase) {
    self.u = u
    self.iteration = iteration
    self.phase = phase
  }
}

extension ActiveTiming {
  /// The time a group or sequence shows its children at parent time `t` (§6: the
  /// group's time within the current iteration, after its timing function; held at the
  /// group's end once it is over), or nil when the group has no effect then.
  func childTime(_ t: Double) -> Double? {
    if !duration.isFinite {
      // A group of infinite children never reaches an iteration boundary.
      let tau = t - begin
      if tau >= -Self.epsilon { return max(tau, 0) }
      return fill == .backwards || fill == .both ? 0 : nil
    }
    guard let s = sample(t) else { return nil }
    return progress(s) * duration
  }
}
