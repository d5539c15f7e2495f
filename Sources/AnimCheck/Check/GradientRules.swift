import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// The rules of §12.2: `fill` and `stroke` take a Color or a Gradient; a gradient has at
/// least two colours and, when given, as many locations as colours, in 0…1 and
/// non-decreasing; a gradient paint is style, so animating it is an error.
extension Checker {
  /// A block's `PROP value`: `fill` and `stroke` take a paint, the rest their type.
  func checkPropertyValue(_ arg: NodeID, _ property: Property, in scope: inout BlockScope) -> Typed {
    guard property == .fill || property == .stroke else {
      return check(arg, expecting: propertyType(property), in: &scope)
    }
    let t = checkPaint(arg, in: &scope)
    if !t.type.isError { scope.paints.append((property, tree.range(arg), t.type == .gradient)) }
    return t
  }

  /// A Color or a Gradient. Inferred as a Color is, so that a mistake gets the same
  /// message (and colour-name hints) as before gradients existed.
  func checkPaint(_ arg: NodeID, in scope: inout BlockScope) -> Typed {
    let t = infer(arg, expecting: .color, in: &scope)
    if t.type == .gradient { return t }
    if t.type.fits(.color) && !t.type.isEnumLiteral { return t }
    return conform(t, to: .color, at: arg)
  }

  /// The colours and locations of a gradient call, where they can be counted or folded
  /// now. False after reporting.
  func checkGradientArguments(_ args: [Argument], _ exprs: [Expr], _ range: SourceRange) -> Bool {
    guard exprs.count >= 2 else { return true }
    var ok = true
    let colorArg = args.first { $0.label == nil }?.value
    let colorCount = listCount(exprs[0])
    if let n = colorCount, n < 2 {
      var fixes: [Fix] = []
      if n == 1, let node = colorArg, tree.kind(node) == .list {
        let end = tree.range(node).end - 1
        fixes = [.replace(SourceRange(start: end, end: end), with: ", clear", "add a second colour: `clear`")]
      }
      error(
        SemanticCode.badArgumentValue, "a gradient needs at least two colours, found \(n)",
        at: colorArg.map { tree.range($0) } ?? range, fixes: fixes)
      ok = false
    }
    checkUnitPoints(args, exprs)
    guard let locationsArg = args.first(where: { $0.label == "locations" })?.value else { return ok }
    let locationCount = listCount(exprs[1])
    if let n = locationCount, let c = colorCount, n != c, c >= 2 {
      let even = Gradient.evenLocations(c).map { JSONLimits.text(($0 * 1e6).rounded() / 1e6) }
      error(
        SemanticCode.badArgumentValue,
        "`locations` needs one location per colour: \(c) colour\(c == 1 ? "" : "s"), found \(n) location\(n == 1 ? "" : "s")",
        at: tree.range(locationsArg),
        fixes: [
          .replace(tree.range(locationsArg), with: "[\(even.joined(separator: ", "))]", "space the colours evenly")
        ])
      ok = false
    }
    return checkLocationValues(exprs[1], locationsArg) && ok
  }

  /// Each location folded now must lie in 0…1 and not be below the one before.
  private func checkLocationValues(_ e: Expr, _ node: NodeID) -> Bool {
    var values: [(Double, SourceRange)] = []
    if case .list(let items) = e, tree.kind(node) == .list, tree.childCount(node) == items.count {
      for (k, item) in items.enumerated() {
        guard let v = fold(item), case .number(let x) = v else { continue }
        values.append((x, tree.range(tree.child(node, k))))
      }
    } else if let v = fold(e), case .list(let items) = v {
      values = items.map { ($0.number, tree.range(node)) }
    }
    var ok = true
    var previous: Double? = nil
    for (x, at) in values {
      if !(x >= 0 && x <= 1) {
        let clamped = x > 1 ? "1" : "0"
        error(
          SemanticCode.badArgumentValue, "a gradient location must lie in 0…1, found \(JSONLimits.text(x))", at: at,
          fixes: [.replace(at, with: clamped, "use `\(clamped)`")])
        ok = false
      } else if let p = previous, x < p {
        error(
          SemanticCode.badArgumentValue,
          "gradient locations must not decrease: \(JSONLimits.text(x)) comes after \(JSONLimits.text(p))", at: at,
          fixes: [.replace(at, with: JSONLimits.text(p), "use `\(JSONLimits.text(p))`")])
        ok = false
      }
      if x >= 0 && x <= 1 { previous = max(previous ?? 0, x) }
    }
    return ok
  }

  /// The number of items of a list expression: written out, or folded now.
  private func listCount(_ e: Expr) -> Int? {
    if case .list(let items) = e { return items.count }
    if let v = fold(e), case .list(let items) = v { return items.count }
    return nil
  }

