import AnimIR
import AnimMath
import AnimModel

extension Simulator {
  /// The cubic-Bezier timing curves the scene's animations are written with, each once,
  /// in source order: every `timing` clause and keyframe timing of nodes, spawns and
  /// replicator children whose value is the same at every spawn (§2), evaluated with
  /// the run's top-level values. A curve drawn per spawn (`cubicBezier(random(…), …)`)
  /// is not among them.
  ///
  /// A writer that re-expresses values as keyframes (Lottie, §13) tries these before
  /// sampling, so that a value the scene moves along one of them is one keyframe pair
  /// with that very curve. The named curves (`easeIn`…) are among them when used.
  package var timingCurves: [TimingFunction] {
    var found: [TimingFunction] = []
    var ctx = context
    func add(_ e: Expr?) {
      guard let e, e.isSameAtEverySpawn else { return }
      guard let f = try? TimelineCompiler.timingFunction(e, &ctx), case .cubicBezier = f else { return }
      if !found.contains(f) { found.append(f) }
    }
    func add(_ item: TimelineItem) {
      switch item {
      case .animation(let a):
        add(a.timing.timingFunction)
        if case .keyframes(let frames, _) = a.value {
          for frame in frames { add(frame.timing) }
        }
      case .group(let t, let children), .sequence(let t, let children):
        add(t.timingFunction)
        for child in children { add(child) }
      }
    }
    func add(_ template: NodeTemplate) {
      for statement in template.body {
        if case .timeline(let item) = statement { add(item) }
      }
    }
    for node in scene.nodes { add(node) }
    for emitter in scene.emitters { add(emitter.spawn) }
    for replicator in scene.replicators {
      for child in replicator.children { add(child) }
    }
    return found
  }
}
