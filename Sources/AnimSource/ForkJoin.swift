import Dispatch

/// Two pieces of work run at once, on two threads, returning when both are done: how the
/// parser and the checker use a second core.
///
/// The one place that hands work that is not `Sendable` to another thread (a parser, a
/// checker: classes and structs with mutable state). It is safe when the two closures
/// write disjoint state and share only what neither writes while they run; the caller is
/// blocked until both return, so nothing they touch is used by anyone else meanwhile.
/// Each caller says why its two closures are disjoint (`ParallelParse.swift`,
/// `ParallelGlobals.swift`, `ParallelTemplates.swift`, `Lowering.swift`), and its
/// differential test holds the result to one thread's.
public enum ForkJoin {
  public static func run(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let pair = Pair(first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { i in i == 0 ? pair.first() : pair.second() }
      }
    }
  }

  /// The two closures, sent to `concurrentPerform`'s threads; each runs on one of them.
  private final class Pair: @unchecked Sendable {
    let first: () -> Void
    let second: () -> Void
    init(_ first: @escaping () -> Void, _ second: @escaping () -> Void) {
      self.first = first
      self.second = second
    }
  }
}
