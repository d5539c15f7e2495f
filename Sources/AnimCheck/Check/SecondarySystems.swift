import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Secondary systems (§15): `on birth of EMITTER` and `on death of EMITTER` name an
/// emitter, and no chain of them may come back to where it started (an emitter that
/// fires on its own instances' births would fire forever at one instant).
extension Checker {
  /// The index of the emitter `target` names, or nil after reporting that it names none.
  func emitterIndex(_ target: NodeID) -> Int? {
    let name = tree.name(target)
    guard tree.kind(target) == .name, let symbol = tree.symbol(target), declarations.kind(symbol) == .emitter,
      let index = declarations.read(symbol, { $0.emitterIndex }) ?? nil
    else {
      let emitters = declarations.values.filter { $0.kind == .emitter }.map(\.name)
      let near = closestWord(to: name, in: emitters)
      error(
        SemanticCode.badTapTarget, "`\(name)` is not an emitter; `on birth of` and `on death of` name one",
        at: tree.range(target),
        fixes: near.map { [.replace(tree.range(target), with: $0, "did you mean `\($0)`?")] } ?? [])
      return nil
    }
    declarations.markUsed(symbol)
    return index
  }

  /// Whether some emitter fires `on death of` the emitter whose name is `name`.
  func deathIsListenedTo(_ name: NodeID) -> Bool {
    guard let symbol = tree.symbol(name) else { return false }
    for decl in tree.children(tree.root) where tree.kind(decl) == .emitterDecl {
      guard let block = tree.optionalChild(decl, 1) else { continue }
      for stmt in tree.children(block)
      where tree.kind(stmt) == .onTap && tree.flags(stmt) == OnTrigger.death.rawValue {
        if let target = tree.optionalChild(stmt, 0), tree.symbol(target) == symbol { return true }
      }
    }
    return false
  }

  /// One `on birth of`/`on death of` trigger: the emitter whose instances fire it, the
  /// emitter it fires, and where it is written.
  private struct SecondaryEdge {
    var source: Int
    var listener: Int
    /// The listener's name in its declaration.
    var listenerName: NodeID
    var statement: NodeID
  }

  /// Reports every trigger that lies on a cycle of `on birth of`/`on death of` triggers,
  /// with the cycle spelled out from the emitter the trigger names.
  func checkSecondaryCycles() {
    guard tree.features.contains(.secondaryTriggers) else { return }
    var edges: [SecondaryEdge] = []
    for decl in tree.children(tree.root) where tree.kind(decl) == .emitterDecl {
      guard let symbol = tree.symbol(tree.child(decl, 0)),
        let listener = declarations.read(symbol, { $0.emitterIndex }) ?? nil,
        let block = tree.optionalChild(decl, 1)
      else { continue }
      for stmt in tree.children(block)
      where tree.kind(stmt) == .onTap && tree.flags(stmt) != OnTrigger.tap.rawValue {
        guard let target = tree.optionalChild(stmt, 0), let s = tree.symbol(target),
          declarations.kind(s) == .emitter, let source = declarations.read(s, { $0.emitterIndex }) ?? nil
        else { continue }
        edges.append(
          SecondaryEdge(source: source, listener: listener, listenerName: tree.child(decl, 0), statement: stmt))
      }
    }
    guard !edges.isEmpty else { return }
    // Named from the edges, once there are any (most scenes have none, and a name per
    // emitter was a string and a hash insert each): every emitter on a cycle listens.
    var names: [Int: String] = [:]
    for edge in edges { names[edge.listener] = tree.name(edge.listenerName) }
    var next: [Int: [Int]] = [:]
    for edge in edges { next[edge.source, default: []].append(edge.listener) }
    for edge in edges {
      guard let path = Self.path(from: edge.listener, to: edge.source, next) else { continue }
      let cycle = ([edge.source] + path).map { "`\(names[$0] ?? "?")`" }.joined(separator: " → ")
      error(
        SemanticCode.sceneCycle,
        "this trigger makes a cycle of secondary systems: \(cycle); each would fire the next without end",
        at: tree.range(edge.statement),
        notes: ["`on birth of` and `on death of` may chain emitters, but never back to one already in the chain"])
    }
  }

  /// The emitters from `start` to `goal` along `next` (both included), by breadth-first
  /// search; nil when `goal` cannot be reached.
  private static func path(from start: Int, to goal: Int, _ next: [Int: [Int]]) -> [Int]? {
    var previous: [Int: Int] = [start: start]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let here = queue[head]
      head += 1
      if here == goal {
        var path = [goal]
        var at = goal
        while at != start, let p = previous[at] {
          path.append(p)
          at = p
        }
        return path.reversed()
      }
      for n in next[here] ?? [] where previous[n] == nil {
        previous[n] = here
        queue.append(n)
      }
    }
    return nil
  }
}
