import AnimMath

/// `trigger.velocity` at a birth or a death (§15): the one place it is computed.
///
/// `instance` is the instance being born or removed, `tau` its own time (scene time since
/// its creation): 0 at a birth, its lifetime at a death (the limit from below, a
/// motion's τ clamped to its duration D whatever its fill).
///
/// What it must return once `animate position with motion(…)` exists: take the
/// instance's last-begun motion (the position animation with a motion whose begin is
/// latest among those begun by `tau`, ties: the later in source order); with τ = `tau`
/// minus that animation's begin, clamped to 0…D, its velocity p′(τ), the exact
/// derivative of §15's closed form (the same solver that gives the position), in the
/// space `position` is written in; then mapped by the linear part (a, b, c, d, no
/// translation) of the parent's whole `matrix` for an instance with a parent (§14),
/// unchanged for a top-level one. `(0, 0)` when no motion has begun.
///
/// The language has no motion yet, so no instance has one: the velocity is `(0, 0)`.
func triggerVelocity(of instance: InstanceBody, at tau: Double) -> Point {
  .zero
}
