import Foundation

/// Runs `body` on a thread with a 256 MB stack and waits for it: as `animc` gives its
/// threads (`DeepStack` in the animc target), so tests of deep input in a debug build,
/// whose frames are several times a release build's, do not overflow a test thread's
/// small stack.
public func onDeepStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
  let result = DeepStackResult<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    result.value = body()
    done.signal()
  }
  thread.stackSize = 256 << 20
  thread.start()
  done.wait()
  return result.value!
}

/// Written by the thread before it signals, read after the wait.
private final class DeepStackResult<T>: @unchecked Sendable {
  var value: T?
}
