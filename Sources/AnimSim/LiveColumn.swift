import AnimMath
import AnimModel

/// What sampling reads of each live instance's own numbers in every frame, one instance
/// after another in the order they were created (the order in which sampling visits
/// them): each basic animation's first `from` and end channel (`AnimationBlock.scalars`)
/// and, for an instance that drifts along a flat curve (`FlatCurvePath`), that curve's
/// entry.
///
/// Why: those numbers live in each instance's own arrays (separate allocations, most of
/// a curve's layout unread by any one frame), so every particle cost a cache miss or two
/// that the processor could not foresee. Read in live order from one array, a frame's
/// reads move forward through memory, which the hardware prefetcher follows.
///
/// A curve's entry (`curveStride` numbers): the layout's first 11 numbers (degree, arc
/// length, interval count, control points), then the index of an interval and a copy of
/// the numbers of that interval and the `cachedRows - 1` after it. Progress only moves
/// on between frames, so one of those usually holds the arc length
/// (`FlatCurvePath.holds`, true of one interval only); when none does, the instance's
/// own layout finds the interval (`FlatCurvePath.interval`) and the entry copies it and
/// the ones after it. Either way the point is computed from the same numbers as
/// `FlatCurvePath.point(at:)` computes it, bit for bit; the scalars are copies too.
///
/// An instance keeps its numbers' *positions*: positions only grow (`base` is the
/// position of `numbers[0]`), so dropping the ended instances' numbers at the front
/// changes no instance. Ended numbers elsewhere are left in place until they are as many
/// as the live ones; the column is then rebuilt in live order (`Simulator.rebuildColumn`).
/// Each number is moved O(1) times on average, and the column holds at most about twice
/// the live ones.
struct LiveColumn {
  /// Intervals a curve entry holds a copy of.
  static let cachedRows = 4
  /// Numbers per curve entry.
  static let curveStride = rowSlot + cachedRows * FlatCurvePath.intervalStride
  /// Where a curve entry keeps its first interval's index, and the copies of the rows.
  static let intervalSlot = 11
  static let rowSlot = 12

  /// The numbers, from position `base` on.
  private(set) var numbers: ContiguousArray<Double> = []
  /// The position of `numbers[0]`.
  private(set) var base = 0
  /// Numbers of live instances (the rest are ended ones not yet dropped).
  private(set) var liveNumbers = 0

  /// How many numbers an instance with `block` takes.
  static func size(of block: AnimationBlock) -> Int {
    2 * block.scalars.count + (block.curve == nil ? 0 : curveStride)
  }

  /// Appends `block`'s numbers; returns the positions of its curve's entry (-1 without
  /// a curve) and of its scalars.
  mutating func append(_ block: AnimationBlock) -> (curve: Int, scalars: Int) {
    // The scalars first, then the curve's entry: a frame reads the scalars, the entry's
    // first numbers and one of its intervals, so the first two are adjacent.
    let scalarsAt = base + numbers.count
    for pair in block.scalars {
      numbers.append(pair.x)
      numbers.append(pair.y)
    }
    var curveAt = -1
    if let curve = block.curve {
      curveAt = base + numbers.count
      numbers.append(contentsOf: curve.numbers[0..<Self.intervalSlot])
      numbers.append(contentsOf: repeatElement(0, count: Self.curveStride - Self.intervalSlot))
      Self.copyRows(curve, from: 0, into: &numbers, at: curveAt - base)
    }
    liveNumbers += Self.size(of: block)
    return (curveAt, scalarsAt)
  }

  /// An instance whose numbers were `count` has ended.
  mutating func noteEnded(numbers count: Int) {
    liveNumbers = max(liveNumbers - count, 0)
  }

  /// Animation `k`'s first `from` and end channel, for the instance whose scalars are at
  /// `position`: `block.scalars[k]`.
  @inline(__always)
  func scalars(at position: Int, _ k: Int) -> (from: Double, end: Double) {
    let i = position &- base &+ 2 &* k
    return (numbers[i], numbers[i &+ 1])
  }

