import AnimModel

/// The image files a checked scene draws (§12.3), found in its expressions: a run reads
/// and decodes each once before its first frame, and outputs must not overwrite them.
extension SceneIR {
  /// Every image the scene can draw, once per resolved path, in the order first met.
  package var imageSources: [ImageSource] {
    var finder = ImageFinder()
    for g in globals { finder.add(g.value) }
    for n in nodes { finder.add(n) }
    for e in emitters { finder.add(e.spawn) }
    for r in replicators { for child in r.children { finder.add(child) } }
    return finder.found
  }
}

/// Walks expressions for `image(…)` calls and image shapes already folded to constants.
private struct ImageFinder {
  var found: [ImageSource] = []
  private var seen: Set<String> = []

  mutating func add(_ t: NodeTemplate) {
    add(t.shape)
    for statement in t.body {
      switch statement {
      case .bind(_, let e), .set(_, let e): add(e)
      default: continue
      }
    }
    // The nodes declared in its block (§14) draw too.
    for child in t.children { add(child) }
  }

  mutating func add(_ e: Expr) {
    switch e {
    case .constant(let v): add(v)
    case .call(.image, let args, _):
      guard let source = constants(args) else { return }
      note(source)
    case .call(_, let items, _), .list(let items): for item in items { add(item) }
    case .negate(let x), .component(let x, _): add(x)
    case .arithmetic(_, let a, let b, _), .makePoint(let a, let b), .range(let a, let b):
      add(a)
      add(b)
    case .styledShape(let base, _): add(base)
    case .global, .local, .selfIndex, .triggerPosition, .triggerTime, .triggerVelocity, .nodePosition,
      .nodeScenePosition, .instanceStart, .pathLiteral, .shapeLiteral, .sceneTime, .drawn, .drawnScenePosition,
      .selfDrawn, .drag:
      return
    }
  }

  private mutating func add(_ v: Value) {
    switch v {
    case .shape(let s): if let source = s.image { note(source) }
    case .list(let items): for item in items { add(item) }
    default: return
    }
  }

  /// The source a call's arguments name when they are all constants (the checker makes
  /// the file's arguments constants; only `width:`/`height:` may vary).
  private func constants(_ args: [Expr]) -> ImageSource? {
    let values = args.map { e -> Value in
      if case .constant(let v) = e { return v }
      return .number(1)
    }
    return ImageBuiltins.source(BuiltinArguments(values))
  }

  private mutating func note(_ source: ImageSource) {
    if seen.insert(source.path).inserted { found.append(source) }
  }
}
