import AnimModel

extension Expr {
  /// Whether the expression has the same value at every spawn of a run and draws nothing
  /// from the emitter's stream: it reads no spawn's values (locals, `self`, the trigger,
  /// the instance's start) and calls no built-in that draws (`random`, `randomInt`,
  /// `choose`, `randomPoint`: their stage is `.perRun`). Top-level
  /// `let`s and nodes' model positions are fixed once the run starts. The simulator evaluates
  /// such a spawn shape once, not at every spawn.
  package var isSameAtEverySpawn: Bool {
    switch self {
    case .constant, .global, .nodePosition: return true
    // Where a node is drawn at the trigger's time (§14).
    case .nodeScenePosition: return false
    case .local, .selfIndex, .triggerPosition, .triggerTime, .triggerVelocity, .instanceStart: return false
    // Read by bindings, evaluated at every frame (§16).
    case .sceneTime, .drawn, .drawnScenePosition, .selfDrawn, .drag: return false
    case .negate(let x), .component(let x, _): return x.isSameAtEverySpawn
    case .arithmetic(_, let a, let b, _), .makePoint(let a, let b), .range(let a, let b):
      return a.isSameAtEverySpawn && b.isSameAtEverySpawn
    case .list(let items): return items.allSatisfy(\.isSameAtEverySpawn)
    case .call(let builtin, let items, _):
      return builtin.spec.stage != .perRun && items.allSatisfy(\.isSameAtEverySpawn)
    case .pathLiteral(let commands): return Self.sameAtEverySpawn(commands)
    case .shapeLiteral(let w, let h, let commands):
      return (w?.isSameAtEverySpawn ?? true) && (h?.isSameAtEverySpawn ?? true) && Self.sameAtEverySpawn(commands)
    case .styledShape(let base, let settings):
      return base.isSameAtEverySpawn && settings.allSatisfy(\.value.isSameAtEverySpawn)
    }
  }

  private static func sameAtEverySpawn(_ commands: [PathCommand]) -> Bool {
    commands.allSatisfy { $0.arguments.allSatisfy(\.isSameAtEverySpawn) }
  }
}

extension IRForm.Timing where V == Expr {
  /// Whether every clause is the same at every spawn (`Expr.isSameAtEverySpawn`).
  package var isSameAtEverySpawn: Bool {
    let count: Expr?
    switch repeatCount {
    case .count(let e), .duration(let e): count = e
    case .forever, nil: count = nil
    }
    return [duration, delay, timingFunction, count].allSatisfy { $0?.isSameAtEverySpawn ?? true }
  }
}