  /// Reports each `animate fill` / `animate stroke` of a block whose node paints that
  /// property with a gradient, set in the block (`paints`) or in the style of the
  /// declared shape it uses.
  func reportAnimatedGradients(
    shape: NodeID, block: NodeID?, paints set: [(property: Property, range: SourceRange, isGradient: Bool)]
  ) {
    guard let block, !set.isEmpty || tree.kind(shape) == .name else { return }
    // The block's last `fill`/`stroke` wins over the declared shape's style (a block's
    // properties are set before any animation runs, wherever they are written).
    var paints: [(property: Property, range: SourceRange)] = []
    for property in [Property.fill, .stroke] {
      if let set = set.last(where: { $0.property == property }) {
        if set.isGradient { paints.append((property, set.range)) }
      } else if let declared = declaredShapeGradients(shape).first(where: { $0.property == property }) {
        paints.append(declared)
      }
    }
    guard !paints.isEmpty else { return }
    forEachAnimation(in: block) { stmt in
      let nameNode = tree.child(stmt, 0)
      guard tree.kind(nameNode) == .name else { return }
      let name = tree.name(nameNode)
      guard let paint = paints.first(where: { $0.property.rawValue == name }) else { return }
      error(
        SemanticCode.animatedGradient, "`\(name)` is a gradient on this node, and a gradient cannot be animated",
        at: tree.range(nameNode), labels: [Label(paint.range, "the gradient")],
        fixes: [Fix("animate `opacity`, or give the gradient to a second node")])
    }
  }

  /// The `animate` statements of a block, in groups and sequences too.
  private func forEachAnimation(in block: NodeID, _ body: (NodeID) -> Void) {
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .animate: body(stmt)
      case .group, .sequence:
        let count = tree.childCount(stmt)
        if count > 0 { forEachAnimation(in: tree.child(stmt, count - 1), body) }
      default: break
      }
    }
  }

  /// The gradient paints in the block of the declared shape `shape` names, if any: a
  /// gradient call written there, or a top-level value whose type is Gradient.
  private func declaredShapeGradients(_ shape: NodeID) -> [(property: Property, range: SourceRange)] {
    guard tree.kind(shape) == .name, let symbol = tree.symbol(shape), declarations.kind(symbol) == .shape,
      let d = declarations[symbol], let block = tree.optionalChild(d.syntax, 2)
    else { return [] }
    var found: [(property: Property, range: SourceRange)] = []
    for stmt in tree.children(block) where tree.kind(stmt) == .command && tree.childCount(stmt) == 2 {
      let head = tree.name(tree.child(stmt, 0))
      guard let property = Property(rawValue: head), property == .fill || property == .stroke else { continue }
      let arg = tree.child(stmt, 1)
      if isGradientSyntax(arg) { found.append((property, tree.range(arg))) }
    }
    return found
  }

  private func isGradientSyntax(_ node: NodeID) -> Bool {
    switch tree.kind(node) {
    case .paren: return isGradientSyntax(tree.child(node, 0))
    case .call:
      let callee = tree.name(tree.child(node, 0))
      return callee == Builtin.linearGradient.rawValue || callee == Builtin.radialGradient.rawValue
    case .name:
      guard let symbol = tree.symbol(node), let d = declarations[symbol] else { return false }
      return d.type == .gradient
    default: return false
    }
  }
}

extension Checker {
  /// `linearGradient(#FF0000, #0000FF)`: colours written one by one, where a gradient
  /// takes them as one list (§12.2). One error over the colours, with the fix that
  /// brackets them, in place of an error per argument.
  func looseGradientColors(_ args: [Argument], called name: String) -> Diagnostic? {
    let loose = args.filter { $0.label == nil }
    guard loose.count >= 2, !loose.contains(where: { tree.kind($0.value) == .list }) else { return nil }
    let first = tree.range(loose[0].value)
    let last = tree.range(loose[loose.count - 1].value)
    let colors = SourceRange(start: first.start, end: last.end)
    return .error(
      SemanticCode.badArgumentValue, "a gradient takes its colours as one list, `[\(file.text(colors))]`",
      at: colors,
      fixes: [
        Fix(
          "write `\(name)([\(file.text(colors))])`",
          edits: [
            TextEdit(range: .at(colors.start), newText: "["), TextEdit(range: .at(colors.end), newText: "]"),
          ])
      ])
  }
}

extension Checker {
  /// A gradient's `start`, `end` and `center` are unit points of the shape's box (§12.2).
  /// One written in points (`end: (100, 100)`) lies far outside 0…1 and paints the whole
  /// box one colour: warned, with the unit point it likely meant (each coordinate
  /// clamped to 0…1).
  func checkUnitPoints(_ args: [Argument], _ exprs: [Expr]) {
    for (label, index) in [("start", 2), ("end", 3), ("center", 2)] where index < exprs.count {
      guard let arg = args.first(where: { $0.label == label }), case .point(let p)? = fold(exprs[index]) else {
        continue
      }
      let outside = { (v: Double) in v < -1 || v > 2 }
      guard outside(p.x) || outside(p.y) else { continue }
      let unit = "(\(JSONLimits.text(min(max(p.x, 0), 1))), \(JSONLimits.text(min(max(p.y, 0), 1))))"
      let at = tree.range(arg.value)
      warning(
        SemanticCode.gradientPointOutsideBox,
        "`\(label)` is a unit point of the shape's box (0…1), so `\(file.text(at))` lies far outside it",
        at: at, notes: ["the whole box takes the colour at one end of the gradient"],
        fixes: [.replace(at, with: unit, "unit points: did you mean `\(unit)`?")])
    }
  }
}
