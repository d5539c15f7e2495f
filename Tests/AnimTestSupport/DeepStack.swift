import Foundation

/// Runs `body` on a thread with a 256 MB stack and waits for it: as `animc` gives its
/// threads (`DeepStack` in the animc target), so tests of deep input in a debug build,
/// whose frames are several times a release build's, do not overflow a test thread's
/// small stack.
public func onDeepStack<T>(_ body: @escaping @Sendable () -> T) -> T {
  onOwnThread(stackBytes: 256 << 20, seconds: nil, body)!
}

/// Runs `body` on a thread of its own with a stack of `stackBytes`; its result, or nil
/// when `seconds` (if given) pass first.
func onOwnThread<T>(stackBytes: Int, seconds: Double?, _ body: @escaping @Sendable () -> T) -> T? {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.result = body()
    done.signal()
  }
  thread.stackSize = stackBytes
  thread.start()
  guard let seconds else {
    done.wait()
    return box.result
  }
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return box.result
}

/// Carries a result out of a thread: written before the semaphore is signalled, read
/// after the wait.
private final class ResultBox<T>: @unchecked Sendable {
  var result: T?
}
