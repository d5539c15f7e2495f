/// One of the syntax tree's arrays of plain records (nodes, kinds, children ids,
/// numbers), which the parser appends to about a million times on a large file.
///
/// `Array.append` asks the runtime whether its buffer is shared before every write, a
/// call per append for buffers that are never shared while they grow. A column is laid out as an array is (one reference to
/// a buffer holding the count, the capacity and the elements, so a tree is no larger to
/// copy and a read costs the same) but appends without asking.
///
/// Copies of a column read the same elements. Only one copy may append, as an append
/// by a second copy would write over the first's: a tree is built by one parser, which
/// never appends to a tree it copied (`ParallelParse.swift` hands each half to one
/// thread and takes it back).
@usableFromInline struct TreeColumn<Element: BitwiseCopyable>: @unchecked Sendable {
  @usableFromInline var storage: TreeColumnStorage<Element>

  init(capacity: Int = 0) { storage = .make(capacity: capacity) }

  @inlinable var count: Int { storage.headerCount }

  @inlinable subscript(i: Int) -> Element {
    precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "tree index out of range")
    return storage.withUnsafeMutablePointerToElements { $0[i] }
  }

  var isEmpty: Bool { count == 0 }
  var last: Element? { count > 0 ? self[count - 1] : nil }

  /// Counts are added with `&+` here: a column never nears `Int.max` elements, so an
  /// overflow check on every append would test what cannot happen.
  @inline(__always) mutating func append(_ element: Element) {
    let n = count
    if n == storage.headerCapacity { grow(to: n &+ 1) }
    storage.withUnsafeMutablePointerToElements { $0[n] = element }
    storage.headerCount = n &+ 1
  }

  /// Appends `other`'s elements from `start` on (a plain loop: there are two or three).
  @inline(__always) mutating func append(_ other: TreeColumn, from start: Int) {
    let n = count
    let added = other.count &- start
    guard added > 0 else { return }
    if n &+ added > storage.headerCapacity { grow(to: n &+ added) }
    storage.withUnsafeMutablePointerToElements { to in
      other.storage.withUnsafeMutablePointerToElements { from in
        for k in 0..<added { to[n &+ k] = from[start &+ k] }
      }
    }
    storage.headerCount = n &+ added
  }

  /// Drops the elements from `newCount` on.
  @inline(__always) func truncate(to newCount: Int) {
    if newCount < count { storage.headerCount = max(newCount, 0) }
  }

  func popLast() -> Element? {
    guard count > 0 else { return nil }
    storage.headerCount -= 1
    return storage.withUnsafeMutablePointerToElements { $0[count] }
  }

  mutating func reserveCapacity(_ n: Int) {
    if n > storage.headerCapacity { grow(to: n, exactly: true) }
  }

  /// Moves the elements to a buffer of at least `needed` (twice the capacity, unless
  /// `exactly`); a copy sharing the old buffer keeps it, unchanged.
  private mutating func grow(to needed: Int, exactly: Bool = false) {
    let bigger = TreeColumnStorage<Element>.make(capacity: exactly ? needed : max(needed, storage.headerCapacity * 2))
    let n = count
    storage.withUnsafeMutablePointerToElements { from in
      bigger.withUnsafeMutablePointerToElements { to in to.initialize(from: from, count: n) }
    }
    bigger.headerCount = n
    storage = bigger
  }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try storage.withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: count)) }
  }

  func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
    try storage.withUnsafeMutablePointerToElements { try body(UnsafeMutableBufferPointer(start: $0, count: count)) }
  }
}

/// A column's count and capacity, ahead of its elements.
@usableFromInline struct TreeColumnHeader {
  @usableFromInline var count: Int
  @usableFromInline var capacity: Int
}

/// A column's buffer. Its elements are plain records: nothing to deinitialize.
@usableFromInline final class TreeColumnStorage<Element: BitwiseCopyable>: ManagedBuffer<TreeColumnHeader, Element> {
  // The header is read and written through its pointer: `header` is a class's stored
  // property, so each of the parser's millions of appends would have every access to it
  // checked for exclusivity at run time. A column is appended to by one parser only (see
  // `TreeColumn`), so no two accesses overlap.
  @inlinable var headerCount: Int {
    get { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    set { withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
  }

  @inlinable var headerCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

  static func make(capacity: Int) -> TreeColumnStorage {
    let c = max(capacity, 1)
    let buffer = create(minimumCapacity: c) { _ in TreeColumnHeader(count: 0, capacity: c) }
    return unsafeDowncast(buffer, to: TreeColumnStorage.self)
  }
}
