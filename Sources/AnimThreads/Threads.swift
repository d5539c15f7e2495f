import Foundation

// The package's concurrency kernel: the one lock and the one fork-join. Each holds the
// package's only unchecked `Sendable` of its kind, and says why it is sound. The one
// other way to use a second thread, a job that overlaps the caller's next step, is
// `BackgroundJob` beside it; `SerialForks` can put any of them on one thread.

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

/// Two pieces of work run at once, on the caller's thread and one of its own, returning
/// when both are done: how the parser and the checker use a second core.
///
/// The one place that hands work that is not `Sendable` to another thread (a parser, a
/// checker: classes and structs with mutable state). It is safe when the two closures
/// write disjoint state and share only what neither writes while they run; the caller is
/// blocked until both return, so nothing they touch is used by anyone else meanwhile.
/// Each caller says why its two closures are disjoint (`ParallelParse.swift`,
/// `ParallelTemplates.swift`), and its differential test holds the result to one
/// thread's. A site stays only while its benchmark gains more than 15 % on two cores
/// (issue 28); the value check's and the lowering's splits did not, and were removed.
package enum ForkJoin {
  /// `file` and `function` name the call site for `SerialForks`.
  package static func run(
    _ first: () -> Void, _ second: () -> Void, file: StaticString = #fileID, function: StaticString = #function
  ) {
    if SerialForks.contains(file, function) {
      first()
      second()
      return
    }
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let pair = Pair(first, second)
        // The second piece recurses as deep as the caller's (a half of a parse, of a
        // check): a thread with a deep stack, joined before `second` goes out of scope.
        // No thread to be had: the pieces run in turn, one schedule two threads may take.
        guard let thread = try? NativeThread.start(stack: NativeThread.deepStack, { pair.second() }) else {
          pair.first()
          pair.second()
          return
        }
        pair.first()
        thread.join()
      }
    }
  }

  /// The two closures: the first runs on the caller's thread, the second on its own.
  private final class Pair: @unchecked Sendable {
    let first: () -> Void
    let second: () -> Void
    init(_ first: @escaping () -> Void, _ second: @escaping () -> Void) {
      self.first = first
      self.second = second
    }
  }
}

/// For benchmarks: the two-thread sites named in `ANIMC_SERIAL_FORKS` (comma-separated
/// parts of a site's file and function, such as `ParallelParse.swift` or
/// `renumber`, or `all`) run their two pieces one after the other on the caller's
/// thread, so that a benchmark measures what each second thread gains. The output is the
/// same: each site's two pieces are disjoint, so running them in turn is one of the
/// schedules two threads may take.
package enum SerialForks {
  private static let names: [String] =
    (ProcessInfo.processInfo.environment["ANIMC_SERIAL_FORKS"] ?? "").split(separator: ",").map(String.init)

  /// Whether the site in `function` of `file` runs on one thread.
  package static func contains(_ file: StaticString, _ function: StaticString) -> Bool {
    guard !names.isEmpty else { return false }
    let site = "\(file) \(function)"
    return names.contains { $0 == "all" || site.contains($0) }
  }
}
