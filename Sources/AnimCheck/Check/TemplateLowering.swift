import AnimIR
import AnimModel

/// One thread's share of lowering a large scene's templates: the first or the second
/// half of its nodes, emitters and replicators (see `Lowering.lower(_:twoThreadsFrom:)`).
final class TemplateLowering {
  let lowering: Lowering
  private(set) var nodes: [NodeTemplate] = []
  private(set) var emitters: [EmitterTemplate] = []
  private(set) var replicators: [ReplicatorTemplate] = []

  init(_ lowering: Lowering) { self.lowering = lowering }

  func lower(_ scene: UnloweredScene, secondHalf: Bool) {
    nodes = half(scene.nodes, secondHalf).map { $0.map(lowering.lower) }
    emitters = half(scene.emitters, secondHalf).map { $0.map(lowering.lower) }
    replicators = half(scene.replicators, secondHalf).map { $0.map(lowering.lower) }
  }

  private func half<T>(_ list: [T], _ second: Bool) -> ArraySlice<T> {
    second ? list[(list.count / 2)...] : list[..<(list.count / 2)]
  }
}
