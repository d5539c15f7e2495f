import AnimMath

/// `trigger.velocity` at a birth or a death (§15): the one place it is computed.
///
/// `instance` is the instance being born or removed, `tau` its own time (scene time since
/// its creation): 0 at a birth, its lifetime at a death (the limit from below, a
/// motion's τ clamped to its duration D whatever its fill). The velocity p′ of its
/// last-begun motion (`AnimationStack.lastBegunMotionVelocity`), `(0, 0)` when none has
/// begun.
///
/// §15 maps it by the linear part of the parent's whole `matrix`: `parent` is that whole
/// transform for a spawn made `in` a node (§14), nil for a top-level one, whose velocity
/// is already in the scene's space.
func triggerVelocity(of instance: InstanceBody, at tau: Double, under parent: Homography? = nil) -> Point {
  let v = instance.stack.lastBegunMotionVelocity(at: tau) ?? .zero
  return parent?.applyLinear(v) ?? v
}
