import AnimModel

/// How a member applies one animation of its stack, in the terms sampling specialises
/// on. When every member of a timing group applies animation k alike (`TimingGroup`
/// keeps one shape per animation), a run picks its member loop once, where a loop that
/// asks each member which kind it has, which property it writes and whether the value
/// has a `from` spent as long asking as applying.
///
/// A shape holds only what is the same for every member (the kind, the property, which
/// of the values are explicit); the numbers stay in each member's animation.
enum AnimationShape: Equatable, Sendable {
  /// Anything else: each member decides (`AnimationStack.applyBasic`, then `apply`).
  case general
  /// A basic animation of a one-number property, at its `NodeState` slot.
  case scalar(Int, hasFrom: Bool, end: BasicValues.End, additive: Bool)
  /// The position drift along the member's flat curve (`AnimationBlock.curve`).
  case flatCurve

  /// The shape of animation `k` of `animations`, whose flat curve (if any) drives
  /// animation `curveSlot`.
  init(_ animations: [CompiledAnimation], _ k: Int, curveSlot: Int) {
    let a = animations[k]
    if k == curveSlot {
      self = .flatCurve
    } else if case .basic(let values) = a.kind, let scalar = a.target.scalar {
      self = .scalar(scalar, hasFrom: values.hasFrom, end: values.endKind, additive: a.additive)
    } else {
      self = .general
    }
  }
}
