import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Nodes, emitters and replicators become templates in the IR (node indices are the
/// name pass's: see `NamePass`).
extension Checker {
  /// Checks the given templates. They are lowered either way (some rules fold their
  /// timings) but are kept only when the caller wants the IR.
  func checkTemplates(_ templates: ArraySlice<NodeID>) {
    for decl in templates {
      switch tree.kind(decl) {
      // Each moved in (`consume`): a template is a large value, and appending the
      // binding copied it whole and then destroyed the original.
      case .nodeDecl:
        if let t = nodeTemplate(decl), keepsScene { scene.nodes.append(consume t) }
      case .emitterDecl:
        if let e = checkEmitter(decl), keepsScene { scene.emitters.append(consume e) }
      case .replicateDecl:
        if let r = checkReplicator(decl), keepsScene { scene.replicators.append(consume r) }
      default: break
      }
    }
  }

  /// `node NAME = SHAPE { … }`, a group `node NAME { … }`, or a replicator's child.
  func nodeTemplate(_ decl: NodeID, insideSpawn: Bool = false) -> CheckedTemplate? {
    let name = tree.name(tree.child(decl, 0))
    var scope = BlockScope(.node)
    scope.insideSpawn = insideSpawn
    let t = template(
      name: name, shape: tree.child(decl, 1), block: tree.optionalChild(decl, 2), &scope, range: tree.range(decl))
    if t != nil && tree.kind(tree.child(decl, 1)) != .absent {
      report(warnings.outlineAtOrigin(decl, in: declarations))
    }
    return t
  }

  /// A node's or spawn's template; an `.absent` shape makes a group (§14). The `node`
  /// declarations in `block` become its children, each checked as a node of its own.
  func template(name: String, shape: NodeID, block: NodeID?, _ scope: inout BlockScope, range: SourceRange)
    -> CheckedTemplate?
  {
    let isGroup = tree.kind(shape) == .absent
    let s = isGroup ? Typed(type: .shape) : check(shape, expecting: .shape, in: &scope)
    var body: [CheckedStatement] = []
    var shapeID: String? = s.stage == .perSpawn || isGroup ? nil : name
    if tree.kind(shape) == .name, let symbol = tree.symbol(shape), declarations.kind(symbol) == .shape,
      let d = declarations[symbol]
    {
      shapeID = d.name
      body = d.shapeDefaults
    }
    scope.shape = shape
    let own = checkBody(block, &scope, owner: scope.kind == .spawn ? "a spawn block" : "a node block")
    reportAnimatedGradients(shape: shape, block: block, paints: scope.paints)
    if !isGroup { report(warnings.paintOnImage(shape: shape, block: block, in: declarations)) }
    // Most nodes use no shape's defaults: their body is the block's, taken as it is.
    if body.isEmpty { body = own } else { body += own }
    report(warnings.modelShowsBeforeStart(body, block: block))
    let children = childTemplates(block, insideSpawn: scope.kind == .spawn || scope.insideSpawn)
    guard !s.type.isError else { return nil }
    var t = CheckedTemplate(
      name: name, shape: isGroup ? .constant(IRForm.groupShape) : .node(shape), shapeID: shapeID, body: body,
      localCount: scope.localCount, range: range)
    t.isGroup = isGroup
    t.children = children
    t.interaction = checkInteraction(block, scope)
    // Binding a 3-D property makes the node 3-D (§16, §12.1).
    if let i = t.interaction,
      (i.live + i.onDrag).contains(where: { $0.property.isDepth })
        || [i.release?.then, i.release?.otherwise].contains(where: { $0?.body.contains(where: \.touchesDepth) == true })
    {
      t.is3D = true
    }
    return t
  }

  /// The templates of the nodes declared in `block`, in order.
  func childTemplates(_ block: NodeID?, insideSpawn: Bool) -> [CheckedTemplate] {
    guard let block, tree.features.contains(.nestedNodes) else { return [] }
    var children: [CheckedTemplate] = []
    for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl {
      if let child = nodeTemplate(stmt, insideSpawn: insideSpawn) { children.append(child) }
    }
    return children
  }

  func checkEmitter(_ decl: NodeID) -> CheckedEmitter? {
    let name = tree.name(tree.child(decl, 0))
    guard let block = tree.optionalChild(decl, 1) else { return nil }
    var triggers: [Trigger] = []
    var spawns: [NodeID] = []
    var burst = 1
    var maxCount = 10_000
    var origin: CheckedExpr? = nil
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .onTap where tree.flags(stmt) != OnTrigger.tap.rawValue:
        guard let target = tree.optionalChild(stmt, 0), let index = emitterIndex(target) else { continue }
        triggers.append(tree.flags(stmt) == OnTrigger.birth.rawValue ? .birth(emitter: index) : .death(emitter: index))
      case .onTap:
        if let target = tree.optionalChild(stmt, 0) {
          guard let index = nodeIndex(target) else { continue }
          triggers.append(.tap(node: index))
        } else {
          triggers.append(.tap(node: nil))
        }
      case .every:
        if let e = checkEvery(stmt) { triggers.append(.every(period: e.period, from: e.from, until: e.until)) }
      case .at:
        triggers.append(.at(constantTimes(stmt)))
      case .spawn: spawns.append(stmt)
      case .command:
        let head = tree.name(tree.child(stmt, 0))
        switch head {
        case "burst", "max":
          guard let arg = singleArgument(stmt),
            let v = constantValue(arg, .number, what: "`\(head)`", scope: .constant)
          else { continue }
          let n = v.number
          if head == "burst" {
            if n.rounded() != n || n < 1 || n > 100_000 {
              error(
                SemanticCode.outOfLimits, "`burst` must be a whole number in 1…100000, found \(JSONLimits.text(n))",
                at: tree.range(arg))
            } else {
              burst = Int(n)
            }
          } else if n.rounded() != n || n < 0 {
            error(
              SemanticCode.outOfLimits, "`max` must be a whole number ≥ 0, found \(JSONLimits.text(n))",
              at: tree.range(arg))
          } else {
            maxCount = Int(min(n, 1e12))
            if n > 1_000_000 {
              warning(
                SemanticCode.maxAboveLimit, "`max` is above the run's limit of 1,000,000 live instances",
                at: tree.range(arg))
            }
          }
        case "origin":
          guard let arg = singleArgument(stmt) else { continue }
          var scope = BlockScope(.topLevel)
          let t = check(arg, expecting: .point, in: &scope)
          if !t.type.isError { origin = .node(arg) }
        default:
          let near = closestWord(to: head, in: ["burst", "max", "origin", "spawn", "every", "on"])
          error(
            SemanticCode.unknownProperty,
            "`\(head)` is not an emitter setting; emitters take `on tap`, `on birth of`, `on death of`, `every`, `at`, `burst`, `max`, `origin` and one `spawn`",
            at: tree.range(tree.child(stmt, 0)),
            fixes: near.map { [.replace(tree.range(tree.child(stmt, 0)), with: $0, "did you mean `\($0)`?")] } ?? [])
        }
      case .errorStatement: continue
      default:
        error(SemanticCode.misplacedStatement, "this does not belong in an emitter", at: tree.range(stmt))
      }
    }
    guard spawns.count == 1 else {
      if spawns.isEmpty {
        error(
          SemanticCode.spawnCount, "emitter `\(name)` has no `spawn`: what should it create?",
          at: tree.range(tree.child(decl, 0)),
          fixes: [.replace(.at(tree.range(block).end - 1), with: "  spawn circle(10)\n", "add a `spawn SHAPE { … }`")])
      } else {
        error(
          SemanticCode.spawnCount, "an emitter has one `spawn`", at: tree.range(spawns[1]),
          labels: [Label(tree.range(spawns[0]), "the first one")])
      }
      return nil
    }
    var scope = BlockScope(.spawn)
    let spawn = spawns[0]
    let reportedBefore = diagnostics.count
    var parent: Int? = nil
    if let target = tree.optionalChild(spawn, 2) {
      guard let index = singleNodeIndex(target, use: "`spawn … in \(tree.name(target))`") else { return nil }
      parent = index
    }
    guard
      let t = template(
        name: name, shape: tree.child(spawn, 0), block: tree.optionalChild(spawn, 1), &scope, range: tree.range(spawn))
    else { return nil }
    report(warnings.foreverWithoutRemove(t))
    // A lifetime judged from a block with mistakes in it would be judged on part of it.
    // An instance whose death fires a secondary system (§15) is meant to vanish then.
    if !diagnostics[reportedBefore...].contains(where: { $0.severity == .error }) {
      let vanishing = warnings.vanishWhileVisible(
        t, emitter: decl, spawnBlock: tree.optionalChild(spawn, 1), duration: scene.settings.duration)
      if !vanishing.isEmpty && !deathIsListenedTo(tree.child(decl, 0)) { report(vanishing) }
    }
    var e = CheckedEmitter(name: name, triggers: triggers, spawn: consume t)
    e.burst = burst
    e.max = maxCount
    e.origin = origin
    e.parent = parent
    report(warnings.maxOverflow(e, decl, duration: scene.settings.duration, input: scene.input))
    return e
  }

  /// A node name in a trigger or input target, or a spawn's parent (`what` says which
  /// names a node).
  func nodeIndex(_ target: NodeID, what: String = "taps target nodes") -> Int? {
    guard tree.kind(target) == .name, let symbol = tree.symbol(target), declarations.kind(symbol) == .node else {
      if tree.kind(target) == .name {
        let name = tree.name(target)
        let nodes = declarations.values.filter { $0.kind == .node }.map(\.name)
        let near = closestWord(to: name, in: nodes)
        error(
          SemanticCode.badTapTarget, "`\(name)` is not a node; \(what)", at: tree.range(target),
          fixes: near.map { [.replace(tree.range(target), with: $0, "did you mean `\($0)`?")] } ?? [])
      } else {
        error(SemanticCode.badTapTarget, "a tap targets a node by name", at: tree.range(target))
      }
      return nil
    }
    declarations.markUsed(symbol)
    return declarations.read(symbol) { $0.nodeIndex } ?? nil
  }

  /// A node that must stand for one instance (§14): `tap NODE` in `input`, the parent of
  /// `spawn … in NODE`. `use` is how the source names the use, for the message.
  func singleNodeIndex(_ target: NodeID, use: String) -> Int? {
    let what = use.hasPrefix("`spawn") ? "a spawn's `in` names its parent node" : "taps target nodes"
    guard let index = nodeIndex(target, what: what), let symbol = tree.symbol(target) else { return nil }
    if let owner = declarations.read(symbol, { $0.manyOwner }) ?? nil {
      reportStandsForMany(symbol, owner: owner, use: use, at: tree.range(target))
      return nil
    }
    return index
  }

  /// A node declared inside a spawn or a replicator, used where one instance is needed.
  func reportStandsForMany(_ symbol: Symbol, owner: String, use: String, at range: SourceRange) {
    let name = tree.symbols[symbol]
    let declared = declarations.read(symbol) { $0.nameRange } ?? range
    error(
      SemanticCode.standsForMany,
      "`\(name)` stands for many instances (it is declared inside \(owner)): \(use) needs a node that stands for one",
      at: range, labels: [Label(declared, "declared here")],
      notes: [
        "a node declared at the top level, or inside such a node, stands for one instance; one inside a `spawn` or a replicator stands for 0…n (§14)"
      ])
  }

  func checkEvery(_ stmt: NodeID) -> (period: Double, from: Double, until: Double?)? {
    guard let p = constantValue(tree.child(stmt, 0), .duration, what: "the period", scope: .constant) else {
      return nil
    }
    guard p.number > 0 else {
      error(SemanticCode.negativeDuration, "`every` needs a period greater than 0", at: tree.range(tree.child(stmt, 0)))
      return nil
    }
    // Each firing is work between two frames: a shorter period (1e-9 s) would loop the run.
    guard p.number >= 0.001 else {
      error(
        SemanticCode.outOfLimits, "an `every` period must be at least 1ms, found \(JSONLimits.text(p.number))s",
        at: tree.range(tree.child(stmt, 0)))
      return nil
    }
    var from = 0.0
    var until: Double? = nil
    if let f = tree.optionalChild(stmt, 1) {
      from = constantValue(f, .duration, what: "`from`", scope: .constant)?.number ?? 0
    }
    if let u = tree.optionalChild(stmt, 2) {
      until = constantValue(u, .duration, what: "`until`", scope: .constant)?.number
    }
    return (p.number, from, until)
  }

  func constantTimes(_ stmt: NodeID) -> [Double] {
    tree.children(stmt).compactMap { constantValue($0, .duration, what: "an event time", scope: .constant)?.number }
  }
}
