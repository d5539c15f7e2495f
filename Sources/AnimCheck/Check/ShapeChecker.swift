import AnimMath
import AnimSyntax

/// Shapes and paths: `shape NAME = … { style }`, `shape { commands }`, `path { commands }`.
extension Checker {
  /// A shape declaration's value, and the properties its block sets for the nodes that
  /// use it.
  func checkShapeDeclaration(_ d: Declaration, in scope: inout BlockScope) -> (Typed, [BlockStatement]) {
    let base = check(tree.child(d.syntax, 1), expecting: .shape, in: &scope)
    guard !base.type.isError, let block = tree.optionalChild(d.syntax, 2) else { return (base, []) }
    var settings: [StyleSetting] = []
    var defaults: [BlockStatement] = []
    var stage = base.stage
    let outer = currentShape
    currentShape = tree.child(d.syntax, 1)
    defer { currentShape = outer }
    for stmt in tree.children(block) where tree.kind(stmt) == .command {
      let head = tree.name(tree.child(stmt, 0))
      if let field = styleField(head) {
        guard let arg = singleArgument(stmt) else { continue }
        let t = field == .lineWidth ? check(arg, expecting: .number, in: &scope) : checkPaint(arg, in: &scope)
        stage = max(stage, t.stage)
        if !t.type.isError && lowering { settings.append(StyleSetting(field: field, value: t.expr)) }
      } else if let statement = checkPropertyStatement(stmt, in: &scope) {
        defaults.append(statement)
      }
    }
    // Not lowered, `base.expr` is the placeholder and no settings were gathered.
    let typed = Typed(
      type: .shape, expr: settings.isEmpty ? base.expr : .styledShape(base.expr, settings), stage: stage)
    return (typed, defaults)
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
    var width: Expr? = nil
    var height: Expr? = nil
    var stage = Stage.constant
    if let w = tree.optionalChild(id, 0), let h = tree.optionalChild(id, 1) {
      let tw = check(w, expecting: .number, in: &scope)
      let th = check(h, expecting: .number, in: &scope)
      if tw.type.isError || th.type.isError { return .error }
      width = tw.expr
      height = th.expr
      stage = max(tw.stage, th.stage)
    }
    let (commands, s) = checkPathCommands(tree.child(id, 2), in: &scope)
    return Typed(
      type: .shape, expr: .shapeLiteral(width: width, height: height, commands: commands), stage: max(stage, s))
  }

  /// `move p; line p; quad c, p; cubic c1, c2, p; arc c, r, α, β [ccw]; close` (§4).
  func checkPathCommands(_ block: NodeID, in scope: inout BlockScope) -> ([PathCommand], Stage) {
    var commands: [PathCommand] = []
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
      var exprs: [Expr] = []
      var failed = false
      for (arg, type) in zip(args, types) {
        let t = check(arg, expecting: type, in: &scope)
        if t.type.isError { failed = true }
        stage = max(stage, t.stage)
        exprs.append(t.expr)
      }
      if !failed {
        commands.append(PathCommand(kind: kind, arguments: exprs, counterClockwise: tree.flags(stmt) & 1 == 1))
      }
    }
    return (commands, stage)
  }
}