  /// `point(at:_:_:)` when one of the entry's copied intervals holds p·L (the usual
  /// case: progress moves on a little between frames), nil when none does. It reads the
  /// column alone, not the instance's own layout.
  @inline(__always)
  func cachedPoint(at position: Int, _ p: Double) -> Point? {
    let e = position &- base
    // One test that the whole entry lies in the column, after which the reads below
    // (at fixed offsets inside it) need none of their own.
    guard e >= 0, e <= numbers.count - Self.curveStride else { return nil }
    let s = p * numbers[e + 1]
    let count = Int(truncatingIfNeeded: (numbers[e + 2] + 0x1.8p52).bitPattern & 0xFFFF_FFFF)
    let first = Int(truncatingIfNeeded: (numbers[e + Self.intervalSlot] + 0x1.8p52).bitPattern & 0xFFFF_FFFF)
    for k in 0..<Self.cachedRows {
      let j = first &+ k
      guard j < count else { return nil }
      let row = e + Self.rowSlot + k * FlatCurvePath.intervalStride
      if FlatCurvePath.holds(j, of: count, from: numbers[row], to: numbers[row + 1], s) {
        return FlatCurvePath.bezierPoint(numbers, at: e, FlatCurvePath.evaluate(numbers, row: row, s))
      }
    }
    return nil
  }

  /// The point at progress `p` (0 < p < 1) of the curve whose entry is at `position`:
  /// `curve.point(at: p)`, `curve` being the instance's own layout.
  @inline(__always)
  mutating func point(at position: Int, _ p: Double, _ curve: FlatCurvePath) -> Point {
    let e = position &- base
    let s = p * numbers[e &+ 1]
    let count = curve.intervals
    let first = Int(truncatingIfNeeded: (numbers[e &+ Self.intervalSlot] + 0x1.8p52).bitPattern & 0xFFFF_FFFF)
    var row = e &+ Self.rowSlot
    var j = first
    while !(j < count && FlatCurvePath.holds(j, of: count, from: numbers[row], to: numbers[row &+ 1], s)) {
      j &+= 1
      row &+= FlatCurvePath.intervalStride
      if j == first &+ Self.cachedRows || j >= count {
        let found = curve.interval(at: p, s)
        Self.copyRows(curve, from: found.j, into: &numbers, at: e)
        row = e &+ Self.rowSlot
        break
      }
    }
    return FlatCurvePath.bezierPoint(numbers, at: e, FlatCurvePath.evaluate(numbers, row: row, s))
  }

  /// Copies intervals `j…` (as many as the entry holds, and the curve has) of `curve`
  /// into the entry at `e`, and notes `j`.
  static func copyRows(_ curve: FlatCurvePath, from j: Int, into numbers: inout ContiguousArray<Double>, at e: Int) {
    numbers[e &+ intervalSlot] = Double(j)
    let rows = min(cachedRows, curve.intervals &- j)
    let from = FlatCurvePath.header &+ j &* FlatCurvePath.intervalStride
    for k in 0..<max(rows, 0) &* FlatCurvePath.intervalStride {
      numbers[e &+ rowSlot &+ k] = curve.numbers[from &+ k]
    }
  }

  /// Whether ended numbers are as many as the live ones (and enough to be worth a
  /// pass): the caller then rebuilds the column.
  var needsRebuild: Bool {
    let ended = numbers.count - liveNumbers
    return ended > 4096 && ended >= liveNumbers
  }

  /// Drops the numbers before `position` (the first live instance's; nil when none is
  /// live) once they are at least as many as those after it.
  mutating func dropBefore(_ position: Int?) {
    guard let position else {
      restart()
      return
    }
    let ended = position - base
    guard ended > 0, ended >= numbers.count - ended else { return }
    numbers.removeFirst(ended)
    base = position
  }

  /// Starts again, empty, from the next position (a rebuild appends every live instance).
  mutating func restart() {
    base += numbers.count
    numbers.removeAll(keepingCapacity: true)
    liveNumbers = 0
  }
}
