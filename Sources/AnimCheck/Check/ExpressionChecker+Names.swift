import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Names and member access: locals, top-level declarations, colours, timing curves,
/// `scene.…`, `self.index`, `trigger.…`, `NODE.position`, `NODE.scenePosition`, `p.x`.
extension Checker {
  func checkName(_ id: NodeID, expecting expected: AnimType? = nil, in scope: inout BlockScope) -> Typed {
    guard let symbol = tree.symbol(id) else { return .error }
    let name = tree.name(id)
    let range = tree.range(id)
    if let local = scope.locals[symbol] {
      scope.locals.markUsed(symbol)
      if local.type.isError { return .error }
      loweringFacts.record(.local(Int32(local.slot)), at: id)
      return Typed(type: local.type, stage: local.stage)
    }
    if let kind = declarations.kind(symbol) { return reference(symbol, kind, at: id, in: scope) }
    if let named = facts.namedValue(symbol, name) { return Typed(type: named.type) }
    if BuiltinNames.functionSet.contains(name) {
      error(
        SemanticCode.notAValue, "`\(name)` is a function; call it with its arguments", at: range,
        fixes: [.replace(.at(range.end), with: "()", "call it: `\(name)(…)`")])
      return .error
    }
    if reportMistakenName(name, at: range, expecting: expected) { return .error }
    reportUndefined(name, at: range, in: scope)
    return .error
  }

  func reportUndefined(_ name: String, at range: SourceRange, in scope: BlockScope) {
    let near = nearestName(to: name, in: scope)
    error(
      SemanticCode.undefinedName, "cannot find `\(name)` in scope", at: range, notes: enumCaseNotes(name),
      fixes: near.map { [.replace(range, with: $0, "did you mean `\($0)`?")] } ?? [])
  }

  /// The visible name closest to an undefined one: a local, or else a top-level or
  /// built-in name. A large file has thousands of top-level names and may misspell
  /// thousands: the top-level answer is kept by spelling, and once `suggestions` has
  /// compared its share, only locals are suggested, so such a file stays linear.
  func nearestName(to name: String, in scope: BlockScope) -> String? {
    let global = nearestTopLevelName(to: name)
    // A block may hold thousands of locals too: they count against the same share.
    guard suggestions.comparisonsLeft > 0 else { return global }
    let locals = scope.locals.keys.map { tree.symbols[$0] }
    suggestions.comparisonsLeft -= locals.count
    // Locals come first, as they win a tie.
    return closestWord(to: name, in: locals + (global.map { [$0] } ?? []))
  }

  /// The closest top-level or built-in name, kept by spelling; nil once the share is spent.
  func nearestTopLevelName(to name: String) -> String? {
    if let known = suggestions.nearest[name] { return known }
    guard suggestions.comparisonsLeft > 0 else { return nil }
    let candidates = declarations.values.map(\.name) + BuiltinNames.all + BuiltinNames.properties
    suggestions.comparisonsLeft -= candidates.count
    let near = closestWord(to: name, in: candidates)
    suggestions.nearest[name] = near
    return near
  }

  func reference(_ symbol: Symbol, _ kind: Declaration.Kind, at id: NodeID, in scope: BlockScope) -> Typed {
    let range = tree.range(id)
    switch kind {
    case .node:
      let name = tree.symbols[symbol]
      error(
        SemanticCode.notAValue, "`\(name)` is a node, not a value", at: range,
        fixes: [.replace(range, with: name + ".position", "use its position: `\(name).position`")])
      return .error
    case .emitter, .replicator:
      error(
        SemanticCode.notAValue,
        "`\(tree.symbols[symbol])` is \(kind == .emitter ? "an emitter" : "a replicator"), not a value", at: range)
      return .error
    default: break
    }
    resolve(symbol)
    declarations.markUsed(symbol)
    let typed = declarations.read(symbol) { d -> Typed? in
      guard !d.type.isError, d.slot != nil, !(scope.kind == .scene && d.usesScene) else { return nil }
      return Typed(type: d.type, stage: d.stage, usesScene: d.usesScene, realTimeSpring: d.realTimeSpring)
    }
    // Lowered by its slot (`LoweringFacts.globalSlot`), which `settle` recorded.
    if case .some(.some(let t)) = typed { return t }
    if scope.kind == .scene, declarations.read(symbol, { !$0.type.isError && $0.slot != nil && $0.usesScene }) == true {
      error(
        SemanticCode.sceneCycle,
        "`\(tree.symbols[symbol])` reads `scene` settings, so the `scene` block cannot use it", at: range)
    }
    return .error
  }

