import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `animate PROP …` (§6): the property, one value form, the timing clauses, and the
/// rules on which clauses fit which animation.
extension Checker {
  func propertyType(_ p: Property) -> AnimType { p.spec.type }

  func lookupProperty(_ nameNode: NodeID) -> Property? {
    // The name is spelled out only for a message: the usual answer is a table lookup.
    if let symbol = tree.symbol(nameNode), let p = facts.property(symbol, tree.name(nameNode)) {
      guard !p.spec.isAnimatable else { return p }
      let name = tree.name(nameNode)
      let range = tree.range(nameNode)
      error(
        SemanticCode.unknownProperty, "`\(name)` is fixed: a block sets it, and it is not animated", at: range,
        notes: ["set it once in the block: `\(p.spec.form)`"])
      return nil
    }
    let name = tree.name(nameNode)
    let range = tree.range(nameNode)
    if name == "contentsRect" {
      error(
        SemanticCode.unknownProperty, "`contentsRect` is not animated (§12.3)", at: range,
        notes: ["set it once in the block: `contentsRect [x, y, w, h]`"])
      return nil
    }
    let near = closestWord(to: name, in: BuiltinNames.animatableProperties)
    error(
      SemanticCode.unknownProperty, "`\(name)` is not an animatable property", at: range,
      notes: ["properties are \(BuiltinNames.animatableProperties.joined(separator: ", "))"],
      fixes: near.map { [.replace(range, with: $0, "did you mean `\($0)`?")] } ?? [])
    return nil
  }

  /// Clauses by word; a clause given twice is reported and the first kept.
  func clauses(of stmt: NodeID, from index: Int) -> Clauses {
    var found = Clauses()
    // By index, straight from the tree: iterating a slice of the children went through
    // the generic slice, and holding the children view retained the tree's column.
    let count = tree.childCount(stmt)
    for k in min(index, count)..<count {
      let c = tree.child(stmt, k)
      guard tree.kind(c) == .clause, let w = tree.word(c) else { continue }
      if let first = found[w] {
        error(
          SemanticCode.duplicateClause, "`\(w.spelling)` is given twice", at: tree.range(c),
          labels: [Label(tree.range(first), "first given here")],
          fixes: [.replace(tree.range(c), with: "", "remove it")])
        continue
      }
      found.add(w, c)
    }
    return found
  }

  /// An animation's clauses by word: a handful of entries, so a list beats hashing. The
  /// first few live inline, and a bit per word answers the usual question — is this
  /// clause absent? — at once: every `animate` builds one and asks a dozen times.
  struct Clauses: Sequence {
    private static let inline = InlineInt32s.count
    /// Bit `w` is set when word `w` (raw value below 64: there are a few dozen) is here.
    private var present: UInt64 = 0
    private var words = InlineInt32s(repeating: 0)
    private var nodes = InlineInt32s(repeating: 0)
    private var count = 0
    /// Entries past the inline ones, in the order given.
    private var more: [(Word, NodeID)] = []

    private static func bit(_ word: Word) -> UInt64? {
      word.rawValue >= 0 && word.rawValue < 64 ? 1 << UInt64(word.rawValue) : nil
    }

    private func rawWord(_ i: Int) -> Int32 {
      guard i < Self.inline else { return more[i - Self.inline].0.rawValue }
      return words[i]
    }

    private func node(_ i: Int) -> NodeID {
      guard i < Self.inline else { return more[i - Self.inline].1 }
      return NodeID(nodes[i])
    }

    /// Inlined: a call cost more than the usual answer (a bit test), a dozen times an `animate`.
    @inline(__always) subscript(word: Word) -> NodeID? {
      if let bit = Self.bit(word), present & bit == 0 { return nil }
      for i in 0..<count where rawWord(i) == word.rawValue { return node(i) }
      return nil
    }

    /// Adds a clause; the caller has checked that `word` is not there yet.
    mutating func add(_ word: Word, _ node: NodeID) {
      if count < Self.inline {
        words[count] = word.rawValue
        nodes[count] = node.index
      } else {
        more.append((word, node))
      }
      count += 1
      // A word without a bit keeps `present` from answering for it; the scan still does.
      if let bit = Self.bit(word) { present |= bit }
    }

    func makeIterator() -> AnyIterator<(Word, NodeID)> {
      var i = 0
      return AnyIterator {
        guard i < count else { return nil }
        defer { i += 1 }
        return (Word(rawValue: rawWord(i)) ?? .from, node(i))
      }
    }
  }

