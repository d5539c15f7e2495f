import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Types expressions (§2). Each `check…` returns the type and the stage, and records in
/// `loweringFacts` what lowering the node will need; a mistake is reported once and
/// yields `.error`, which later rules ignore.
extension Checker {
  func check(_ id: NodeID, expecting expected: AnimType?, in scope: inout BlockScope) -> Typed {
    let typed = infer(id, expecting: expected, in: &scope)
    // The usual case returns what `infer` made as it is. Every other path goes through
    // `conform`, which takes it over: with a `var` changed in place here, each inlined
    // `check` copied the whole `Typed` and destroyed the original.
    if let expected, !typed.type.fits(expected) || typed.type.isEnumLiteral {
      return conform(typed, to: expected, at: id)
    }
    return typed
  }

  /// Reports a value of the wrong type, with the unit fix when a bare number needs one.
  func conform(_ typed: consuming Typed, to expected: AnimType, at id: NodeID) -> Typed {
    if typed.type.fits(expected) {
      if typed.type.isEnumLiteral { typed.type = expected }
      return typed
    }
    let range = tree.range(id)
    // A Path stands for the shape `shape { … }` with the same commands (§3.1).
    if typed.type == .path && expected == .shape {
      loweringFacts.recordConversionToShape(at: id)
      return Typed(type: .shape, stage: typed.stage, usesScene: typed.usesScene)
    }
    if case .enumLiteral(let name) = typed.type, case .enumeration(let kind) = expected {
      let near = closestWord(to: name, in: kind.cases)
      error(
        SemanticCode.unknownEnumCase,
        "`.\(name)` is not \(AnimType.withArticle(kind.typeName)); expected one of \(kind.cases.map { "`.\($0)`" }.joined(separator: ", "))",
        at: range, fixes: near.map { [.replace(range, with: "." + $0, "did you mean `.\($0)`?")] } ?? [])
      return .error
    }
    if case .enumLiteral(let name) = typed.type, let named = namedValueFix(name, expected: expected, at: range) {
      error(
        SemanticCode.typeMismatch,
        "expected \(expected.withArticle), found \(typed.type.withArticle); built-in \(named.what) are written without a dot",
        at: range, fixes: [named.fix])
      return .error
    }
    error(
      SemanticCode.typeMismatch, "expected \(expected.withArticle), found \(typed.type.withArticle)", at: range,
      fixes: unitFix(for: id, found: typed.type, expected: expected))
    return .error
  }

