import AnimModel

/// What §16's bindings read, and the order they are evaluated in: each after every
/// binding it reads, in source order otherwise.
package enum BindingGraph {
  /// One read of a binding's expression.
  package enum Read: Equatable, Sendable {
    /// `NODE.PROP` (node index).
    case property(Int, Property)
    /// `NODE.scenePosition`: the node's and its ancestors' transform properties.
    case scenePosition(Int)
    /// `self.PROP`.
    case own(Property)
    /// `drag.…`: the receiver's ancestors' transform properties.
    case drag
  }

  /// Everything `e` reads of the frame.
  package static func reads(_ e: Expr) -> [Read] {
    var found: [Read] = []
    collect(e, &found)
    return found
  }

  private static func collect(_ e: Expr, _ found: inout [Read]) {
    switch e {
    case .drawn(let i, let p): found.append(.property(i, p))
    case .drawnScenePosition(let i): found.append(.scenePosition(i))
    case .selfDrawn(let p): found.append(.own(p))
    case .drag: found.append(.drag)
    case .negate(let x), .component(let x, _): collect(x, &found)
    case .arithmetic(_, let a, let b, _), .makePoint(let a, let b), .range(let a, let b):
      collect(a, &found)
      collect(b, &found)
    case .list(let items), .call(_, let items, _): for item in items { collect(item, &found) }
    case .styledShape(let base, let settings):
      collect(base, &found)
      for s in settings { collect(s.value, &found) }
    default: return
    }
  }

  /// Whether writing `written` changes what reading `read` gives (a component shares its
  /// whole property's slots).
  package static func overlaps(_ written: Property, _ read: Property) -> Bool {
    written.spec.slots.overlaps(read.spec.slots)
  }

  /// The properties a transform is made of: what `scenePosition` and `drag.…` read.
  package static func isTransform(_ p: Property) -> Bool {
    [Property.position, .x, .y, .scale, .scaleX, .scaleY, .rotation, .rotationX, .rotationY, .perspective]
      .contains(p)
  }

  /// An order of `count` items in which every item comes after those `dependsOn` names
  /// (source order otherwise), and the items on a cycle, which come last in source order.
  package static func order(_ count: Int, dependsOn: (Int) -> [Int]) -> (order: [Int], cyclic: [Int]) {
    var waiting = [Int](repeating: 0, count: count)
    var dependents = [[Int]](repeating: [], count: count)
    for i in 0..<count {
      for d in Set(dependsOn(i)) where d != i && d >= 0 && d < count {
        waiting[i] += 1
        dependents[d].append(i)
      }
    }
    var order: [Int] = []
    var done = [Bool](repeating: false, count: count)
    // Repeatedly the first ready item in source order: small programs, clear order.
    while let next = (0..<count).first(where: { !done[$0] && waiting[$0] == 0 }) {
      done[next] = true
      order.append(next)
      for d in dependents[next] { waiting[d] -= 1 }
    }
    let cyclic = (0..<count).filter { !done[$0] }
    return (order + cyclic, cyclic)
  }
}
