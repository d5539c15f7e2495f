import AnimMath
import AnimModel

/// What sampling reads of an instance's animations for every member of a cohort in every
/// frame, kept in the `LiveInstance` itself so that each is one step away (the array's
/// storage) rather than three (instance → body → stack → array).
///
/// `scalars` holds each basic animation's first `from` and end channel, side by side:
/// all that sampling reads of a basic animation of a one-number property, in a few
/// numbers rather than the whole animation.
struct AnimationBlock {
  /// The stack's animations (the same storage, not a copy).
  let animations: [CompiledAnimation]
  /// Per animation: its first `from` and end channel if it is basic, else zeros.
  let scalars: ContiguousArray<SIMD2<Double>>
  /// The path of the first animation that replaces `position` along one curve without
  /// rotating (the usual particle drift), and that animation's index; nil and −1 if none.
  let curve: FlatCurvePath?
  let curveSlot: Int

  init(_ stack: AnimationStack) {
    animations = stack.animations
    scalars = ContiguousArray(
      stack.animations.lazy.map { a in
        guard case .basic(let values) = a.kind else { return SIMD2<Double>(0, 0) }
        return SIMD2(values.from.x, values.end.x)
      })
    (curve, curveSlot) = Self.firstCurve(stack)
  }

  /// The first animation of `stack` that drifts `position` along one flat curve without
  /// rotating, and that curve; nil and −1 if none.
  static func firstCurve(_ stack: AnimationStack) -> (curve: FlatCurvePath?, slot: Int) {
    let animations = stack.animations
    for k in animations.indices where animations[k].target == .position && !animations[k].additive {
      guard case .along(let path, _, .none, _) = animations[k].kind else { continue }
      guard let flat = stack.paths[path].flat else { break }
      return (flat, k)
    }
    return (nil, -1)
  }
}
