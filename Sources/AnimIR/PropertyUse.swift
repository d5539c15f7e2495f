import AnimModel

// Which properties a scene's blocks set or animate, for outputs whose layout depends on
// them (§14: a CSV dump's columns after `z`).

extension IRForm.Scene {
  /// The properties of dump group `group` that any node, spawn or replicator child sets
  /// or animates, in `Property`'s order.
  package func properties(in group: PropertySpec.DumpGroup) -> [Property] {
    let templates = nodes + emitters.map(\.spawn) + replicators.flatMap(\.children)
    var used = Set<Property>()
    for template in templates {
      for statement in template.body { statement.collect(into: &used) }
    }
    return Property.allCases.filter { used.contains($0) && $0.spec.dumpGroup == group }
  }
}

extension IRForm.BlockStatement {
  fileprivate func collect(into used: inout Set<Property>) {
    switch self {
    case .set(let property, _): used.insert(property)
    case .timeline(let item): item.collect(into: &used)
    default: break
    }
  }
}

extension IRForm.TimelineItem {
  fileprivate func collect(into used: inout Set<Property>) {
    switch self {
    case .animation(let a): used.insert(a.property)
    case .group(_, let children), .sequence(_, let children):
      for child in children { child.collect(into: &used) }
    }
  }
}
