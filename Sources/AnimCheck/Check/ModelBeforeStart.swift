import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `animate opacity from 0 to 1 over 0.5s delay 0.2s` on a node whose opacity is 1: for
/// the 0.2 s of the delay the model value (1) shows, as in Core Animation (§6.2: before
/// its begin an animation applies only with fill `.backwards` or `.both`), and the label
/// flashes at full opacity. Warned when the `from` and the model value are constants that
/// differ, the delay is a constant above 0, the fill applies nothing before the begin,
/// and no other animation of the property (nor any group) in the block could cover the
/// delay.
extension WarningPass {
  func modelShowsBeforeStart(_ body: [CheckedStatement], block: NodeID?) -> [Diagnostic] {
    // Most blocks have no delayed animation: nothing to count or fold for them.
    let delayed = body.contains {
      if case .timeline(.animation(let a)) = $0 { return a.timing.delay != nil }
      return false
    }
    guard delayed else { return [] }
    var animated: [Property: Int] = [:]
    for statement in body { if let p = statement.animatedProperty { animated[p, default: 0] += 1 } }
    // A group or sequence may cover the delay with timing of its own: not judged here.
    let grouped = body.contains {
      if case .timeline(let item) = $0, case .animation = item { return false }
      if case .timeline = $0 { return true }
      return false
    }
    guard !animated.isEmpty, !grouped else { return [] }
    var found: [Diagnostic] = []
    for statement in body {
      guard case .timeline(.animation(let a)) = statement, animated[a.property] == 1,
        a.property.spec.composition == .whole, a.property != .position,
        case .basic(let fromValue?, _, _) = a.value, case .node(let fromNode) = fromValue,
        a.timing.fill == .forwards || a.timing.fill == .removed,
        let delay = a.timing.delay.flatMap(fold), delay.number > 0,
        let from = fold(fromValue)
      else { continue }
      let model = modelValue(of: a.property, in: body)
      guard let modelValue = model.value, "\(modelValue)" != "\(from)" else { continue }
      let name = a.property.rawValue
      let fromText = file.text(tree.range(fromNode))
      found.append(
        .warning(
          SemanticCode.modelShowsBeforeStart,
          "`\(name)` shows its model value \(describe(modelValue)) during the \(JSONLimits.text(delay.number))s delay, "
            + "not the `from` value `\(fromText)`",
          at: a.range,
          notes: ["before its delay ends an animation applies only with `fill .backwards` or `.both` (§6.2)"],
          fixes: [
            .replace(.at(a.range.end), with: " fill .backwards", "add `fill .backwards`"),
            setToFrom(name, fromText, model: model.setAt, animation: a.range, block: block),
          ]))
    }
    return found
  }

  /// The value the block leaves `property` at before animations: its last fixed setting
  /// (and that setting's value's syntax, when it is the node's own), or its default.
  private func modelValue(of property: Property, in body: [CheckedStatement]) -> (value: Value?, setAt: NodeID?) {
    var value: Value? = property.spec.defaultValue
    var setAt: NodeID? = nil
    for statement in body {
      guard case .set(let p, let v) = statement, p == property else { continue }
      value = fold(v)
      if case .node(let id) = v { setAt = id } else { setAt = nil }
    }
    return (value, setAt)
  }

  /// The fix that makes the model value the `from` value: the block's own setting gets the
  /// `from` value; without one, a setting is added before the animation, on its own line
  /// in a block written over several lines.
  private func setToFrom(_ name: String, _ from: String, model: NodeID?, animation: SourceRange, block: NodeID?)
    -> Fix
  {
    if let model, let block, tree.range(block).start <= tree.range(model).start,
      tree.range(model).end <= tree.range(block).end
    {
      return .replace(tree.range(model), with: from, "set `\(name) \(from)` in the block")
    }
    let bytes = file.bytes
    var lineStart = animation.start
    while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    let before = bytes[lineStart..<animation.start]
    let text =
      before.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      ? "\(name) \(from)\n" + String(decoding: before, as: UTF8.self)
      : "\(name) \(from); "
    return .replace(.at(animation.start), with: text, "set `\(name) \(from)` in the block")
  }

  private func describe(_ v: Value) -> String {
    switch v {
    case .number(let n): return "`\(JSONLimits.text(n))`"
    case .color(let c): return "`\(c.hex)`"
    default: return "`\(v)`"
    }
  }
}
