/// The live instances (`Element`: `LiveInstance`; tests use others) in creation order,
/// in one block of memory that sampling walks.
///
/// Spawns mostly end in the order they began, so most removals are of the oldest. An
/// array shifted every kept instance each time a burst ended (with 10,000 particles, a
/// megabyte and a half six times a second); here the oldest leave from the front and the
/// rest stay where they are. When the back runs out of room, the free front is taken back,
/// unless live instances fill more than half the storage (then it doubles): storage stays
/// under four times the live count, and each instance is moved O(1) times on average.
final class LiveList<Element>: RandomAccessCollection {
  private var storage: UnsafeMutablePointer<Element>
  private(set) var capacity: Int
  /// Where the first live instance sits in `storage`.
  private var head = 0
  private(set) var count = 0

  init() {
    capacity = 16
    storage = Self.allocate(capacity)
  }

  deinit {
    (storage + head).deinitialize(count: count)
    UnsafeMutableRawPointer(storage).deallocate()
  }

  /// Storage that starts a cache line, so that an element whose stride is a multiple of
  /// 64 bytes starts one too (`LiveInstance` keeps what sampling reads in its first line).
  private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
    let bytes = capacity * MemoryLayout<Element>.stride
    return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Swift.max(64, MemoryLayout<Element>.alignment))
      .bindMemory(to: Element.self, capacity: capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(i: Int) -> Element {
    precondition(i >= 0 && i < count, "index out of range")
    return storage[head &+ i]
  }

  func append(_ element: Element) {
    if head + count == capacity { makeRoom() }
    (storage + head + count).initialize(to: element)
    count += 1
  }

  /// Removes the `n` oldest.
  func removeFirst(_ n: Int) {
    precondition(n >= 0 && n <= count, "removing more than there are")
    (storage + head).deinitialize(count: n)
    head += n
    count -= n
    if count == 0 { head = 0 }
  }

  /// Removes those `ended` says have ended; the rest keep their order.
  func removeAll(where ended: (Element) -> Bool) {
    var kept = head
    for i in head..<head + count {
      if ended(storage[i]) {
        (storage + i).deinitialize(count: 1)
      } else {
        if kept != i { (storage + kept).moveInitialize(from: storage + i, count: 1) }
        kept += 1
      }
    }
    count = kept - head
  }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: storage + head, count: count))
  }

  /// Room at the back: the live instances moved to the front when they fill at most half
  /// the storage (so at least as many have left since the last move), else twice the
  /// storage.
  private func makeRoom() {
    if count <= capacity / 2 {
      storage.moveInitialize(from: storage + head, count: count)
    } else {
      capacity *= 2
      let larger = Self.allocate(capacity)
      larger.moveInitialize(from: storage + head, count: count)
      UnsafeMutableRawPointer(storage).deallocate()
      storage = larger
    }
    head = 0
  }
}
