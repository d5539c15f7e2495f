import AnimIR
import AnimModel
import AnimSource

/// A block's timeline items laid out once, flat, in the order `TimelineCompiler` visits
/// them (an item, then its children's entries), with what the items' spawns share learnt
/// at the first evaluation.
///
/// Why: a spawn evaluates its template's block, and walking the syntax tree copied each
/// `Animation` and its `Timing` out of their indirect enums, several hundred instructions
/// apiece, at every spawn. Here the compiler reads numbers, flags and the expressions it
/// evaluates in place, and evaluates a clause or a value only when it can differ.
///
/// A timing is *fixed* when each of its clauses is `Expr.isSameAtEverySpawn`, and a basic
/// animation's values are when `from`, `to` and `by` are: such an expression reads nothing
/// a spawn sets and draws nothing from the emitter's stream, so every spawn evaluates it to
/// the same value, and leaving it out leaves every later draw where it was (§7). A plan
/// kept for a template (`Simulator.spawnPlans`) evaluates them once; a plan made for one
/// evaluation learns them for nothing.
final class TimelinePlan {
  /// One timeline item.
  struct Item {
    enum Kind {
      /// Animation `n` of the block (`animations[n]`), in source order.
      case animation(Int)
      case group
      case sequence
    }
    let kind: Kind
    /// The entries after this one that belong to its children and their descendants.
    let descendants: Int
    /// Whether its clauses give a duration (a group without one lasts as its children).
    let hasDuration: Bool
    /// Whether every clause is the same at every spawn.
    let fixedTiming: Bool
  }

  /// What a timing clause evaluation gave: the timing and `repeat for`'s total.
  typealias EvaluatedTiming = (timing: ActiveTiming, repeatFor: Double?)

  let items: [Item]
  /// Each item's timing clauses, by item.
  let clauses: [Timing]
  /// The block's animations, in source order.
  let animations: [Animation]
  let targets: [PropertyTarget]
  /// Whether animation n is basic with values the same at every spawn.
  let fixedValues: [Bool]
  /// Whether an animation's property brings the stroke's or the trim's dump fields (§9).
  let bringsStroke: Bool
  let bringsTrim: Bool
  /// Whether an item is a group or a sequence.
  let hasGroups: Bool

  /// Fixed timings, by item, once evaluated.
  private var learntTimings: [EvaluatedTiming?]
  /// Fixed basic values, by animation, once evaluated.
  private var learntValues: [BasicValues?]

  /// The plan of `body`'s timeline statements, in statement order.
  init(_ body: [BlockStatement]) {
    var builder = Builder()
    for statement in body {
      if case .timeline(let item) = statement { builder.add(item) }
    }
    items = builder.items
    clauses = builder.clauses
    animations = builder.animations
    targets = animations.map { PropertyTarget($0.property) }
    fixedValues = animations.map(Self.hasFixedValues)
    bringsStroke = animations.contains { $0.property.bringsStroke }
    bringsTrim = animations.contains { $0.property.bringsTrim }
    hasGroups = items.count > animations.count
    learntTimings = Array(repeating: nil, count: items.count)
    learntValues = Array(repeating: nil, count: animations.count)
  }

  /// Item `i`'s fixed timing, once evaluated.
  func learntTiming(_ i: Int) -> EvaluatedTiming? { learntTimings[i] }

  /// Notes item `i`'s timing, evaluated from its clauses, if it is fixed.
  func learn(_ timing: EvaluatedTiming, item i: Int) {
    if items[i].fixedTiming { learntTimings[i] = timing }
  }

  /// Animation `n`'s fixed basic values, once evaluated.
  func learntValues(_ n: Int) -> BasicValues? { learntValues[n] }

  /// Notes animation `n`'s kind, evaluated from its value, if its values are fixed.
  func learn(_ kind: CompiledAnimation.Kind, animation n: Int) {
    if fixedValues[n], case .basic(let values) = kind { learntValues[n] = values }
  }

  private static func hasFixedValues(_ a: Animation) -> Bool {
    guard case .basic(let from, let to, let by) = a.value else { return false }
    return [from, to, by].allSatisfy { $0?.isSameAtEverySpawn ?? true }
  }

  /// Lays out items depth first.
  private struct Builder {
    var items: [Item] = []
    var clauses: [Timing] = []
    var animations: [Animation] = []

    mutating func add(_ item: TimelineItem) {
      let at = items.count
      switch item {
      case .animation(let a):
        append(.animation(animations.count), descendants: 0, a.timing)
        animations.append(a)
      case .group(let timing, let children), .sequence(let timing, let children):
        let isSequence: Bool
        if case .sequence = item { isSequence = true } else { isSequence = false }
        append(isSequence ? .sequence : .group, descendants: 0, timing)
        for child in children { add(child) }
        items[at] = Item(
          kind: items[at].kind, descendants: items.count - at - 1, hasDuration: items[at].hasDuration,
          fixedTiming: items[at].fixedTiming)
      }
    }

    private mutating func append(_ kind: Item.Kind, descendants: Int, _ timing: Timing) {
      items.append(
        Item(
          kind: kind, descendants: descendants, hasDuration: timing.duration != nil,
          fixedTiming: timing.isSameAtEverySpawn))
      clauses.append(timing)
    }
  }
}
