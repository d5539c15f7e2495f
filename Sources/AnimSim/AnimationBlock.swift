import AnimMath

/// An instance's compiled animations copied into memory of their own, with the path of
/// its first drift along one curve laid out flat: what sampling reads for every instance
/// in every frame, one step from the `LiveInstance` (which keeps the addresses) rather
/// than three (instance → body → stack → array).
///
/// With thousands of particles that memory is rarely in cache, and a read that must wait
/// for another read's result waits twice; sampling prefetches a few instances ahead so
/// that their misses overlap, which works only when the address is at hand.
final class AnimationBlock: @unchecked Sendable {
  // Immutable after init (`@unchecked Sendable`); `CompiledAnimation` holds plain values.
  let animations: UnsafeMutablePointer<CompiledAnimation>
  let count: Int
  /// The path of the first animation that replaces `position` along one curve without
  /// rotating (the usual particle drift), and that animation's index; nil and −1 if none.
  let curve: FlatCurvePath?
  let curveSlot: Int

  init(_ stack: AnimationStack) {
    count = stack.animations.count
    animations = .allocate(capacity: max(count, 1))
    for (i, a) in stack.animations.enumerated() { (animations + i).initialize(to: a) }
    (curve, curveSlot) = Self.firstCurve(stack.animations)
  }

  deinit {
    animations.deinitialize(count: count)
    animations.deallocate()
  }

  /// The first animation that drifts `position` along one flat curve without rotating,
  /// and that curve; nil and −1 if none.
  static func firstCurve(_ animations: [CompiledAnimation]) -> (curve: FlatCurvePath?, slot: Int) {
    for k in animations.indices where animations[k].target == .position && !animations[k].additive {
      guard case .along(let path, _, .none, _) = animations[k].kind else { continue }
      guard let flat = path.takeUnretainedValue().flat else { break }
      return (flat, k)
    }
    return (nil, -1)
  }
}