  /// `6` where a Duration is wanted: "add a unit: `6s`" (§2).
  func unitFix(for id: NodeID, found: AnimType, expected: AnimType) -> [Fix] {
    let literal = tree.kind(id) == .number ? id : (tree.kind(id) == .negate ? tree.child(id, 0) : nil)
    guard let literal, tree.kind(literal) == .number else { return [] }
    let range = tree.range(literal)
    let written = file.text(range)
    switch (found, expected) {
    case (.number, .duration) where tree.unit(literal) == .none:
      let seconds = Fix.replace(range, with: written + "s", "add a unit: `\(written)s`")
      // `delay 300` is more likely milliseconds than five minutes.
      guard tree.number(literal) >= 100 else { return [seconds] }
      return [.replace(range, with: written + "ms", "add a unit: `\(written)ms`"), seconds]
    case (.number, .angle) where tree.unit(literal) == .none:
      return [.replace(range, with: written + "deg", "add a unit: `\(written)deg`")]
    case (.duration, .number), (.angle, .number):
      let bare = String(written.prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" })
      return [.replace(range, with: bare, "remove the unit: `\(bare)`")]
    default: return []
    }
  }

  func infer(_ id: NodeID, expecting expected: AnimType?, in scope: inout BlockScope) -> Typed {
    switch tree.kind(id) {
    case .number: return checkNumberLiteral(id)
    case .string: return Typed(type: .string)
    case .color: return Typed(type: .color)
    case .bool: return Typed(type: .bool)
    case .enumCase: return Typed(type: .enumLiteral(tree.name(id)))
    case .name: return checkName(id, expecting: expected, in: &scope)
    case .member: return checkMember(id, in: &scope)
    case .paren: return infer(tree.child(id, 0), expecting: expected, in: &scope)
    case .point: return checkPoint(id, in: &scope)
    case .list: return checkList(id, expecting: expected, in: &scope)
    case .negate: return checkNegate(id, in: &scope)
    case .binary:
      // `timing ease-in-out`: CSS's spelling, read as a subtraction of unknown names.
      if expected == .timing, reportCSSTiming(id) { return .error }
      return checkBinary(id, in: &scope)
    case .range: return checkRange(id, expecting: expected, in: &scope)
    case .call: return checkCall(id, expecting: expected, in: &scope)
    case .shapeLiteral: return checkShapeLiteral(id, in: &scope)
    case .pathLiteral:
      return Typed(type: .path, stage: checkPathCommands(tree.child(id, 0), in: &scope))
    case .dragExpr:
      error(
        SemanticCode.notAValue,
        "`drag` is not a value on its own; use `drag.start`, `drag.translation`, `drag.location` or `drag.velocity`",
        at: tree.range(id))
      return .error
    case .selfExpr, .triggerExpr, .sceneExpr:
      let word = tree.kind(id) == .selfExpr ? "self" : tree.kind(id) == .triggerExpr ? "trigger" : "scene"
      let members =
        word == "self"
        ? "`self.index`"
        : word == "trigger" ? "`trigger.position` or `trigger.time`" : "`scene.width`, `scene.height` or `scene.center`"
      error(SemanticCode.notAValue, "`\(word)` is not a value on its own; use \(members)", at: tree.range(id))
      return .error
    default: return .error
    }
  }

  func checkNumberLiteral(_ id: NodeID) -> Typed {
    guard tree.number(id).isFinite else {
      error(SemanticCode.notFinite, "this number is too large to represent", at: tree.range(id))
      return .error
    }
    return Typed(type: tree.unit(id).literalType)
  }

  func checkPoint(_ id: NodeID, in scope: inout BlockScope) -> Typed {
    let x = check(tree.child(id, 0), expecting: .number, in: &scope)
    let y = check(tree.child(id, 1), expecting: .number, in: &scope)
    if x.type.isError || y.type.isError { return .error }
    return Typed(type: .point, stage: max(x.stage, y.stage), usesScene: x.usesScene || y.usesScene)
  }

  func checkList(_ id: NodeID, expecting expected: AnimType?, in scope: inout BlockScope) -> Typed {
    var element: AnimType? = nil
    if case .list(let e)? = expected { element = e }
    var stage = Stage.constant
    var usesScene = false
    var failed = false
    for child in tree.children(id) {
      let t = check(child, expecting: element, in: &scope)
      if t.type.isError { failed = true }
      if element == nil && !t.type.isError { element = t.type }
      stage = max(stage, t.stage)
      usesScene = usesScene || t.usesScene
    }
    if failed { return .error }
    return Typed(type: .list(element ?? .number), stage: stage, usesScene: usesScene)
  }

  func checkNegate(_ id: NodeID, in scope: inout BlockScope) -> Typed {
    let t = check(tree.child(id, 0), expecting: nil, in: &scope)
    guard !t.type.isError else { return .error }
    guard t.type == .number || t.type.isQuantity else {
      error(SemanticCode.badOperands, "cannot negate \(t.type.withArticle)", at: tree.range(id))
      return .error
    }
    return t
  }

  func checkRange(_ id: NodeID, expecting expected: AnimType?, in scope: inout BlockScope) -> Typed {
    var element: AnimType? = nil
    if case .range(let e)? = expected { element = e }
    let lo = check(tree.child(id, 0), expecting: element, in: &scope)
    let hi = check(tree.child(id, 1), expecting: element ?? (lo.type.isError ? nil : lo.type), in: &scope)
    if lo.type.isError || hi.type.isError { return .error }
    return Typed(
      type: .range(of: lo.type), stage: max(lo.stage, hi.stage), usesScene: lo.usesScene || hi.usesScene)
  }
}
