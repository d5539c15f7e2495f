import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// The `scene` block (§3): constant settings with limits (§10).
extension Checker {
  func checkScene() {
    let scenes = tree.children(tree.root).filter { tree.kind($0) == .sceneDecl }
    for extra in scenes.dropFirst() {
      error(
        SemanticCode.duplicateBlock, "a file has at most one `scene` block", at: tree.range(extra),
        labels: [Label(tree.range(scenes[0]), "the first one")])
    }
    guard let decl = scenes.first else { return }
    if let title = tree.optionalChild(decl, 0), tree.kind(title) == .string {
      scene.settings.title = tree.string(title)
    }
    guard let block = tree.optionalChild(decl, 1) else { return }
    var seen: [String: SourceRange] = [:]
    for stmt in tree.children(block) where tree.kind(stmt) == .command {
      let head = tree.child(stmt, 0)
      let name = tree.name(head)
      let args = Array(tree.children(stmt).dropFirst())
      if let previous = seen[name] {
        error(
          SemanticCode.duplicateClause, "`\(name)` is set twice", at: tree.range(head),
          labels: [Label(previous, "first set here")])
        continue
      }
      seen[name] = tree.range(head)
      checkSceneSetting(name, head, args, stmt)
    }
    for stmt in tree.children(block) where tree.kind(stmt) != .command && !tree.kind(stmt).isError {
      error(SemanticCode.misplacedStatement, "the `scene` block holds only settings", at: tree.range(stmt))
    }
  }

  func checkSceneSetting(_ name: String, _ head: NodeID, _ args: [NodeID], _ stmt: NodeID) {
    let settings = ["size", "background", "fps", "duration", "seed"]
    let types: [String: [AnimType]] = [
      "size": [.number, .number], "background": [.color], "fps": [.number], "duration": [.duration], "seed": [.number],
    ]
    guard let wanted = types[name] else {
      let near = closestWord(to: name, in: settings)
      error(
        SemanticCode.unknownProperty,
        "unknown scene setting `\(name)`; settings are \(settings.map { "`\($0)`" }.joined(separator: ", "))",
        at: tree.range(head), fixes: near.map { [.replace(tree.range(head), with: $0, "did you mean `\($0)`?")] } ?? [])
      return
    }
    guard args.count == wanted.count else {
      error(
        SemanticCode.missingArgument,
        "`\(name)` takes \(wanted.count == 2 ? "a width and a height: `size 375, 667`" : "one value")",
        at: tree.range(stmt))
      return
    }
    var values: [Value] = []
    for (arg, type) in zip(args, wanted) {
      guard let v = constantValue(arg, type, what: "`\(name)`") else { return }
      values.append(v)
    }
    func within(_ v: Double, _ lo: Double, _ hi: Double, _ arg: NodeID, _ what: String) -> Bool {
      guard v >= lo && v <= hi else {
        error(
          SemanticCode.outOfLimits,
          "\(what) must lie in \(JSONLimits.text(lo))…\(JSONLimits.text(hi)), found \(JSONLimits.text(v))",
          at: tree.range(arg))
        return false
      }
      return true
    }
    switch name {
    case "size":
      if within(values[0].number, 1, 16384, args[0], "the width"),
        within(values[1].number, 1, 16384, args[1], "the height")
      {
        scene.settings.width = values[0].number
        scene.settings.height = values[1].number
      }
    case "background": scene.settings.background = values[0].color
    case "fps": if within(values[0].number, 1, 1000, args[0], "`fps`") { scene.settings.fps = values[0].number }
    case "duration":
      if within(values[0].number, 0, 86400, args[0], "`duration` (in seconds)") {
        scene.settings.duration = values[0].number
      }
    default:
      let s = values[0].number
      if s.rounded() == s, abs(s) < 9.0e18 {
        scene.settings.seed = s < 0 ? UInt64(bitPattern: Int64(s)) : UInt64(s)
      } else {
        error(SemanticCode.badArgumentValue, "`seed` must be a whole number", at: tree.range(args[0]))
      }
    }
  }

  /// A constant of type `type`, or nil after reporting why not.
  /// `what` is made only for a message (every emitter's `burst` and `max` built one).
  func constantValue(
    _ id: NodeID, _ type: AnimType, what: @autoclosure () -> String, scope kind: BlockScope.Kind = .scene
  ) -> Value? {
    var scope = BlockScope(kind)
    let t = check(id, expecting: type, in: &scope)
    guard !t.type.isError else { return nil }
    guard t.stage == .constant else {
      error(
        SemanticCode.notConstant, "\(what()) must be a constant, but this is evaluated \(t.stage.word)",
        at: tree.range(id),
        notes: [
          "constants are literals, arithmetic, built-in calls other than `random`, `randomInt` and `choose`, and `let`s made of those"
        ])
      return nil
    }
    guard let v = fold(id) else {
      error(SemanticCode.notFinite, "\(what()) is not a finite value", at: tree.range(id))
      return nil
    }
    return v
  }
}

enum JSONLimits {
  static func text(_ v: Double) -> String {
    v.rounded() == v && abs(v) < 1e15 ? String(Int64(v)) : String(v)
  }
}
