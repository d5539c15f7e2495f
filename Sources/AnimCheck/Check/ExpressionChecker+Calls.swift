import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Calls to built-ins (§11): positional arguments first, labelled ones in any order,
/// defaults filled in, so the recorded arguments (and the IR's) are in parameter order.
extension Checker {
  struct Argument {
    var label: String?
    var labelRange: SourceRange
    var value: NodeID
  }

  func arguments(_ call: NodeID) -> [Argument] {
    // A plain loop over the children after the callee (mapping a slice of them went
    // through the generic slice).
    let kids = tree.children(call)
    var args: [Argument] = []
    args.reserveCapacity(max(kids.count - 1, 0))
    for k in min(1, kids.count)..<kids.count {
      let arg = kids[k]
      let label = tree.symbol(arg).map { tree.symbols[$0] }
      let r = tree.range(arg)
      args.append(
        Argument(
          label: label, labelRange: SourceRange(start: r.start, end: r.start + (label?.utf8.count ?? 0)),
          value: tree.child(arg, 0)))
    }
    return args
  }

  func checkCall(_ id: NodeID, expecting expected: AnimType? = nil, in scope: inout BlockScope) -> Typed {
    let callee = tree.child(id, 0)
    let name = tree.name(callee)
    let args = arguments(id)
    if let symbol = tree.symbol(callee), declarations.contains(symbol) || scope.locals[symbol] != nil,
      !BuiltinNames.isReserved(name)
    {
      error(SemanticCode.unknownFunction, "`\(name)` is not a function", at: tree.range(callee))
      return .error
    }
    // By symbol, rather than comparing the spelling with each special name.
    switch facts.callForm(tree.symbol(callee), name) {
    case .spring:
      let labels = Set(args.compactMap(\.label))
      return checkSpring(Signature.spring(labels: labels), args, id, in: &scope)
    case .randomPoint:
      return checkRandomPoint(args, id, in: &scope)
    case .heart:
      // `heart(w, h = w)`: the default height is the width.
      let widthOnly = args.count == 1 && (args[0].label == nil || args[0].label == "w")
      guard let sig = widthOnly ? Self.heartOfWidth : Signature.fixed["heart"] else { return .error }
      return checkSignature(sig, args, id, in: &scope)
    case .scale:
      return checkScaleTransform(args, id, in: &scope)
    case .generic:
      return checkGeneric(name, args, id, expecting: expected, in: &scope)
    case .signature:
      if let sig = facts.signature(tree.symbol(callee), name) { return checkSignature(sig, args, id, in: &scope) }
      let near = closestWord(to: name, in: BuiltinNames.functions)
      error(
        SemanticCode.unknownFunction, "there is no function `\(name)`", at: tree.range(callee),
        fixes: near.map { [.replace(tree.range(callee), with: $0, "did you mean `\($0)`?")] } ?? [])
      return .error
    }
  }

  /// `heart`'s signature with the height defaulting to the width, made once (each
  /// `heart(36)` looked the signature up by name and copied its parameters to change one).
  static let heartOfWidth: Signature? = {
    guard var sig = Signature.fixed["heart"] else { return nil }
    sig.parameters[1].defaultValue = .local(-1)
    return sig
  }()

