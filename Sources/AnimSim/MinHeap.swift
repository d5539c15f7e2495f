/// What a `MinHeap` orders by: whether a value comes out before another.
protocol HeapOrdered {
  func precedes(_ other: Self) -> Bool
}

extension Double: HeapOrdered {
  @inline(__always) func precedes(_ other: Double) -> Bool { self < other }
}

/// A binary min-heap: `first` is a value that no other precedes.
struct MinHeap<Element: HeapOrdered & Sendable>: Sendable {
  private var items: [Element] = []

  var first: Element? { items.first }
  var count: Int { items.count }

  mutating func insert(_ value: Element) {
    items.append(value)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard items[i].precedes(items[parent]) else { break }
      items.swapAt(parent, i)
      i = parent
    }
  }

  @discardableResult
  mutating func removeFirst() -> Element? {
    guard let top = items.first else { return nil }
    let last = items.removeLast()
    guard !items.isEmpty else { return top }
    items[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count && items[l].precedes(items[m]) { m = l }
      if r < items.count && items[r].precedes(items[m]) { m = r }
      if m == i { break }
      items.swapAt(i, m)
      i = m
    }
    return top
  }
}
