import AnimMath

/// An instance's compiled animations copied into memory of their own, with the path of
/// its first drift along one curve laid out flat: what sampling reads for every instance
/// in every frame, one step from the `LiveInstance` (which keeps the addresses) rather
/// than three (instance → body → stack → array).
///
/// With thousands of particles that memory is rarely in cache, and a read that must wait
/// for another read's result waits twice.
///
/// Before the animations, in the same memory, each basic animation's first `from` and
/// end channel (`scalars`): all that sampling reads of a basic animation of a one-number
/// property, one cache line for an instance's few where its animations take two each.
final class AnimationBlock: @unchecked Sendable {
  // Immutable after init (`@unchecked Sendable`); `CompiledAnimation` holds plain values.
  let animations: UnsafeMutablePointer<CompiledAnimation>
  let count: Int
  private let memory: UnsafeMutableRawPointer
  /// The path of the first animation that replaces `position` along one curve without
  /// rotating (the usual particle drift), and that animation's index; nil and −1 if none.
  let curve: FlatCurvePath?
  let curveSlot: Int

  /// The bytes of one animation's scalars.
  static let scalarBytes = 2 * MemoryLayout<Double>.stride

  init(_ stack: AnimationStack) {
    count = stack.animations.count
    let scalarsSize = Self.scalarBytes * count
    memory = .allocate(
      byteCount: scalarsSize + MemoryLayout<CompiledAnimation>.stride * max(count, 1),
      alignment: max(MemoryLayout<CompiledAnimation>.alignment, MemoryLayout<SIMD2<Double>>.alignment))
    animations = (memory + scalarsSize).bindMemory(to: CompiledAnimation.self, capacity: max(count, 1))
    for (i, a) in stack.animations.enumerated() {
      (animations + i).initialize(to: a)
      var pair = SIMD2<Double>(0, 0)
      if case .basic(let values) = a.kind { pair = SIMD2(values.from.x, values.end.x) }
      Self.scalars(UnsafePointer(animations), i).initialize(to: pair)
    }
    (curve, curveSlot) = Self.firstCurve(stack.animations)
  }

  deinit {
    animations.deinitialize(count: count)
    memory.deallocate()
  }

  /// Animation k's first `from` and end channel (zeros if it is not basic), given the
  /// block's animations: they lie before the animations, the first nearest.
  @inline(__always)
  static func scalars(_ animations: UnsafePointer<CompiledAnimation>, _ k: Int) -> UnsafeMutablePointer<SIMD2<Double>> {
    (UnsafeMutableRawPointer(mutating: animations) - scalarBytes &* (k &+ 1)).assumingMemoryBound(
      to: SIMD2<Double>.self)
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
