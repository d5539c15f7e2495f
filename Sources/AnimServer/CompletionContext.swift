import AnimSource
import AnimSyntax
import Foundation

/// What kind of thing may be typed at a cursor. Decided from the line's text before the
/// cursor (which is what the user is in the middle of writing and often does not parse)
/// and from the enclosing block in the tree (which survives the half-typed line).
enum CompletionContext: Equatable {
  case none
  case declaration
  case statement(BlockKind)
  case property  // after `animate`
  case clause(used: Set<String>)  // after `animate PROP …`, or in a group header
  case enumCase(group: String?)  // after `.`, for the clause or label before it
  case member(base: String)  // after `NAME.`
  case timing  // after `timing` or `timing NAME =`
  case parentNode  // after `spawn SHAPE in` (§14)
  case expression(BlockKind)
}

/// The block a statement sits in, by what owns the block.
enum BlockKind: Equatable {
  case file, scene, node, spawn, style, emitter, replicate, input, animate, group, path
}

extension CompletionContext {
  static func find(_ s: Snapshot, _ cursor: Cursor) -> CompletionContext {
    if cursor.inCommentOrString { return .none }
    let block = blockKind(s, cursor.offset)
    let prefix = cursor.linePrefix
    let words = cursor.wordsBefore
    if cursor.characterBeforeWord == "." {
      let beforeDot = prefix.dropLast()
      if let last = beforeDot.last, last.isLetter || last.isNumber || last == "_" || last == ")" {
        let base = beforeDot.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return .member(base: String(base.reversed()))
      }
      return .enumCase(group: enumGroup(prefix: String(beforeDot), words: Cursor.words(beforeDot)))
    }
    let trimmed = prefix.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasSuffix("{") || trimmed.hasSuffix(";") {
      return block == .file ? .declaration : .statement(block)
    }
    if words.first == "timing" && trimmed.hasSuffix("=") { return .timing }
    if words.last == "timing" && trimmed.hasSuffix("timing") { return .timing }
    if words.first == "animate" {
      if words.count == 1 { return .property }
      if let last = words.last, ["fill", "interpolate", "pacing", "rotate"].contains(last) {
        return .enumCase(group: last)
      }
      if let last = words.last, Self.valueClauses.contains(last) || trimmed.hasSuffix(",") || trimmed.hasSuffix(":") {
        return .expression(block)
      }
      return .clause(used: Set(words.dropFirst(2)))
    }
    if block == .animate && words.count == 1, let w = words.first,
      ["fill", "interpolate", "pacing", "rotate"].contains(w)
    {
      return .enumCase(group: w)
    }
    if words.first == "spawn" && words.last == "in" { return .parentNode }
    if let first = words.first, first == "group" || first == "sequence", !Self.valueClauses.contains(words.last ?? "") {
      return .clause(used: Set(words.dropFirst()))
    }
    return .expression(block)
  }

  /// Clause words followed by a value.
  static let valueClauses: Set<String> = [
    "from", "to", "by", "over", "delay", "repeat", "for", "along", "keyframes", "timing", "every", "until", "at",
    "after", "count", "burst", "max", "origin",
  ]

  /// The enum group that fits before a `.`: the label (`type:`), the clause word (`fill`,
  /// `rotate`, `interpolate`, `pacing`), a property that takes a case (`blend`) or the
  /// call (`steps(4, .`).
  static func enumGroup(prefix: String, words: [String]) -> String? {
    if let last = words.last {
      if last.hasSuffix("type:") { return "parabola type" }
      if ["fill", "rotate", "interpolate", "pacing"].contains(last) { return last }
      if WordDocs.enumGroups.contains(where: { $0.context == last }) { return last }
    }
    if innermostCall(prefix) == "steps" { return "steps" }
    return nil
  }

  /// The callee of the innermost `(` still open at the end of `prefix`.
  static func innermostCall(_ prefix: String) -> String? {
    var depth = 0
    let chars = Array(prefix)
    var i = chars.count - 1
    while i >= 0 {
      switch chars[i] {
      case ")": depth += 1
      case "(":
        if depth == 0 {
          var j = i
          while j > 0, chars[j - 1].isLetter || chars[j - 1].isNumber || chars[j - 1] == "_" { j -= 1 }
          return j < i ? String(chars[j..<i]) : nil
        }
        depth -= 1
      default: break
      }
      i -= 1
    }
    return nil
  }

  /// The kind of the innermost block around `offset` (a `}` just before the cursor
  /// closes its block; an unclosed block runs to the end of the file).
  static func blockKind(_ s: Snapshot, _ offset: Int) -> BlockKind {
    let tree = s.tree
    for id in s.index.ancestors(of: tree.node(at: offset)) where tree.kind(id) == .block {
      let r = tree.range(id)
      let closed = r.end > r.start && s.file.bytes[r.end - 1] == 0x7D
      guard offset > r.start, !closed || offset < r.end else { continue }
      guard let owner = s.index.parent(of: id) else { return .node }
      switch tree.kind(owner) {
      case .sceneDecl: return .scene
      case .nodeDecl: return .node
      case .spawn: return .spawn
      case .shapeDecl: return .style
      case .emitterDecl: return .emitter
      case .replicateDecl: return .replicate
      case .inputDecl: return .input
      case .animate: return .animate
      case .group, .sequence: return .group
      case .shapeLiteral, .pathLiteral: return .path
      default: return .node
      }
    }
    return .file
  }
}
