import AnimModel
import AnimOutput
import AnimSim
import AnimSource
import AnimSyntax
import AnimThreads
import AnimWriters

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exit statuses scripts can rely on (spec §10).
enum ExitStatus: Int32 {
  case success = 0
  /// The input has errors (diagnostics were printed).
  case failure = 1
  /// The command could not run: bad arguments, unreadable input.
  case usage = 2
}

/// Where output goes: results to stdout, everything for people to stderr.
enum Console {
  /// Writes a result. A result that does not reach standard output (a full disk, a closed
  /// pipe) is remembered, and `main` then ends the command with exit 2 whatever it
  /// returned: output cut short must never look like success.
  static func out(_ s: String) { out(Array(s.utf8)) }

  static func out(_ bytes: [UInt8]) {
    guard !FileDescriptorIO.writeAll(bytes, to: STDOUT_FILENO) else { return }
    let code = errno
    lostOutput.withLock { $0 = code != 0 ? code : EIO }
  }

  /// Writes a message for people; one that cannot be shown changes nothing.
  static func err(_ s: String) { FileDescriptorIO.writeAll(Array(s.utf8), to: STDERR_FILENO) }

  /// The `errno` of the first result that could not be written to standard output, 0 if none.
  ///
  /// A lock, which is not async-signal-safe, is right here because no signal handler
  /// reaches it: animc's handlers only set a `sig_atomic_t` flag (`stopRequested`,
  /// `previewStop`) or remove temporary files (`SignalCleanup`), and never write output.
  /// `out` may run on any thread, and `finish` reads the code after the command returned.
  static let lostOutput = Locked<Int32>(0)

  /// Exit 2 with the reason when a result was lost (see `out`), else `status`.
  static func finish(_ status: ExitStatus) -> ExitStatus {
    let code = lostOutput.withLock { $0 }
    guard code != 0 else { return status }
    return fail("cannot write standard output: \(String(cString: strerror(code)))")
  }

  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Colour on stderr only for a terminal, and never when `NO_COLOR` is set.
  static func useColor(_ choice: String?) -> Bool {
    switch choice {
    case "always": return true
    case "never": return false
    default:
      return stderrIsTerminal && getenv("NO_COLOR") == nil && String(cString: getenv("TERM") ?? strdup("")) != "dumb"
    }
  }

  /// Reports an error that ended a run: a simulation error at a source position as a
  /// diagnostic (exit 1), anything else as a problem with the command (exit 2).
  static func report(_ error: any Error, in file: SourceFile, color: String?) -> ExitStatus {
    switch error {
    case let error as SimulationError:
      guard error.range != nil else { return fail(error.message) }
      err(DiagnosticRenderer(useColor: useColor(color)).render([error.diagnostic], in: file))
      return .failure
    case let error as UsageError: return fail(error.message)
    case let error as LottieExportError:
      err("animc: error: \(error.description)\n")
      return .failure
    case let error as OutputError: return fail(error.message)
    default: return fail("\(error)")
    }
  }

  /// `animc: error: …` for problems with the command itself.
  static func fail(_ message: String) -> ExitStatus {
    err("animc: error: \(message)\n")
    return .usage
  }
}
