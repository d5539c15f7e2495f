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

  /// A binding as the graph sees it: whose it is (a node index, or a negative key for an
  /// emitter's spawns), what it binds and what it reads.
  package struct Site: Sendable {
    package var owner: Int
    package var property: Property
    package var reads: [Read]
    package init(owner: Int, property: Property, reads: [Read]) {
      self.owner = owner
      self.property = property
      self.reads = reads
    }
  }

  /// The sites in evaluation order (each after the bindings it reads, source order
  /// otherwise), and those on a cycle. `lineage(n)` is node n and its ancestors.
  package static func order(_ sites: [Site], lineage: (Int) -> [Int]) -> (order: [Int], cyclic: [Int]) {
    order(sites.count) { a in
      var on: [Int] = []
      for read in sites[a].reads {
        for (b, site) in sites.enumerated() where b != a && depends(sites[a], read, on: site, lineage) { on.append(b) }
      }
      return on
    }
  }

  /// Whether `reader`, reading `read`, must come after the binding `site`.
  private static func depends(_ reader: Site, _ read: Read, on site: Site, _ lineage: (Int) -> [Int]) -> Bool {
    let p = site.property
    switch read {
    case .property(let n, let q): return site.owner == n && overlaps(p, q)
    case .scenePosition(let n): return isTransform(p) && site.owner >= 0 && lineage(n).contains(site.owner)
    case .own(let q): return site.owner == reader.owner && q != reader.property && overlaps(p, q)
    case .drag:
      return isTransform(p) && site.owner >= 0 && reader.owner >= 0
        && lineage(reader.owner).dropFirst().contains(site.owner)
    }
  }

  /// An order of `count` items in which every item comes after those `dependsOn` names
  /// (source order otherwise), the items a cycle holds up last in source order; and the
  /// items on a cycle.
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
    // Left over: those on a cycle and those that read one; only the former are reported.
    let left = (0..<count).filter { !done[$0] }
    let leftSet = Set(left)
    let onCycle = left.filter { k in
      var seen: Set<Int> = []
      var pending = dependsOn(k).filter { leftSet.contains($0) && $0 != k }
      while let next = pending.popLast() {
        if dependsOn(next).contains(k) { return true }
        guard seen.insert(next).inserted else { continue }
        pending.append(contentsOf: dependsOn(next).filter { leftSet.contains($0) && !seen.contains($0) })
      }
      return false
    }
    return (order + left, onCycle)
  }
}
