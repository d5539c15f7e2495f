import Foundation

/// A value shared between threads, reached only through `withLock`: the one lock type of
/// the package, a class so that it is shared by reference.
///
/// Foundation's `NSLock`, which every supported system has: the standard library's own
/// lock (the Synchronization module) needs macOS 15 and iOS 18, past the package's floor
/// of macOS 12 and iOS 15 (`PlatformFloorTests`).
///
/// Sendable without the compiler's check: `value` is read and written only inside
/// `withLock`, with `lock` held, and a `Value` handed between threads is itself `Sendable`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` on the value with the lock held; the lock is released when it returns or
  /// throws. `body` must not call `withLock` on the same lock: `NSLock` is not recursive.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
