import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Built-ins whose types follow their arguments: `min max abs clamp lerp` on Numbers,
/// Durations, Angles and Points; `random`, `randomInt`, `choose` (§2).
extension Checker {
  func checkGeneric(
    _ name: String, _ args: [Argument], _ id: NodeID, expecting result: AnimType? = nil,
    in scope: inout BlockScope
  ) -> Typed {
    let range = tree.range(id)
    if let labelled = args.first(where: { $0.label != nil }) {
      error(SemanticCode.unknownLabel, "`\(name)` takes no labelled arguments", at: labelled.labelRange)
      return .error
    }
    let arity: ClosedRange<Int>
    switch name {
    case "abs", "random", "randomInt": arity = 1...1
    case "min", "max": arity = 2...2
    case "clamp", "lerp": arity = 3...3
    default: arity = 1...10_000
    }
    guard arity.contains(args.count) else {
      let tooFew = args.count < arity.lowerBound
      let want =
        arity.lowerBound == arity.upperBound
        ? "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
        : tooFew ? "at least \(arity.lowerBound) argument" : "at most \(arity.upperBound) arguments"
      error(
        tooFew ? SemanticCode.missingArgument : SemanticCode.extraArgument,
        "`\(name)` takes \(want), found \(args.count)", at: range)
      return .error
    }
    // `choose(.up, .downUp)`: enum cases take their enum from where the value goes.
    var cases: AnimType? = nil
    if name == "choose" {
      guard let known = chooseEnum(args, expecting: result) else { return .error }
      cases = known
    }
    // What the result needs of the arguments, gathered as they are checked: the first
    // one's type, the latest stage. Keeping every `Typed` in an array (and mapping it
    // twice) was three allocations a call.
    var first: AnimType? = nil
    var second: AnimType? = nil
    var stage = Stage.constant
    var usesScene = false
    var failed = false
    for (i, a) in args.enumerated() {
      let expected: AnimType? =
        cases ?? (name == "lerp" && i == 2 ? .number : (i > 0 && name != "lerp" ? first : nil))
      let t = check(a.value, expecting: expected?.isError == true ? nil : expected, in: &scope)
      if i == 0 { first = t.type }
      if i == 1 { second = t.type }
      if t.type.isError { failed = true }
      stage = max(stage, t.stage)
      usesScene = usesScene || t.usesScene
    }
    if failed { return .error }
    guard let first else { return .error }
    // `lerp(a, b, t)`: b is checked on its own, then against a's type.
    if name == "lerp", let second {
      let b = conform(Typed(type: second), to: first, at: args[1].value)
      if b.type.isError { return .error }
    }
    switch name {
    case "random", "randomInt":
      // Matched rather than looked up in a list of types: each `.range(…)` is a new box.
      var allowed = false
      if case .range(let element) = first {
        let quantity =
          element.plainIndex == AnimType.duration.plainIndex
          || element.plainIndex == AnimType.angle.plainIndex
        allowed = element.plainIndex == AnimType.number.plainIndex || (name == "random" && quantity)
      }
      guard allowed, case .range(let element) = first else {
        error(
          SemanticCode.typeMismatch,
          "`\(name)` takes a range of \(name == "random" ? "Numbers, Durations or Angles" : "Numbers"), found \(first.withArticle)",
          at: tree.range(args[0].value),
          fixes: tree.kind(args[0].value) == .range
            ? [] : [.replace(tree.range(args[0].value), with: "0..1", "write a range such as `0..1`")])
        return .error
      }
      return Typed(type: element, stage: max(stage, .perRun), usesScene: usesScene)
    case "choose":
      return Typed(type: first, stage: max(stage, .perRun), usesScene: usesScene)
    default:
      guard first == .number || first.isQuantity else {
        error(
          SemanticCode.typeMismatch,
          "`\(name)` works on Numbers, Durations, Angles and Points, found \(first.withArticle)",
          at: tree.range(args[0].value))
        return .error
      }
      return Typed(type: first, stage: stage, usesScene: usesScene)
    }
  }
}

extension Checker {
  /// The enum the cases given to `choose` belong to (§11): the one the value's place
  /// wants, or, with no such place, the one enum that has every case given. `.some(nil)`
  /// when the arguments are not all enum cases (their types decide); nil after an error.
  func chooseEnum(_ args: [Argument], expecting result: AnimType?) -> AnimType?? {
    if case .enumeration? = result { return .some(result) }
    guard !args.isEmpty, args.allSatisfy({ tree.kind($0.value) == .enumCase }) else { return .some(nil) }
    let names = args.map { tree.name($0.value) }
    let kinds = EnumKind.allCases.filter { kind in names.allSatisfy(kind.cases.contains) }
    if kinds.count == 1 { return .some(.enumeration(kinds[0])) }
    let written = names.map { "`.\($0)`" }.joined(separator: ", ")
    let first = tree.range(args[0].value)
    let all = SourceRange(start: first.start, end: tree.range(args[args.count - 1].value).end)
    if kinds.isEmpty {
      error(SemanticCode.unknownEnumCase, "no enum has all of \(written)", at: all)
    } else {
      error(
        SemanticCode.typeMismatch,
        "\(written) are cases of \(kinds.map(\.typeName).joined(separator: " and ")): use `choose` where its value's type is known",
        at: all, notes: ["for example as an argument (`type: choose(.up, .downUp)`), not as a `let` on its own"])
    }
    return nil
  }
}
