import Dispatch

/// One job at a time on a second thread, while the caller goes on: `start` hands it
/// over, `finish` waits for it and returns its result. What a sequence writer uses to
/// encode frame N while frame N + 1 is drawn; the order of the output is the caller's,
/// since it takes each result before it starts the next job.
package final class BackgroundJob<Result: Sendable>: Sendable {
  private let queue = DispatchQueue(label: "animc.background-job")
  private let group = DispatchGroup()
  /// The job's result, written by the job before it leaves `group`; and whether a job
  /// was started and its result not yet taken.
  private let state = Locked<(result: Result?, running: Bool)>((nil, false))
  /// The job runs in `start`, on the caller's thread (`SerialForks`).
  private let serial: Bool

  /// `file` names the site for `SerialForks`.
  package init(file: StaticString = #fileID) {
    serial = SerialForks.contains(file, "")
  }

  /// Starts `job` on the second thread; the caller has taken the previous job's result.
  package func start(_ job: @escaping @Sendable () -> Result) {
    state.withLock { state in
      assert(!state.running, "a job is already running")
      state.running = true
    }
    if serial {
      let result = job()
      state.withLock { $0.result = result }
      return
    }
    group.enter()
    queue.async {
      let result = job()
      self.state.withLock { $0.result = result }
      self.group.leave()
    }
  }

  /// Whether a job was started and has returned its result, so `finish` will not wait.
  package var hasFinished: Bool { state.withLock { $0.running && $0.result != nil } }

  /// Waits for the running job, if any, and returns its result.
  package func finish() -> Result? {
    guard state.withLock({ $0.running }) else { return nil }
    group.wait()
    return state.withLock { state in
      defer { state = (nil, false) }
      return state.result
    }
  }
}
