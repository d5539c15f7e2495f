import AnimIR
import AnimSyntax

extension SyntaxTree {
  /// The first call, depth first, of a built-in that draws from the run's random stream
  /// (`stage == .perRun`: `random`, `choose`, …) in the expression at `id`: an expression
  /// holding one has no value before the run, although a fold would give it one.
  func firstPerRunCall(in id: NodeID) -> (call: NodeID, name: String)? {
    if kind(id) == .call {
      let name = self.name(child(id, 0))
      if let builtin = Builtin.allCases.first(where: { $0.spec.name == name }), builtin.spec.stage == .perRun {
        return (id, name)
      }
    }
    for c in children(id) {
      if let found = firstPerRunCall(in: c) { return found }
    }
    return nil
  }
}
