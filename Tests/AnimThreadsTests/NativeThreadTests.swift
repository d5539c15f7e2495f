import AnimThreads
import Testing

/// Threads sized to need (issue 33, item 10): a deep stack where the input's depth is
/// followed, and a thread that cannot start is an error, not a silent gap.
@Suite struct NativeThreadTests {
  /// Recursion `depth` calls deep: the count of odd depths on the way down, added on
  /// the way up (no tail call to fold away).
  @inline(never) static func recurse(_ depth: Int) -> Int {
    guard depth > 0 else { return 0 }
    return recurse(depth - 1) + depth & 1
  }

  @Test func aStartedThreadRunsAndIsJoined() throws {
    let result = Locked(0)
    // A million frames: tens of megabytes, beyond a default 8 MiB stack.
    let thread = try NativeThread.start(stack: NativeThread.deepStack) {
      let odd = Self.recurse(1_000_000)
      result.withLock { $0 = odd + 1 }
    }
    thread.join()
    // Half of 1…1,000,000 are odd, plus the 1 the body adds.
    #expect(result.withLock { $0 } == 500_001)
  }

  #if os(Linux)
    /// A stack larger than the address space cannot be reserved: `pthread_create` fails,
    /// and the start says so.
    @Test func aThreadThatCannotStartIsAnError() {
      #expect(throws: NativeThread.StartError.self) {
        _ = try NativeThread.start(stack: 1 << 50) {}
      }
      do {
        try NativeThread.detach(stack: 1 << 50) {}
        Issue.record("a thread with a 1 PiB stack started")
      } catch {
        #expect(error.description.hasPrefix("cannot start a thread: "))
      }
    }
  #endif
}