  /// Matches arguments to parameters, checks each, records the call with its defaults.
  func checkSignature(_ sig: Signature, _ args: [Argument], _ id: NodeID, in scope: inout BlockScope) -> Typed {
    let range = tree.range(id)
    if sig.builtin == .linearGradient || sig.builtin == .radialGradient,
      let loose = looseGradientColors(
        args, called: sig.builtin == .linearGradient ? "linearGradient" : "radialGradient")
    {
      report([loose])
      for a in args { _ = check(a.value, expecting: nil, in: &scope) }
      return .error
    }
    guard let matched = match(sig, args, range, in: scope) else {
      // Still check the arguments, for their own mistakes and the names they use.
      for a in args { _ = check(a.value, expecting: nil, in: &scope) }
      return .error
    }
    var stage = Stage.constant
    var usesScene = false
    var failed = false
    for (i, p) in sig.parameters.enumerated() {
      guard let node = matched[i] else { continue }
      let t = check(node, expecting: p.type, in: &scope)
      if t.type.isError { failed = true }
      stage = max(stage, t.stage)
      usesScene = usesScene || t.usesScene
    }
    if failed { return .error }
    // Arguments given as written, in order, need no fact: lowering finds the built-in
    // from the call (`SymbolFacts.builtin(called:)`). The others are recorded after the
    // arguments are checked, so that their own calls' arguments do not come between.
    if args.count != sig.parameters.count || !args.indices.allSatisfy({ matched[$0] == args[$0].value }) {
      recordArguments(sig, matched, id, implicitFrom: scope.allowsImplicitFrom)
    }
    // Rules that fold arguments (bounds, counts, colours, files) lower just those.
    switch sig.builtin {
    case .cubicBezier: checkBezierBounds(args, loweredArguments(id))
    case .steps: checkCount(args, loweredArguments(id), of: "`steps`", counting: "steps", in: 1...1_000_000_000)
    case .star: checkCount(args, loweredArguments(id), of: "`star`", counting: "points", in: 2...100_000)
    case .rgb, .rgba:
      report(warnings.colorChannels(args))
      checkColorChannels(matched, loweredArguments(id), alpha: sig.builtin == .rgba)
    case .linearGradient, .radialGradient:
      if !checkGradientArguments(args, loweredArguments(id), range) { return .error }
    case .text:
      guard let lowered = lowerText(args, loweredArguments(id), range) else { return .error }
      loweringFacts.record(value: lowered, at: id)
      return Typed(type: .shape, stage: stage, usesScene: usesScene)
    case .image:
      let arguments = loweredArguments(id)
      guard let file = checkImage(matched, arguments) else { return .error }
      let first = loweringFacts.startCall()
      for e in arguments + file { loweringFacts.addArgument(e) }
      loweringFacts.endCall(.image, from: first, at: id)
    default: break
    }
    return Typed(type: sig.result, stage: stage, usesScene: usesScene)
  }

  /// Records a call with its arguments in parameter order, defaults filled in.
  func recordArguments(_ sig: Signature, _ matched: ParameterSlots, _ id: NodeID, implicitFrom: Bool) {
    let first = loweringFacts.startCall()
    for (i, p) in sig.parameters.enumerated() {
      if let node = matched[i] {
        loweringFacts.addArgument(node)
      } else if case .local(-1)? = p.defaultValue, i > 0 {
        loweringFacts.addArgument(copying: first)
      } else if let d = p.defaultValue {
        loweringFacts.addArgument(d)
      } else if i == 0, p.label == "from", sig.result == .path, implicitFrom {
        loweringFacts.addArgument(.instanceStart)
      }
    }
    loweringFacts.endCall(sig.builtin, from: first, at: id)
  }

  /// The lowered arguments of the call recorded at `id`, in parameter order.
  func loweredArguments(_ id: NodeID) -> [Expr] {
    lowering.callArguments(id) ?? []
  }

  /// For each parameter, the argument given for it, or nil; reports label mistakes.
  func match(_ sig: Signature, _ args: [Argument], _ range: SourceRange, in scope: BlockScope) -> ParameterSlots? {
    var slots = ParameterSlots(count: sig.parameters.count)
    var next = 0
    var ok = true
    // Only messages name the built-in: spelled out when one is written.
    var name: String { sig.builtin.spec.name }
    for arg in args {
      if let label = arg.label {
        guard let i = sig.parameters.firstIndex(where: { $0.label == label }) else {
          let labels = sig.parameters.compactMap(\.label)
          let near = nearestLabel(to: label, in: labels, others: sig.builtin.isSpring ? Self.springLabels : [])
          error(
            SemanticCode.unknownLabel,
            "`\(name)` has no parameter `\(label):`\(labels.isEmpty ? "" : "; its labels are \(labels.map { "`\($0):`" }.joined(separator: ", "))")",
            at: arg.labelRange, fixes: near.map { [.replace(arg.labelRange, with: $0, "did you mean `\($0):`?")] } ?? []
          )
          ok = false
          continue
        }
        if slots[i] != nil {
          error(SemanticCode.duplicateArgument, "`\(label):` is given twice", at: arg.labelRange)
          ok = false
        }
        slots[i] = arg.value
      } else {
        while next < slots.count && slots[next] != nil { next += 1 }
        guard next < slots.count else {
          error(
            SemanticCode.extraArgument,
            "`\(name)` takes \(sig.parameters.count) argument\(sig.parameters.count == 1 ? "" : "s")",
            at: tree.range(arg.value), fixes: [])
          ok = false
          break
        }
        slots[next] = arg.value
        next += 1
      }
    }
    guard ok else { return nil }
    for (i, p) in sig.parameters.enumerated() where slots[i] == nil && p.defaultValue == nil {
      if i == 0, p.label == "from", sig.result == .path, scope.allowsImplicitFrom { continue }
      let what = p.label.map { "`\($0):`" } ?? "argument \(i + 1) (\(p.type))"
      var notes: [String] = []
      if p.label == "from" && sig.result == .path {
        notes.append("`from:` may be omitted only inside a node or spawn block, where it is the instance's position")
      }
      error(SemanticCode.missingArgument, "`\(name)` is missing \(what)", at: range, notes: notes)
      return nil
    }
    return slots
  }

