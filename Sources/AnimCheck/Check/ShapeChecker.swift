import AnimIR
import AnimMath
import AnimModel
import AnimSyntax

/// Shapes and paths: `shape NAME = … { style }`, `shape { commands }`, `path { commands }`.
extension Checker {
  /// A shape declaration's value, and the properties its block sets for the nodes that
  /// use it.
  func checkShapeDeclaration(_ d: Declaration, in scope: inout BlockScope) -> (Typed, [CheckedStatement]) {
    let base = check(tree.child(d.syntax, 1), expecting: .shape, in: &scope)
    guard !base.type.isError, let block = tree.optionalChild(d.syntax, 2) else { return (base, []) }
    var defaults: [CheckedStatement] = []
    var stage = base.stage
    scope.shape = tree.child(d.syntax, 1)
    for stmt in tree.children(block) {
      if [.animate, .group, .sequence].contains(tree.kind(stmt)) {
        reportTimelineInShapeBlock(stmt, shape: d.syntax)
        continue
      }
      guard tree.kind(stmt) == .command else { continue }
      let head = tree.name(tree.child(stmt, 0))
      if let field = styleField(head) {
        guard let arg = singleArgument(stmt) else { continue }
        let t = field == .lineWidth ? check(arg, expecting: .number, in: &scope) : checkPaint(arg, in: &scope)
        stage = max(stage, t.stage)
        if !t.type.isError { loweringFacts.record(.style(field), at: stmt) }
      } else if let statement = checkPropertyStatement(stmt, in: &scope) {
        defaults.append(statement)
      }
    }
    // Lowered with its settings from the declaration (see `Lowering.styledShape`).
    return (Typed(type: .shape, stage: stage), defaults)
  }

  func styleField(_ name: String) -> StyleSetting.Field? {
    switch name {
    case "fill": return .fill
    case "stroke": return .stroke
    case "lineWidth": return .lineWidth
    default: return nil
    }
  }

  /// The one argument a statement (its head, then its arguments) takes, or nil after
  /// reporting. Read in place: gathering the arguments into an array first was an
  /// allocation for each of a block's property statements.
  func singleArgument(_ stmt: NodeID) -> NodeID? {
    let count = tree.childCount(stmt) - 1
    guard count == 1 else {
      let head = tree.name(tree.child(stmt, 0))
      error(
        count == 0 ? SemanticCode.missingArgument : SemanticCode.extraArgument,
        "`\(head)` takes one value, found \(count)", at: tree.range(stmt))
      return nil
    }
    return tree.child(stmt, 1)
  }

  func checkShapeLiteral(_ id: NodeID, in scope: inout BlockScope) -> Typed {
    var stage = Stage.constant
    if let w = tree.optionalChild(id, 0), let h = tree.optionalChild(id, 1) {
      let tw = check(w, expecting: .number, in: &scope)
      let th = check(h, expecting: .number, in: &scope)
      if tw.type.isError || th.type.isError { return .error }
      stage = max(tw.stage, th.stage)
    }
    let s = checkPathCommands(tree.child(id, 2), in: &scope)
    return Typed(type: .shape, stage: max(stage, s))
  }

  /// `move p; line p; quad c, p; cubic c1, c2, p; arc c, r, α, β [ccw]; close` (§4).
  /// Checks a path block's commands, recording those accepted; returns their stage.
  func checkPathCommands(_ block: NodeID, in scope: inout BlockScope) -> Stage {
    var stage = Stage.constant
    let shapes: [String: (PathCommand.Kind, [AnimType])] = [
      "move": (.move, [.point]), "line": (.line, [.point]), "quad": (.quad, [.point, .point]),
      "cubic": (.cubic, [.point, .point, .point]), "arc": (.arc, [.point, .number, .angle, .angle]),
      "close": (.close, []),
    ]
    for stmt in tree.children(block) where !tree.kind(stmt).isError {
      guard tree.kind(stmt) == .command else {
        error(SemanticCode.misplacedStatement, "a path block holds only drawing commands", at: tree.range(stmt))
        continue
      }
      let head = tree.child(stmt, 0)
      let name = tree.name(head)
      guard let (kind, types) = shapes[name] else {
        let near = closestWord(to: name, in: Array(shapes.keys))
        error(
          SemanticCode.unknownProperty,
          "unknown path command `\(name)`; commands are `move`, `line`, `quad`, `cubic`, `arc`, `close`",
          at: tree.range(head),
          fixes: near.map { [.replace(tree.range(head), with: $0, "did you mean `\($0)`?")] } ?? [])
        continue
      }
      let args = tree.childArray(stmt, from: 1)
      guard args.count == types.count else {
        error(
          args.count < types.count ? SemanticCode.missingArgument : SemanticCode.extraArgument,
          "`\(name)` takes \(types.count) value\(types.count == 1 ? "" : "s") (\(types.map(\.description).joined(separator: ", "))), found \(args.count)",
          at: tree.range(stmt))
        continue
      }
      var failed = false
      for (arg, type) in zip(args, types) {
        let t = check(arg, expecting: type, in: &scope)
        if t.type.isError { failed = true }
        stage = max(stage, t.stage)
      }
      if !failed { loweringFacts.record(.pathCommand(kind), at: stmt) }
    }
    return stage
  }
}
