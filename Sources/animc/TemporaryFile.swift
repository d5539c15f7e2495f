import AnimOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary file an output is being written to, removed if a signal ends animc
/// first (Ctrl-C during a long `dump -o`, a `kill`): the target is replaced only by a
/// finished file, and nothing half-written is left beside it either. Only dump's
/// `StreamingOutput` still uses it; AnimOutput's `SignalCleanup` does this for every
/// other output, and will for dump once it writes through `AnimOutput.OutputFile`.
enum TemporaryFile {
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The path of a temporary file in `target`'s folder (`.NAME.animc-PID.tmp`, so a
  /// rename replaces the target at once); from now until `end`, a signal removes it
  /// before it ends the process as usual.
  static func begin(beside target: String) -> String {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    let path = folder + "." + name + ".animc-\(getpid()).tmp"
    let previous = pendingPath
    pendingPath = strdup(path)
    free(previous)
    for s in signals { signal(s, removePendingAndReraise) }
    return path
  }

  /// Lets SIGINT, SIGTERM and SIGHUP through, at startup. A parent may have started
  /// animc with them blocked (Foundation's `Process` passes on the mask of the thread
  /// that spawns, and Dispatch's threads block signals): Ctrl-C or `kill` then did
  /// nothing, and a temporary file could not be cleaned up.
  static func unblockSignals() { SignalCleanup.unblockSignals() }

  /// The file was renamed into place or removed: signals act as usual again.
  static func end() {
    for s in signals { signal(s, SIG_DFL) }
    free(pendingPath)
    pendingPath = nil
  }
}

/// Read by the signal handler, so a C string made before the handler is installed.
nonisolated(unsafe) private var pendingPath: UnsafeMutablePointer<CChar>? = nil

/// Only async-signal-safe calls: remove the file, then end as the signal would have.
private func removePendingAndReraise(_ number: Int32) {
  if let path = pendingPath { unlink(path) }
  signal(number, SIG_DFL)
  raise(number)
}