  func checkAnimate(_ stmt: NodeID, in scope: inout BlockScope) -> CheckedAnimation? {
    let nameNode = tree.child(stmt, 0)
    guard tree.kind(nameNode) == .name, let property = lookupProperty(nameNode),
      !refusesOnGroup(property, at: nameNode, in: scope)
    else { return nil }
    let c = clauses(of: stmt, from: 1)
    let type = propertyType(property)
    // The value and the timing are independent: a mistake in one still checks the other.
    let checkedValue = checkAnimationValue(property, type, c, stmt, in: &scope)
    var timing = CheckedTiming()
    let timed = checkTiming(c, into: &timing, in: &scope, isGroup: false)
    // Taken over, not copied: an animation is a few hundred bytes and each copy walks
    // its expressions.
    guard let value = consume checkedValue, timed else { return nil }
    if timing.duration == nil && !(isRealTimeTiming(c, in: &scope)) {
      error(
        SemanticCode.missingDuration, "this animation needs a duration: add `over`", at: tree.range(stmt),
        notes: [
          "only a real-time spring (`spring(response:…)`, `spring(duration:…)`, `spring(mass:…)`) may omit `over`"
        ],
        fixes: [.replace(.at(tree.range(stmt).end), with: " over 1s", "add `over 1s`")])
      return nil
    }
    // Warned before `timing` moves into the animation, so that it is read, not copied.
    report(warnings.unsettledSpring(c[.over], timing))
    var animation = CheckedAnimation(property: property, value: value, timing: timing, range: tree.range(stmt))
    animation.additive = c[.additive] != nil
    animation.cumulative = c[.cumulative] != nil
    return animation
  }

  /// Clauses that only `along` (or, for `rotate`, `with`) gives a meaning. A stored list:
  /// a literal here was an array built for every `animate`.
  private static let alongOnlyWords: [Word] = [.rotate, .pacing]

  /// The value forms: `from/to/by`, `keyframes`, `along`.
  func checkAnimationValue(
    _ property: Property, _ type: AnimType, _ c: Clauses, _ stmt: NodeID, in scope: inout BlockScope
  ) -> CheckedAnimationValue? {
    // Counted, not listed: two arrays an `animate` were most of this check.
    let forms =
      (c[.keyframes] != nil ? 1 : 0) + (c[.along] != nil ? 1 : 0) + (c[.with] != nil ? 1 : 0)
      + (c[.from] != nil || c[.to] != nil || c[.by] != nil ? 1 : 0)
    if forms > 1 || (c[.to] != nil && c[.by] != nil) {
      let second = [c[.by], c[.along], c[.keyframes], c[.with]].compactMap { $0 }.max {
        tree.range($0).start < tree.range($1).start
      }
      error(
        SemanticCode.conflictingValues, "an animation has one value: `from`/`to`, `from`/`by`, `keyframes` or `along`",
        at: tree.range(second ?? stmt))
      return nil
    }
    if c[.along] == nil {
      for w in Self.alongOnlyWords {
        // `rotate` also follows a motion's velocity (§15).
        guard let clause = c[w], !(w == .rotate && c[.with] != nil) else { continue }
        error(
          SemanticCode.clauseNeedsAlong, "`\(w.spelling)` applies only to motion `along` a path", at: tree.range(clause)
        )
        return nil
      }
    }
    if let i = c[.interpolate], c[.keyframes] == nil {
      error(SemanticCode.interpolateNeedsKeyframes, "`interpolate` applies only to `keyframes`", at: tree.range(i))
      return nil
    }
    if let with = c[.with] { return checkMotionValue(property, with, c, stmt, in: &scope) }
    if let along = c[.along] {
      guard property == .position else {
        error(
          SemanticCode.alongNotPosition, "`along` moves `position`; it cannot animate `\(property.rawValue)`",
          at: tree.range(along))
        return nil
      }
      let path = check(tree.child(along, 0), expecting: .path, in: &scope)
      guard !path.type.isError else { return nil }
      var pacing = PathPacing.paced
      var rotation = AlongRotation.none
      checkEnumClause(c[.pacing], .pacing) { pacing = $0 == "linear" ? .linear : .paced }
      checkEnumClause(c[.rotate], .alongRotation) { rotation = $0 == "auto" ? .auto : .autoReverse }
      return .along(.node(tree.child(along, 0)), pacing, rotation)
    }
    if let k = c[.keyframes] { return checkKeyframes(k, type, c, in: &scope) }
    guard c[.from] != nil || c[.to] != nil || c[.by] != nil else {
      error(
        SemanticCode.missingValue, "this animation has no value: add `to`, `from … to`, `by`, `keyframes` or `along`",
        at: tree.range(stmt))
      return nil
    }
    func value(_ w: Word) -> CheckedExpr?? {
      guard let clause = c[w] else { return .some(nil) }
      let t = check(tree.child(clause, 0), expecting: type, in: &scope)
      return t.type.isError ? nil : .some(.node(tree.child(clause, 0)))
    }
    if reportBareNumbers(
      [c[.from], c[.to], c[.by]].compactMap { $0.map { tree.child($0, 0) } }, expecting: type)
    {
      return nil
    }
    // Every clause is checked, so that each of its mistakes is reported in one run.
    let from = value(.from)
    let to = value(.to)
    let by = value(.by)
    guard let from, let to, let by else { return nil }
    return .basic(from: from, to: to, by: by)
  }

