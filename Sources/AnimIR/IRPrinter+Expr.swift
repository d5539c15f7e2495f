import AnimMath
import AnimModel

extension IRPrinter {
  /// An expression in a compact prefix form; constants print as values.
  package static func expr(_ e: Expr) -> String {
    switch e {
    case .constant(let v): return value(v)
    case .global(let slot): return "global[\(slot)]"
    case .local(let slot): return "local[\(slot)]"
    case .selfIndex: return "self.index"
    case .triggerPosition: return "trigger.position"
    case .triggerTime: return "trigger.time"
    case .triggerVelocity: return "trigger.velocity"
    case .nodePosition(let i): return "node[\(i)].position"
    case .nodeScenePosition(let i): return "node[\(i)].scenePosition"
    case .instanceStart: return "<instance position>"
    case .sceneTime: return "scene.time"
    case .drawn(let i, let property): return "node[\(i)].\(property.rawValue)"
    case .drawnScenePosition(let i): return "node[\(i)].drawnScenePosition"
    case .selfDrawn(let property): return "self.\(property.rawValue)"
    case .drag(let member): return "drag.\(member.rawValue)"
    case .negate(let x): return "-\(expr(x))"
    case .arithmetic(let op, let a, let b, _):
      let symbol: String
      switch op {
      case .add: symbol = "+"
      case .subtract: symbol = "-"
      case .multiply: symbol = "*"
      case .divide: symbol = "/"
      case .less: symbol = "<"
      case .lessEqual: symbol = "<="
      case .greater: symbol = ">"
      case .greaterEqual: symbol = ">="
      }
      return "(\(expr(a)) \(symbol) \(expr(b)))"
    case .makePoint(let x, let y): return "(\(expr(x)), \(expr(y)))"
    case .component(let p, let axis): return "\(expr(p)).\(axis == .x ? "x" : "y")"
    case .list(let items): return "[" + items.map(expr).joined(separator: ", ") + "]"
    case .range(let a, let b): return "\(expr(a))..\(expr(b))"
    case .call(let b, let args, _): return "\(b.rawValue)(" + args.map(expr).joined(separator: ", ") + ")"
    case .pathLiteral(let commands): return "path {\(commandList(commands))}"
    case .shapeLiteral(let w, let h, let commands):
      let size = w.flatMap { w in h.map { "(\(expr(w)), \(expr($0)))" } } ?? ""
      return "shape\(size) {\(commandList(commands))}"
    case .styledShape(let base, let settings):
      return expr(base) + " {" + settings.map { " \($0.field) \(expr($0.value))" }.joined(separator: ";") + " }"
    }
  }

  static func commandList(_ commands: [PathCommand]) -> String {
    commands.map { c in
      " \(c.kind)" + (c.arguments.isEmpty ? "" : " " + c.arguments.map(expr).joined(separator: ", "))
        + (c.counterClockwise ? " ccw" : "") + ";"
    }.joined() + " "
  }

  static func value(_ v: Value) -> String {
    switch v {
    case .number(let x): return n(x)
    case .point(let p): return "(\(n(p.x)), \(n(p.y)))"
    case .color(let c): return c.hex
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return "\"\(s)\""
    case .path(let p): return "path(\(p.svgPathData(format: n)))"
    case .deferredPath: return "path(<from the instance>)"
    case .shape(let s): return "shape(\(n(s.outline.width))x\(n(s.outline.height)))"
    case .timing(let t): return timingText(t)
    case .range(let a, let b): return "\(value(a))..\(value(b))"
    case .list(let items): return "[" + items.map(value).joined(separator: ", ") + "]"
    case .enumCase(let name): return "." + name
    case .transform(let m): return "matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(n).joined(separator: " ")))"
    case .gradient(let g): return gradientText(g, n)
    case .motion(let m):
      let parts = [
        "velocity: \(value(.point(m.velocity)))", "acceleration: \(value(.point(m.acceleration)))",
        "damping: \(n(m.damping))", "attractor: \(value(.point(m.attractor)))", "attraction: \(n(m.attraction))",
      ]
      return "motion(\(parts.joined(separator: ", ")))"
    }
  }

  static func timingText(_ t: TimingFunction) -> String {
    switch t {
    case .linear: return "linear"
    case .cubicBezier(let a, let b, let c, let d): return "cubicBezier(\([a, b, c, d].map(n).joined(separator: ", ")))"
    case .steps(let count, let position): return "steps(\(count), .\(position))"
    case .spring(let s):
      return "spring(ω₀: \(n(s.omega0)), ζ: \(n(s.zeta)), v: \(n(s.velocity))\(s.isRealTime ? ", real time" : ""))"
    }
  }
}
