/// One of the syntax tree's arrays of plain records (nodes, kinds, children ids,
/// numbers), which the parser appends to about a million times on a large file.
///
/// A value, as an array is: a copy never sees what another copy appends, truncates or
/// rewrites (its elements are copied on the first such write). The parser keeps each
/// column it appends to held once (`ParallelParse.swift` moves each half's parser, never
/// copies it), so no append pays for a copy.
@usableFromInline struct TreeColumn<Element: BitwiseCopyable> {
  @usableFromInline var elements: [Element] = []

  init(capacity: Int = 0) { elements.reserveCapacity(capacity) }

  @inlinable var count: Int { elements.count }

  @inlinable subscript(i: Int) -> Element { elements[i] }

  var isEmpty: Bool { elements.isEmpty }
  var last: Element? { elements.last }

  @inline(__always) mutating func append(_ element: Element) { elements.append(element) }

  /// Appends `other`'s elements from `start` on. A plain loop: there are two or three,
  /// too few to pay for `append(contentsOf:)`'s general path (a parser profile's 1%).
  @inline(__always) mutating func append(_ other: TreeColumn, from start: Int) {
    guard start >= 0 else { return }
    for k in start..<max(start, other.count) { elements.append(other.elements[k]) }
  }

  /// Drops the elements from `newCount` on (the capacity stays). One `removeLast` each:
  /// a node's few children, too few to pay for `removeLast(_:)`'s general path
  /// (`replaceSubrange`).
  @inline(__always) mutating func truncate(to newCount: Int) {
    while elements.count > max(newCount, 0) { elements.removeLast() }
  }

  mutating func popLast() -> Element? { elements.popLast() }

  mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

  /// Rewrites every element in place: `body(i, &element)` for each index `i` in order.
  @inline(__always) mutating func update(_ body: (Int, inout Element) -> Void) {
    for i in elements.indices { body(i, &elements[i]) }
  }
}

extension TreeColumn: Sendable where Element: Sendable {}