  func checkMember(_ id: NodeID, in scope: inout BlockScope) -> Typed {
    let base = tree.child(id, 0)
    let member = tree.name(id)
    let memberRange = tree.memberNameRange(id)
    switch tree.kind(base) {
    case .sceneExpr: return sceneMember(member, id, memberRange, in: scope)
    case .dragExpr: return dragMember(member, id, memberRange, in: scope)
    case .selfExpr where scope.binding != nil:
      guard let property = Property(rawValue: member) else {
        return unknownMember(member, of: "`self`", memberRange, candidates: BuiltinNames.properties)
      }
      return self.member(id, propertyType(property), stage: .perSpawn, .selfDrawn(property))
    case .selfExpr, .triggerExpr: return spawnMember(tree.kind(base) == .selfExpr, member, id, memberRange, in: scope)
    case .name:
      if let symbol = tree.symbol(base), scope.locals[symbol] == nil, declarations.kind(symbol) == .node {
        declarations.markUsed(symbol)
        let index = declarations.read(symbol) { $0.nodeIndex ?? 0 } ?? 0
        if scope.binding != nil { return drawnMember(symbol, index, member, id, memberRange) }
        let position = Expr.nodePosition(index)
        let known = Vocabulary.nodeMembers
        if known.contains(member), let owner = declarations.read(symbol, { $0.manyOwner }) ?? nil {
          reportStandsForMany(symbol, owner: owner, use: "`\(text(id))`", at: tree.range(id))
          return .error
        }
        switch member {
        case "position": return self.member(id, .point, stage: .perRun, position)
        case "x": return self.member(id, .number, stage: .perRun, .component(position, .x))
        case "y": return self.member(id, .number, stage: .perRun, .component(position, .y))
        case "scenePosition": return self.member(id, .point, stage: .perRun, .nodeScenePosition(index))
        default:
          return unknownMember(member, of: "node `\(tree.symbols[symbol])`", memberRange, candidates: known)
        }
      }
    default: break
    }
    let b = check(base, expecting: nil, in: &scope)
    guard !b.type.isError else { return .error }
    guard b.type == .point else {
      return unknownMember(member, of: "\(b.type.withArticle)", memberRange, candidates: [])
    }
    switch member {
    // Lowered from the syntax: the base's component.
    case "x", "y": return Typed(type: .number, stage: b.stage, usesScene: b.usesScene)
    default: return unknownMember(member, of: "a Point", memberRange, candidates: ["x", "y"])
    }
  }

  /// A node's position or coordinate, which lowering takes as it is.
  func member(_ id: NodeID, _ type: AnimType, stage: Stage, _ value: Expr) -> Typed {
    loweringFacts.record(value: value, at: id)
    return Typed(type: type, stage: stage)
  }

  func unknownMember(_ member: String, of what: String, _ range: SourceRange, candidates: [String]) -> Typed {
    let near = closestWord(to: member, in: candidates)
    let list = candidates.isEmpty ? "" : "; it has \(candidates.map { "`.\($0)`" }.joined(separator: ", "))"
    error(
      SemanticCode.unknownMember, "\(what) has no member `\(member)`\(list)", at: range,
      fixes: near.map { [.replace(range, with: $0, "did you mean `\($0)`?")] } ?? [])
    return .error
  }

  /// `NODE.PROP` or `NODE.scenePosition` in a binding: as the frame draws it (§16).
  func drawnMember(_ symbol: Symbol, _ index: Int, _ member: String, _ id: NodeID, _ range: SourceRange) -> Typed {
    if let owner = declarations.read(symbol, { $0.manyOwner }) ?? nil {
      reportStandsForMany(symbol, owner: owner, use: "`\(text(id))`", at: tree.range(id))
      return .error
    }
    if member == "scenePosition" { return self.member(id, .point, stage: .perSpawn, .drawnScenePosition(index)) }
    guard let property = Property(rawValue: member) else {
      return unknownMember(
        member, of: "node `\(tree.symbols[symbol])`", range, candidates: BuiltinNames.properties + ["scenePosition"])
    }
    return self.member(id, propertyType(property), stage: .perSpawn, .drawn(index, property))
  }

  /// `drag.start`, `drag.translation`, `drag.location`, `drag.velocity` (§16).
  func dragMember(_ member: String, _ id: NodeID, _ range: SourceRange, in scope: BlockScope) -> Typed {
    guard scope.binding?.readsDrag == true else {
      error(
        SemanticCode.dragOutsideBlock, "`drag.\(member)` may be read only in `on drag { … }` and `on release`",
        at: tree.range(id))
      return .error
    }
    guard let m = DragMember(rawValue: member) else {
      return unknownMember(member, of: "`drag`", range, candidates: DragMember.allCases.map(\.rawValue))
    }
    return self.member(id, .point, stage: .perSpawn, .drag(m))
  }

  func sceneMember(_ member: String, _ id: NodeID, _ range: SourceRange, in scope: BlockScope) -> Typed {
    if scope.kind == .scene {
      error(SemanticCode.sceneCycle, "`scene.\(member)` inside the `scene` block refers to itself", at: tree.range(id))
      return .error
    }
    // Lowered from the settings (`Lowering.member`).
    switch member {
    case "time" where scope.binding != nil: return self.member(id, .duration, stage: .perSpawn, .sceneTime)
    case "time":
      error(
        SemanticCode.dragOutsideBlock, "`scene.time` is read in bindings (`live`, `on drag`) and `on release`",
        at: tree.range(id))
      return .error
    case "width", "height": return Typed(type: .number, usesScene: true)
    case "center": return Typed(type: .point, usesScene: true)
    default: return unknownMember(member, of: "`scene`", range, candidates: ["width", "height", "center"])
    }
  }

  func spawnMember(_ isSelf: Bool, _ member: String, _ id: NodeID, _ range: SourceRange, in scope: BlockScope) -> Typed
  {
    let word = isSelf ? "self" : "trigger"
    guard scope.allowsSpawnValues else {
      error(
        SemanticCode.misplacedSelfOrTrigger,
        scope.insideSpawn
          ? "`\(word).\(member)` exists only in a `spawn` block itself, not in a node declared inside it"
          : "`\(word).\(member)` exists only inside a `spawn` block",
        at: tree.range(id))
      return .error
    }
    switch (isSelf, member) {
    case (true, "index"): return Typed(type: .number, stage: .perSpawn)
    case (false, "position"): return Typed(type: .point, stage: .perSpawn)
    case (false, "time"): return Typed(type: .duration, stage: .perSpawn)
    case (false, "velocity"): return Typed(type: .point, stage: .perSpawn)
    default:
      return unknownMember(member, of: "`\(word)`", range, candidates: isSelf ? ["index"] : Vocabulary.triggerMembers)
    }
  }
}
