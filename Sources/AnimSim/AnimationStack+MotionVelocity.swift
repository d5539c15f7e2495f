import AnimMath

extension AnimationStack {
  /// The velocity p′ (points per second, in `position`'s own space) of the instance's
  /// last-begun motion at instance time `t` (§15's `trigger.velocity`, before any parent
  /// matrix): among the `with` animations whose begin is at or before `t`, the latest
  /// begin (the later in source order at a tie), with τ = t − begin clamped to 0…D
  /// whatever its fill. Nil when no motion has begun.
  ///
  /// Invariant: `resolveDeferredPaths` has run, so each motion's p₀ is known.
  func lastBegunMotionVelocity(at t: Double) -> Point? {
    var best: (begin: Double, index: Int, duration: Double)? = nil
    for i in animations.indices {
      guard case .motion(let index, _) = animations[i].kind else { continue }
      let begin = absoluteBegin(i)
      guard begin <= t, best.map({ begin >= $0.begin }) ?? true else { continue }
      best = (begin, index, timings[i].duration)
    }
    guard let best else { return nil }
    let tau = min(max(t - best.begin, 0), best.duration)
    return motions[best.index].velocity(from: motionStarts[best.index], at: tau)
  }
}
