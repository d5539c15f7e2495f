import AnimMath

/// `trigger.velocity` at a birth or a death (§15): the one place it is computed.
///
/// `instance` is the instance being born or removed, `tau` its own time (scene time since
/// its creation): 0 at a birth, its lifetime at a death (the limit from below, a
/// motion's τ clamped to its duration D whatever its fill). The velocity p′ of its
/// last-begun motion (`AnimationStack.lastBegunMotionVelocity`), `(0, 0)` when none has
/// begun.
///
/// §15 maps it by the linear part of the parent's whole `matrix`; the instances that
/// fire births and deaths are an emitter's spawns, which are top-level (`spawn … in` is
/// refused until it is simulated, E0381), so the velocity is already in the scene's space.
func triggerVelocity(of instance: InstanceBody, at tau: Double) -> Point {
  instance.stack.lastBegunMotionVelocity(at: tau) ?? .zero
}
