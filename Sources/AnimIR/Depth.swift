import AnimModel

/// Which nodes are 3-D (§12.1), decided from the source alone: a node that sets or
/// animates `rotationX`, `rotationY` or `perspective` is 3-D in every frame, so a dump's
/// keys never depend on a value reaching exactly 0.
extension Property {
  /// Whether setting or animating it makes a node 3-D: it brings the depth dump group.
  @usableFromInline package var isDepth: Bool { brings(.depth) }
}

extension IRForm.BlockStatement {
  /// Whether the statement sets or animates a 3-D property, at any depth of grouping.
  /// Inlinable, as the two below, so that a caller's module specializes it for its `V`:
  /// unspecialized, each statement was copied through its type's value witnesses.
  @inlinable package var touchesDepth: Bool {
    switch self {
    case .set(let property, _): return property.isDepth
    case .timeline(let item): return item.touchesDepth
    default: return false
    }
  }
}

extension IRForm.TimelineItem {
  @inlinable var touchesDepth: Bool {
    switch self {
    case .animation(let a): return a.property.isDepth
    case .group(_, let children), .sequence(_, let children): return children.contains { $0.touchesDepth }
    }
  }
}

extension IRForm.Scene {
  /// Whether any node, spawn or replicator child is 3-D: a CSV dump then has the 3-D
  /// columns (§12.1).
  @inlinable package var has3D: Bool {
    nodes.contains(where: \.is3D) || emitters.contains(where: \.spawn.is3D)
      || replicators.contains { $0.children.contains(where: \.is3D) }
  }
}
