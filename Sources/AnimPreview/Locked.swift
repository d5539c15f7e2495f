import Foundation

/// A value shared between threads, reached only through `withLock`.
///
/// The one place in the preview where a lock is taken by hand: `@unchecked Sendable` is
/// sound because `value` is private and every access holds `lock`, and `Value` is itself
/// `Sendable`, so nothing reached through it escapes the lock unsafely.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// A queue handed from producers to one consumer thread. `put` never waits (a producer,
/// such as the simulation, must never be held up by a consumer); `take` waits for items,
/// a deadline or `close`.
///
/// `@unchecked Sendable` for the same reason as `Locked`: the items are private and only
/// touched while `condition` is held.
final class Mailbox<Item: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Item] = []
  private var closed = false

  init() {}

  /// Appends `item`, after `policy` has had its say on what is queued (it may drop items
  /// to keep the queue bounded). Returns false, doing nothing, once closed.
  @discardableResult
  func put(_ item: Item, policy: (inout [Item]) -> Void = { _ in }) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !closed else { return false }
    policy(&items)
    items.append(item)
    condition.signal()
    return true
  }

  /// Every queued item, waiting until there is one or `deadline` passes (then empty).
  /// Nil once closed: the consumer stops.
  func take(until deadline: Date) -> [Item]? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !closed {
      if !condition.wait(until: deadline) { break }
    }
    if closed { return nil }
    let taken = items
    items.removeAll(keepingCapacity: true)
    return taken
  }

  /// Wakes the consumer for good; later `put`s are refused.
  func close() {
    condition.lock()
    closed = true
    items.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  var isClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closed
  }
}