  /// x1 and x2 of `cubicBezier` must lie in 0…1 (§5).
  func checkBezierBounds(_ args: [Argument], _ exprs: [Expr]) {
    for i in [0, 2] where i < exprs.count {
      guard let v = fold(exprs[i]), case .number(let x) = v, x < 0 || x > 1 else { continue }
      let node = i < args.count ? args[i].value : nil
      error(
        SemanticCode.bezierOutOfRange, "`cubicBezier` x\(i == 0 ? 1 : 2) must lie in 0…1, found \(x)",
        at: node.map { tree.range($0) } ?? .at(0), notes: ["x values outside 0…1 would make time run backwards"])
    }
  }

  /// A count given as the first argument (a star's points, the steps of `steps`) must
  /// be a whole number in `range` when it is known now: at run time it would be cut to
  /// a whole number and into the range without a word.
  func checkCount(
    _ args: [Argument], _ exprs: [Expr], of name: String, counting what: String, in range: ClosedRange<Int>
  ) {
    guard let first = exprs.first, let v = fold(first), case .number(let n) = v else { return }
    guard !(n.rounded() == n && n >= Double(range.lowerBound) && n <= Double(range.upperBound)) else { return }
    error(
      SemanticCode.badArgumentValue,
      "\(name) needs a whole number of \(what) in \(range.lowerBound)…\(range.upperBound), found \(JSONLimits.text(n))",
      at: args.first.map { tree.range($0.value) } ?? .at(0))
  }

  func checkSpring(_ sig: Signature, _ args: [Argument], _ id: NodeID, in scope: inout BlockScope) -> Typed {
    var t = checkSignature(sig, args, id, in: &scope)
    guard !t.type.isError else { return t }
    let range = tree.range(id)
    t.realTimeSpring = sig.builtin != .springUIKit
    if sig.builtin == .springDuration, let arg = args.first(where: { $0.label == "bounce" }),
      case let exprs = loweredArguments(id), exprs.count > 1, let v = fold(exprs[1]), case .number(let b) = v,
      !(b > -1 && b < 1)
    {
      error(
        SemanticCode.bounceOutOfRange, "`bounce` must lie between -1 and 1 (exclusive), found \(b)",
        at: tree.range(arg.value))
      return .error
    }
    if sig.builtin == .springUIKit, let first = loweredArguments(id).first, let v = fold(first),
      case .number(let z) = v, z <= 0
    {
      let at = args.first { $0.label == "damping" }.map { tree.range($0.value) } ?? range
      error(SemanticCode.badArgumentValue, "a spring's `damping` must be greater than 0", at: at)
      return .error
    }
    return t
  }

  /// `scale(s)` or `scale(sx, sy)` in an instance transform.
  func checkScaleTransform(_ args: [Argument], _ id: NodeID, in scope: inout BlockScope) -> Typed {
    guard args.count == 1 || args.count == 2 else {
      error(SemanticCode.extraArgument, "`scale` takes `(s)` or `(sx, sy)`", at: tree.range(id))
      return .error
    }
    let sx = check(args[0].value, expecting: .number, in: &scope)
    let sy = args.count == 2 ? check(args[1].value, expecting: .number, in: &scope) : sx
    if sx.type.isError || sy.type.isError { return .error }
    if args.count == 1 {
      // `scale(s)` is `scale(s, s)`.
      let first = loweringFacts.startCall()
      loweringFacts.addArgument(args[0].value)
      loweringFacts.addArgument(copying: first)
      loweringFacts.endCall(.scale, from: first, at: id)
    }
    return Typed(type: .transform, stage: max(sx.stage, sy.stage))
  }
}
