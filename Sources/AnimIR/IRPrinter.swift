import AnimJSON
import AnimMath
import AnimModel

/// The IR as readable text, for `animc check --emit-ir`: one line per binding,
/// statement and animation, indented by nesting.
package enum IRPrinter {
  package static func print(_ ir: SceneIR) -> String {
    var out = ""
    let s = ir.settings
    out +=
      "scene \(JSONString.quoted(s.title)) size \(n(s.width))x\(n(s.height)) fps \(n(s.fps)) duration \(n(s.duration))s seed \(s.seed) background \(s.background.hex)\n"
    for g in ir.globals { out += "global[\(g.slot)] \(g.name) = \(expr(g.value))\n" }
    for node in ir.nodes { out += template("node", node, indent: "") }
    for e in ir.emitters {
      out += "emitter \(e.name) burst \(e.burst) max \(e.max) origin \(e.origin.map(expr) ?? "scene.center")"
      out += (e.parent.map { " in node[\($0)]" } ?? "") + "\n"
      for t in e.triggers { out += "  trigger \(trigger(t))\n" }
      out += template("spawn", e.spawn, indent: "  ")
    }
    for r in ir.replicators {
      out +=
        "replicator \(r.name) count \(r.count) position \(expr(r.position)) delay \(expr(r.instanceDelay)) color \(expr(r.instanceColor))"
      out += " offsets (\(n(r.offsets.red)), \(n(r.offsets.green)), \(n(r.offsets.blue)), \(n(r.offsets.alpha)))\n"
      if !r.instanceTransform.isEmpty { out += "  transform \(r.instanceTransform.map(expr).joined(separator: " "))\n" }
      for child in r.children { out += template("node", child, indent: "  ") }
    }
    for event in ir.input { out += "input \(inputEvent(event))\n" }
    return out
  }

  /// A template, then its body and its children (§14) one level further in. A group
  /// prints as `group NAME`, with no shape.
  static func template(_ word: String, _ t: NodeTemplate, indent: String) -> String {
    var out =
      t.isGroup
      ? "\(indent)group \(t.name) locals \(t.localCount)\n"
      : "\(indent)\(word) \(t.name) shape \(t.shapeID ?? "<per spawn>") = \(expr(t.shape)) locals \(t.localCount)\n"
    for s in t.body { out += statement(s, indent: indent + "  ") }
    for child in t.children { out += template("node", child, indent: indent + "  ") }
    return out
  }

  static func statement(_ s: BlockStatement, indent: String) -> String {
    switch s {
    case .bind(let slot, let e): return "\(indent)local[\(slot)] = \(expr(e))\n"
    case .set(let p, let e): return "\(indent)set \(p.rawValue) = \(expr(e))\n"
    case .anchor(let e): return "\(indent)anchor \(expr(e))\n"
    case .z(let e): return "\(indent)z \(expr(e))\n"
    case .removeAfter(let e): return "\(indent)remove after \(expr(e))\n"
    case .appearAt(let e): return "\(indent)appear at \(expr(e))\n"
    case .contentsRect(let e): return "\(indent)contentsRect \(expr(e))\n"
    case .timeline(let item): return timeline(item, indent: indent)
    }
  }

  static func timeline(_ item: TimelineItem, indent: String) -> String {
    switch item {
    case .animation(let a):
      var line = "\(indent)animate \(a.property.rawValue) \(value(a.value))\(timing(a.timing))"
      if a.additive { line += " additive" }
      if a.cumulative { line += " cumulative" }
      return line + "\n"
    case .group(let t, let children), .sequence(let t, let children):
      let word = { if case .group = item { return "group" } else { return "sequence" } }()
      return "\(indent)\(word)\(timing(t))\n" + children.map { timeline($0, indent: indent + "  ") }.joined()
    }
  }

  static func value(_ v: AnimationValue) -> String {
    switch v {
    case .basic(let from, let to, let by):
      return [from.map { "from \(expr($0))" }, to.map { "to \(expr($0))" }, by.map { "by \(expr($0))" }].compactMap {
        $0
      }
      .joined(separator: " ")
    case .keyframes(let frames, let interpolation):
      let list = frames.map { "\(n($0.key)): \(expr($0.value))\($0.timing.map { " " + expr($0) } ?? "")" }
      return "keyframes [\(list.joined(separator: ", "))] interpolate .\(interpolation)"
    case .along(let path, let pacing, let rotation):
      return "along \(expr(path)) pacing .\(pacing) rotate .\(rotation)"
    case .motion(let motion, let rotation):
      return "with \(expr(motion)) rotate .\(rotation)"
    }
  }

  static func timing(_ t: Timing) -> String {
    var s = ""
    if let d = t.duration { s += " over \(expr(d))" }
    if let d = t.delay { s += " delay \(expr(d))" }
    if let f = t.timingFunction { s += " timing \(expr(f))" }
    switch t.repeatCount {
    case .count(let c)?: s += " repeat \(expr(c))"
    case .forever?: s += " repeat forever"
    case .duration(let d)?: s += " repeat for \(expr(d))"
    case nil: break
    }
    if t.autoreverse { s += " autoreverse" }
    return s + " fill .\(t.fill.rawValue)"
  }

  static func trigger(_ t: Trigger) -> String {
    switch t {
    case .tap(let node): return node.map { "tap node[\($0)]" } ?? "tap"
    case .every(let p, let f, let u): return "every \(n(p))s from \(n(f))s" + (u.map { " until \(n($0))s" } ?? "")
    case .at(let times): return "at " + times.map { n($0) + "s" }.joined(separator: ", ")
    case .birth(let e): return "birth of emitter[\(e)]"
    case .death(let e): return "death of emitter[\(e)]"
    }
  }

  static func inputEvent(_ e: InputEvent) -> String {
    func when(_ w: InputEvent.When) -> String {
      switch w {
      case .at(let ts): return "at " + ts.map { n($0) + "s" }.joined(separator: ", ")
      case .every(let p, let f, let u): return "every \(n(p))s from \(n(f))s" + (u.map { " until \(n($0))s" } ?? "")
      }
    }
    switch e {
    case .tap(let target, let w):
      let t: String
      switch target {
      case .node(let i): t = "node[\(i)]"
      case .point(let p): t = "(\(n(p.x)), \(n(p.y)))"
      case .none: t = "origin"
      }
      return "tap \(t) \(when(w))"
    case .drag(let d):
      let from: String
      switch d.from {
      case .node(let i): from = "node[\(i)]"
      case .point(let p): from = "(\(n(p.x)), \(n(p.y)))"
      case .none: from = "origin"
      }
      return
        "drag \(from) to (\(n(d.to.x)), \(n(d.to.y))) over \(n(d.duration))s at \(n(d.at))s timing \(timingText(d.timing))"
    case .pause(let at): return "pause at \(n(at))s"
    case .resume(let at): return "resume at \(n(at))s"
    case .speed(let s, let at): return "speed \(n(s)) at \(n(at))s"
    }
  }

  static func n(_ v: Double) -> String { JSONNumber.format(v) }
}
