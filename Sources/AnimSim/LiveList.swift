import AnimModel

/// The live instances (`Element`: `LiveInstance`; tests use others) in creation order,
/// in one array that sampling walks from `head`.
///
/// Spawns mostly end in the order they began, so most removals are of the oldest. An
/// array that shifted every kept instance each time a burst ended moved the whole live
/// set several times a second; here the oldest leave by moving `head`, and the ended
/// prefix is dropped in one move only once it is as long as the live part: each
/// instance is moved O(1) times on average, and the ended ones kept (until that move)
/// are never more than the live ones (or a handful).
final class LiveList<Element>: RandomAccessCollection {
  /// Ended elements before `head`, live ones from it.
  private(set) var storage: ContiguousArray<Element> = []
  /// Where the first live instance sits in `storage`.
  private(set) var head = 0

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { storage.count - head }
  var count: Int { storage.count - head }

  subscript(i: Int) -> Element {
    precondition(i >= 0 && i < count, "index out of range")
    return storage[head + i]
  }

  func append(_ element: Element) {
    storage.append(element)
  }

  /// The last element, if any.
  var last: Element? { count > 0 ? storage[storage.count - 1] : nil }

  /// Removes the `n` oldest.
  func removeFirst(_ n: Int) {
    precondition(n >= 0 && n <= count, "removing more than there are")
    head += n
    if head >= Swift.max(count, 16) || count == 0 {
      storage.removeFirst(head)
      head = 0
    }
  }

  /// Changes every live element in place, in order.
  func updateAll(_ change: (inout Element) -> Void) {
    for i in head..<storage.count { change(&storage[i]) }
  }

  /// Removes those `ended` says have ended; the rest keep their order.
  ///
  /// The ended ones mostly form a few runs (a burst that ends together, an instance that
  /// lived shorter than those around it): each run is removed as one block, from the
  /// last, so that the elements after it move in one copy of their bytes. Partitioning
  /// copied every kept element one by one, retaining and releasing each one's references.
  /// Past `maxRuns` runs, the rest (from the front) is partitioned after all.
  func removeAll(where ended: (Element) -> Bool) {
    storage.removeFirst(head)
    head = 0
    var runs = 0
    var end = storage.count
    while end > 0 {
      guard ended(storage[end - 1]) else {
        end -= 1
        continue
      }
      guard runs < Self.maxRuns else {
        storage[..<end].removeAll(where: ended)
        return
      }
      var start = end - 1
      while start > 0 && ended(storage[start - 1]) { start -= 1 }
      storage.removeSubrange(start..<end)
      runs += 1
      end = start
    }
  }

  /// Runs of ended elements removed as blocks before the rest is partitioned.
  static var maxRuns: Int { 16 }
}
