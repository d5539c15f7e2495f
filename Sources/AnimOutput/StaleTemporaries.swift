#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files and folders of runs that ended without cleaning up (`SIGKILL`, an
/// abort), which nothing else would ever remove. Before an output makes its own
/// temporary, it removes those of the same target, and only those: names of the exact
/// form `temporaryName` gives that target (`.NAME.animc-PID.tmp`, `.NAME.animc-PID-N.tmp`)
/// whose process no longer exists (`kill(PID, 0)` fails with `ESRCH`). A live process's
/// temporary, or one whose owner cannot be told, is left alone.
enum StaleTemporaries {
  /// Removes the stale temporaries beside `path`. Nothing here is reported: a leftover
  /// that cannot be removed stays as it was, and the output goes on.
  static func remove(beside path: String, _ fs: FileSystem) {
    let prefix = OutputTarget.temporaryPrefix(of: path)
    guard let names = try? fs.list(OutputTarget.openableFolder(of: path)) else { return }
    for name in names {
      guard let pid = owner(of: name, prefix: prefix), pid != getpid(), isGone(pid) else { continue }
      let leftover = OutputTarget.folder(of: path) + name
      guard let status = try? fs.lstat(leftover) else { continue }
      switch status.kind {
      case .regular: fs.removeAbandoned(leftover)
      case .directory: removeFolder(leftover, fs)
      case .symbolicLink, .other: continue
      }
    }
  }

  /// The process id in `name` when it is `prefix`, a process id, an optional `-N`
  /// (N ≥ 2) and `.tmp`, all digits written as `temporaryName` writes them; else nil.
  static func owner(of name: String, prefix: String) -> pid_t? {
    guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return nil }
    let middle = name.utf8.dropFirst(prefix.utf8.count).dropLast(4)
    let parts = middle.split(separator: UInt8(ascii: "-"), maxSplits: 1, omittingEmptySubsequences: false)
    guard let pid = number(parts[0]), pid > 0, pid <= Int(pid_t.max) else { return nil }
    if parts.count == 2 {
      guard let attempt = number(parts[1]), attempt >= 2 else { return nil }
    }
    return pid_t(pid)
  }

  /// The decimal number `digits` spells without leading zeros, or nil.
  private static func number(_ digits: some Collection<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 10, digits.first != UInt8(ascii: "0") || digits.count == 1,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  /// True only when no process has this id.
  private static func isGone(_ pid: pid_t) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

  /// A temporary folder holds only the files an output wrote (`.0`, `.0.old`, …): they
  /// are removed, then the folder. Anything else in it keeps the folder where it is.
  private static func removeFolder(_ folder: String, _ fs: FileSystem) {
    guard let names = try? fs.list(folder) else { return }
    for name in names {
      let file = folder + "/" + name
      guard let status = try? fs.lstat(file), status.kind == .regular else { continue }
      fs.removeAbandoned(file)
    }
    fs.removeAbandoned(folder, folder: true)
  }
}
