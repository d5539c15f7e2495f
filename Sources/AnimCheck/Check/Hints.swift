import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Diagnostics that name what the user meant: habits from CSS, Swift and UIKit written
/// in `.anim` (`timing ease-in-out`, `type: downUp`, `pi`, `cornerRadius 8`). Each is
/// one error, in place of the plainer one it replaces, with the fix.
extension Checker {
  /// `ease-in-out` → `easeInOut`, `cubic-bezier(…)` → `cubicBezier(…)`, `step-start` →
  /// `steps(1, .start)` (§5 has CSS's curves under Core Animation's names); nil for
  /// anything else. `linear`, `ease` and `steps(…)` are spelt alike in both.
  static func cssTimingSpelling(_ text: String) -> String? {
    let head = text.prefix { $0 != "(" }
    let rest = text.dropFirst(head.count)
    let words = head.split(separator: "-", omittingEmptySubsequences: false)
    guard words.count >= 2, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else {
      return nil
    }
    let camel =
      words[0].lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    switch camel {
    case "easeIn", "easeOut", "easeInOut": return rest.isEmpty ? camel : nil
    case "cubicBezier": return rest.isEmpty ? nil : camel + rest
    case "stepStart": return rest.isEmpty ? "steps(1, .start)" : nil
    case "stepEnd": return rest.isEmpty ? "steps(1, .end)" : nil
    default: return nil
    }
  }

  /// Reports a CSS timing spelling where a Timing is wanted; whether it was one.
  func reportCSSTiming(_ id: NodeID) -> Bool {
    let range = tree.range(id)
    // CSS's longest spelling with its arguments is well under this.
    guard range.end - range.start <= 256 else { return false }
    let text = file.text(range)
    guard let fixed = Self.cssTimingSpelling(text) else { return false }
    error(
      SemanticCode.undefinedName, "`\(text)` is CSS's spelling; the timing curve is `\(fixed)`", at: range,
      fixes: [.replace(range, with: fixed, "write `\(fixed)`")])
    return true
  }

  /// `.easeIn` where a Timing is wanted, `.red` where a Color is: a built-in value
  /// written as an enum case; what such values are called and the fix without the dot.
  func namedValueFix(_ name: String, expected: AnimType, at range: SourceRange) -> (what: String, fix: Fix)? {
    let what: String
    if expected == .timing && BuiltinNames.timings[name] != nil {
      what = "timing curves"
    } else if expected == .color && BuiltinNames.colors[name] != nil {
      what = "colours"
    } else {
      return nil
    }
    return (what, .replace(range, with: name, "write `\(name)` without the dot"))
  }

  /// For an undefined name that is an enum case of another place: `fill forwards` on a
  /// line of its own is the style statement, which wants a Color; the fill mode belongs
  /// in an `animate`, and no edit here can move it there.
  func enumCaseNotes(_ name: String) -> [String] {
    guard let kind = EnumKind.allCases.first(where: { $0.cases.contains(name) }) else { return [] }
    return ["`.\(name)` is \(AnimType.withArticle(kind.typeName)) case, written with a dot where one is wanted"]
  }

  /// Spellings of π from C, Swift and JavaScript.
  static let piNames: Set<String> = ["pi", "PI", "Pi", "M_PI"]

  /// An undefined name that is an enum case written without its dot (`type: downUp`,
  /// `fill forwards`), or π; whether it was reported.
  func reportMistakenName(_ name: String, at range: SourceRange, expecting expected: AnimType?) -> Bool {
    if case .enumeration(let kind)? = expected, kind.cases.contains(name) {
      error(
        SemanticCode.undefinedName, "cannot find `\(name)` in scope; the \(kind.typeName) case is written `.\(name)`",
        at: range, fixes: [.replace(range, with: "." + name, "write the enum case with a dot: `.\(name)`")])
      return true
    }
    if Self.piNames.contains(name) {
      error(
        SemanticCode.undefinedName,
        "there is no `\(name)`: angles carry their unit, and π radians is `180deg` (or `0.5turn`)", at: range,
        notes: ["`sin`, `cos` and `tan` take an Angle; `rotation` is an Angle too"],
        fixes: [
          .replace(range, with: "180deg", "write half a turn as `180deg`"),
          .replace(range, with: "0.5turn", "write half a turn as `0.5turn`"),
        ])
      return true
    }
    return false
  }

  /// Every label of the four `spring` forms (§5): a mistaken label may belong to another.
  static let springLabels = [
    "damping", "velocity", "duration", "bounce", "response", "dampingFraction", "mass", "stiffness",
  ]

  /// The label meant by a mistaken one, among the call's own labels first and then
  /// `others` (a spring's other forms): the closest by edit distance, or else the label
  /// the written one starts with (`cornerRadius:` → `corner:`, `dampingRatio:` →
  /// `damping:`), or else the shortest that starts with it.
  func nearestLabel(to label: String, in labels: [String], others: [String] = []) -> String? {
    if let near = labelMeant(by: label, among: labels) { return near }
    return others.isEmpty ? nil : labelMeant(by: label, among: others)
  }

  private func labelMeant(by label: String, among labels: [String]) -> String? {
    if let near = closestWord(to: label, in: labels) { return near }
    let lower = label.lowercased()
    let prefixes = labels.filter { lower.hasPrefix($0.lowercased()) }
    if let longest = prefixes.max(by: { $0.count < $1.count }) { return longest }
    guard lower.count >= 3 else { return nil }
    return labels.filter { $0.lowercased().hasPrefix(lower) }.min { $0.count < $1.count }
  }

  /// Property names from UIKit and CSS for what is part of a shape here.
  static let cornerNames: Set<String> = ["cornerradius", "borderradius"]

  /// `cornerRadius 8` in a block: a rectangle's corner belongs to its shape (§3.1).
  /// Reported with the fix `rect(w, h, corner: 8)` when the block's shape is a
  /// `rect(w, h)` written in place; whether it was reported.
  func reportCornerRadius(_ stmt: NodeID, _ name: String, shape: NodeID?) -> Bool {
    guard Self.cornerNames.contains(name.lowercased()) else { return false }
    let head = tree.range(tree.child(stmt, 0))
    var fixes: [Fix] = []
    if tree.childCount(stmt) == 2, let shape, tree.kind(shape) == .call,
      tree.name(tree.child(shape, 0)) == "rect", tree.childCount(shape) == 3,
      tree.children(shape).dropFirst().allSatisfy({ tree.symbol($0) == nil })
    {
      let value = text(tree.child(stmt, 1))
      let call = tree.range(shape)
      fixes.append(
        Fix(
          "move it into the shape: `rect(…, corner: \(value))`",
          edits: [
            TextEdit(range: .at(call.end - 1), newText: ", corner: \(value)"),
            TextEdit(range: wholeLine(of: tree.range(stmt)), newText: ""),
          ]))
    }
    error(
      SemanticCode.unknownProperty,
      "`\(name)` is not a property: a rectangle's rounded corners are part of its shape, `rect(w, h, corner: r)`",
      at: head, fixes: fixes)
    return true
  }

  /// `range` grown to its whole line (with the line break) when nothing else is on it.
  func wholeLine(of range: SourceRange) -> SourceRange {
    let bytes = file.bytes
    var start = range.start
    while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
    var end = range.end
    while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D) { end += 1 }
    guard start == 0 || bytes[start - 1] == 0x0A, end == bytes.count || bytes[end] == 0x0A else { return range }
    return SourceRange(start: start, end: min(end + 1, bytes.count))
  }
}