  /// Runs `apply` with the case name when the clause's enum value is valid.
  func checkEnumClause(_ clause: NodeID?, _ kind: EnumKind, _ apply: (String) -> Void) {
    guard let clause else { return }
    var scope = BlockScope(.constant)
    let value = tree.child(clause, 0)
    let t = check(value, expecting: .enumeration(kind), in: &scope)
    guard !t.type.isError else { return }
    if tree.kind(value) == .enumCase { return apply(tree.name(value)) }
    // A top-level `let` of one case folds; `choose(.paced, .linear)` does not, and would
    // otherwise be dropped without a word.
    if t.stage == .constant, case .enumCase(let name)? = fold(value) { return apply(name) }
    error(
      SemanticCode.notConstant,
      "this clause needs one \(kind.typeName) case, fixed before the run; it cannot vary per run or spawn",
      at: tree.range(value))
  }

  /// `over delay timing repeat autoreverse fill`, into `timing`; whether all were right.
  /// Filled in place: returned as an optional, the timing (a few hundred bytes) was
  /// copied whole several times on its way into its animation.
  func checkTiming(_ c: Clauses, into timing: inout CheckedTiming, in scope: inout BlockScope, isGroup: Bool) -> Bool {
    var ok = true
    if let over = c[.over] {
      let t = check(tree.child(over, 0), expecting: .duration, in: &scope)
      if t.type.isError { ok = false }
      if let d = constantNumber(t, at: tree.child(over, 0)) {
        if d < 0 {
          error(SemanticCode.negativeDuration, "a duration cannot be negative", at: tree.range(tree.child(over, 0)))
          ok = false
        } else if d == 0 {
          warning(
            SemanticCode.zeroDuration, "a zero-length animation jumps straight to its end value",
            at: tree.range(over), notes: ["give it a duration, or set the property directly"])
        }
      }
      timing.duration = .node(tree.child(over, 0))
    }
    if let delay = c[.delay] {
      let t = check(tree.child(delay, 0), expecting: .duration, in: &scope)
      if t.type.isError { ok = false }
      timing.delay = .node(tree.child(delay, 0))
    }
    if let tf = c[.timing] {
      let t = check(tree.child(tf, 0), expecting: .timing, in: &scope)
      if t.type.isError { ok = false }
      timing.timingFunction = .node(tree.child(tf, 0))
    }
    if let r = c[.repeat] {
      switch tree.flags(r) {
      case 1: timing.repeatCount = .forever
      default:
        let isFor = tree.flags(r) == 2
        let t = check(tree.child(r, 0), expecting: isFor ? .duration : .number, in: &scope)
        if t.type.isError { ok = false }
        if let n = constantNumber(t, at: tree.child(r, 0)), n <= 0 {
          error(
            SemanticCode.badRepeatCount,
            isFor
              ? "`repeat for` needs a positive duration"
              : "a repeat count must be positive, found \(JSONLimits.text(n))",
            at: tree.range(tree.child(r, 0)))
          ok = false
        }
        let count = CheckedExpr.node(tree.child(r, 0))
        timing.repeatCount = isFor ? .duration(count) : .count(count)
      }
    }
    timing.autoreverse = c[.autoreverse] != nil
    checkEnumClause(c[.fill], .fillMode) { timing.fill = FillMode(rawValue: $0) ?? .forwards }
    return ok
  }

  func isRealTimeTiming(_ c: Clauses, in scope: inout BlockScope) -> Bool {
    guard let tf = c[.timing] else { return false }
    var s = scope
    let before = diagnostics.count
    let t = check(tree.child(tf, 0), expecting: .timing, in: &s)
    diagnostics.removeSubrange(before...)
    return t.realTimeSpring
  }
}
