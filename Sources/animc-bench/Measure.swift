import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock timing and peak memory for benchmarks.
enum Measure {
  /// Best of `runs` wall-clock times of `body`, in seconds.
  static func best(runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = min(best, elapsed)
    }
    return best
  }

  /// The process's peak resident set size so far, in bytes.
  static var peakResidentBytes: Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
  }

  /// The current resident set size, from /proc (Linux), in bytes.
  static var currentResidentBytes: Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// CPU time the calling thread has used, in seconds.
  static var threadCPUSeconds: Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// Runs `executable` with `arguments` (stdout and stderr to /dev/null) and waits for it
  /// with `waitpid`; returns its exit status, or nil when it could not start.
  ///
  /// Not Foundation's `Process`: on Linux its `waitUntilExit` looks for the exit every
  /// 50 ms, which rounds every process timing up to the next 50 ms step.
  static func spawnAndWait(_ executable: String, _ arguments: [String]) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }

  static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}
