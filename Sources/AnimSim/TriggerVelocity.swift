import AnimMath

/// `trigger.velocity` at a birth or a death (§15): the one place it is computed.
///
/// `instance` is the instance being born or removed, `tau` its own time (scene time since
/// its creation): 0 at a birth, its lifetime at a death (the limit from below, a
/// motion's τ clamped to its duration D whatever its fill). The velocity p′ of its
/// last-begun motion (`AnimationStack.lastBegunMotionVelocity`), `(0, 0)` when none has
/// begun.
///
/// §15 maps it by the linear part of the parent's whole `matrix`: `parent` is that
/// parent's plane for a spawn made `in` a node (§14), whose derivative at the instance's
/// `position` is that linear part (the projection's Jacobian under a 3-D parent); nil for
/// a top-level one, whose velocity is already in the scene's space.
func triggerVelocity(
  of instance: InstanceBody, at tau: Double, position: Point = .zero, under parent: ParentPlane? = nil
) -> Point {
  let v = instance.stack.lastBegunMotionVelocity(at: tau) ?? .zero
  return parent?.velocityToScene(v, at: position) ?? v
}
