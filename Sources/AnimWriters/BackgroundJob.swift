import Dispatch

/// One job at a time on a second thread, while the caller goes on: `start` hands it
/// over, `finish` waits for it and returns its result. What a sequence writer uses to
/// encode frame N while frame N + 1 is drawn; the order of the output is the caller's,
/// since it takes each result before it starts the next job.
///
/// `@unchecked Sendable`: `result` is written only by the job, before it leaves `group`,
/// and read only after `group.wait()` returns, which orders the two; `running` is touched
/// only by the caller's thread. Nothing else is shared.
final class BackgroundJob<Result: Sendable>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "animc.background-job")
  private let group = DispatchGroup()
  private var result: Result?
  private var running = false

  /// Starts `job` on the second thread; the caller has taken the previous job's result.
  func start(_ job: @escaping @Sendable () -> Result) {
    assert(!running, "a job is already running")
    running = true
    group.enter()
    queue.async {
      self.result = job()
      self.group.leave()
    }
  }

  /// Waits for the running job, if any, and returns its result.
  func finish() -> Result? {
    guard running else { return nil }
    group.wait()
    running = false
    defer { result = nil }
    return result
  }
}
