import AnimThreads
import Dispatch
import Foundation

/// A queue handed from producers to one consumer thread. `put` never waits (a producer,
/// such as the simulation, must never be held up by a consumer); `take` waits for items,
/// a deadline or `close`.
///
/// The items live under a lock; a semaphore counts the wake-ups (one per `put`, one for
/// `close`), so a consumer that finds the queue empty after a wake-up just looks again.
final class Mailbox<Item: Sendable>: Sendable {
  private struct State: Sendable {
    var items: [Item] = []
    var closed = false
  }

  private let state = Locked(State())
  private let wakeUps = DispatchSemaphore(value: 0)

  init() {}

  /// Appends `item`, after `policy` has had its say on what is queued (it may drop items
  /// to keep the queue bounded). Returns false, doing nothing, once closed.
  @discardableResult
  func put(_ item: Item, policy: (inout [Item]) -> Void = { _ in }) -> Bool {
    let queued = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      policy(&state.items)
      state.items.append(item)
      return true
    }
    if queued { wakeUps.signal() }
    return queued
  }

  /// Every queued item, waiting until there is one or `deadline` passes (then empty).
  /// Nil once closed: the consumer stops.
  func take(until deadline: Date) -> [Item]? {
    while true {
      let taken = state.withLock { state -> [Item]?? in
        if state.closed { return .some(nil) }
        guard !state.items.isEmpty else { return nil }
        let items = state.items
        state.items.removeAll(keepingCapacity: true)
        return .some(items)
      }
      if let taken { return taken }
      let wait = max(0, deadline.timeIntervalSinceNow)
      if wakeUps.wait(timeout: .now() + wait) == .timedOut { return isClosed ? nil : [] }
    }
  }

  /// Wakes the consumer for good; later `put`s are refused.
  func close() {
    state.withLock { state in
      state.closed = true
      state.items.removeAll()
    }
    wakeUps.signal()
  }

  var isClosed: Bool { state.withLock { $0.closed } }
}
