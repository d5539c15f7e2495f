import AnimSyntax

/// For each parameter of a built-in's signature, the argument node given for it, if any:
/// what matching a call's arguments to its parameters produces.
///
/// Held inline, in a tuple of `capacity` slots, rather than in an array: every call the
/// checker meets matched into a fresh array, an allocation for a list of at most five
/// nodes. A slot holds a node's index, or -1 for none.
struct ParameterSlots {
  /// More than any signature has (`arc` has five parameters).
  static let capacity = 8
  private var nodes: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1, -1, -1, -1)
  let count: Int

  init(count: Int) {
    precondition(count <= Self.capacity, "a signature has more parameters than ParameterSlots holds")
    self.count = count
  }

  subscript(i: Int) -> NodeID? {
    get {
      let node = slot(i)
      return node < 0 ? nil : NodeID(node)
    }
    set { setSlot(i, newValue?.index ?? -1) }
  }

  private func slot(_ i: Int) -> Int32 {
    switch i {
    case 0: return nodes.0
    case 1: return nodes.1
    case 2: return nodes.2
    case 3: return nodes.3
    case 4: return nodes.4
    case 5: return nodes.5
    case 6: return nodes.6
    case 7: return nodes.7
    default: preconditionFailure("slot \(i) of \(Self.capacity)")
    }
  }

  private mutating func setSlot(_ i: Int, _ node: Int32) {
    switch i {
    case 0: nodes.0 = node
    case 1: nodes.1 = node
    case 2: nodes.2 = node
    case 3: nodes.3 = node
    case 4: nodes.4 = node
    case 5: nodes.5 = node
    case 6: nodes.6 = node
    case 7: nodes.7 = node
    default: preconditionFailure("slot \(i) of \(Self.capacity)")
    }
  }
}
