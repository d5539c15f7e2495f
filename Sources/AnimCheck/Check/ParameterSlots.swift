import AnimIR
import AnimModel
import AnimSyntax

/// For each parameter of a built-in's signature, the argument node given for it, if any:
/// what matching a call's arguments to its parameters produces.
///
/// Held inline rather than in an array: every call the checker meets matched into a
/// fresh array, an allocation for a list of at most five nodes. A slot holds a node's
/// index, or -1 for none.
struct ParameterSlots {
  /// More than any signature has (`arc` has five parameters).
  static let capacity = InlineInt32s.count
  private var nodes = InlineInt32s(repeating: -1)
  let count: Int

  init(count: Int) {
    precondition(count <= Self.capacity, "a signature has more parameters than ParameterSlots holds")
    self.count = count
  }

  subscript(i: Int) -> NodeID? {
    get { nodes[i] < 0 ? nil : NodeID(nodes[i]) }
    set { nodes[i] = newValue?.index ?? -1 }
  }
}
