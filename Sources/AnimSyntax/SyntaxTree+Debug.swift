import AnimJSON

/// An S-expression view of the tree for tests and `animc check --dump-syntax`:
/// `(animate x (to (number 5)) (over (number 1 s)))`. Names print bare, literals with
/// their unit, clauses by their word.
extension SyntaxTree {
  package func sexpr(_ id: NodeID? = nil) -> String {
    var out = ""
    write(id ?? root, to: &out)
    return out
  }

  private func write(_ id: NodeID, to out: inout String) {
    let k = kind(id)
    switch k {
    case .name:
      out += name(id)
      return
    case .number:
      out += formatNumber(number(id)) + unit(id).spelling
      return
    case .string:
      out += JSONString.quoted(string(id))
      return
    case .color:
      out += "#" + hex8(colorValue(id))
      return
    case .bool:
      out += flags(id) == 1 ? "true" : "false"
      return
    case .enumCase:
      out += "." + name(id)
      return
    case .selfExpr:
      out += "self"
      return
    case .triggerExpr:
      out += "trigger"
      return
    case .sceneExpr:
      out += "scene"
      return
    case .forever:
      out += "forever"
      return
    case .absent:
      out += "_"
      return
    case .errorExpression, .errorStatement:
      out += "<error>"
      return
    default: break
    }
    out += "(" + head(id)
    for c in children(id) {
      out += " "
      write(c, to: &out)
    }
    out += ")"
  }

  private func head(_ id: NodeID) -> String {
    switch kind(id) {
    case .clause:
      let w = word(id)?.spelling ?? "?"
      switch (w, flags(id)) {
      case ("repeat", 2): return "repeat-for"
      default: return w
      }
    case .binary: return binaryOperator(id).spelling
    case .member: return "." + name(id)
    case .argument: return symbol(id).map { symbols[$0] + ":" } ?? "arg"
    case .instance, .inputEvent: return String(describing: kind(id)) + " " + name(id)
    case .command: return flags(id) & 1 == 1 ? "command-ccw" : "command"
    case .animate: return flags(id) & 1 == 1 ? "animate-block" : "animate"
    default: return String(describing: kind(id))
    }
  }

  private func hex8(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - s.count) + s
  }
}

/// Shortest round-trip text of a number, without a trailing `.0`.
func formatNumber(_ v: Double) -> String {
  if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
  return String(v)
}
