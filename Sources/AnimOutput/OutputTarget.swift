#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an output's bytes go, decided before anything is written.
enum OutputTarget: Equatable {
  /// `-`: written directly to file descriptor 1, never closed.
  case standardOutput
  /// Not a regular file (a pipe, a device, `/proc/self/fd/N`): opened and written directly,
  /// since there is nothing to replace atomically.
  case direct(path: String)
  /// A regular file, or none yet: a temporary file beside `resolved` is renamed over it.
  /// `resolved` is the path at the end of any chain of symbolic links, so the links stay;
  /// `existing` is the file there, whose mode, owner and group the new one keeps.
  case replace(path: String, resolved: String, existing: FileStatus?)
  /// A regular file with other hard links, with `--force`: the new content is completed
  /// in a temporary file, then copied into the file itself, so every link sees it.
  case inPlace(path: String, resolved: String, existing: FileStatus)

  /// The most links followed, as the kernel's own limit (`ELOOP`).
  static let linkLimit = 40

  /// Classifies `path` for a file output, refusing what must not be written: one of the
  /// inputs, a directory, a file with other hard links (without `force`).
  static func resolve(_ path: String, options: OutputOptions, fileSystem fs: FileSystem) throws(OutputError)
    -> OutputTarget
  {
    if path == "-" { return .standardOutput }
    guard !path.isEmpty else { throw OutputError(message: "cannot write an output with an empty name") }
    let found = try status(of: path, fs)
    if let found { try refuseInputs(found, options: options, fs) }
    if path.hasSuffix("/") || found?.kind == .directory {
      throw OutputError(path: path, reason: "it is a directory, and a file is wanted here")
    }
    if let found, found.kind != .regular { return .direct(path: path) }
    let resolved = try resolveLinks(path, fs)
    guard let found else { return .replace(path: path, resolved: resolved, existing: nil) }
    guard found.links > 1 else { return .replace(path: path, resolved: resolved, existing: found) }
    guard options.force else {
      let others = found.links == 2 ? "1 other hard link" : "\(found.links - 1) other hard links"
      throw OutputError(
        path: path, reason: "it has \(others), which replacing it would break (use --force to write it in place)")
    }
    return .inPlace(path: path, resolved: resolved, existing: found)
  }

  /// What `stat` says of `path`; nil when nothing is there yet.
  static func status(of path: String, _ fs: FileSystem) throws(OutputError) -> FileStatus? {
    do { return try fs.stat(path) } catch {
      if error.code == ENOENT { return nil }
      throw OutputError(path: path, error)
    }
  }

  /// Refuses a target that is the same file as one of the inputs (through any link).
  static func refuseInputs(_ target: FileStatus, options: OutputOptions, _ fs: FileSystem) throws(OutputError) {
    for input in options.inputs where input != "-" {
      if let status = try? fs.stat(input), status.isSameFile(as: target) {
        throw OutputError(message: "refusing to write over the input file `\(input)`")
      }
    }
  }

  /// The path at the end of `path`'s chain of symbolic links (relative links are relative
  /// to the folder of the link); `path` itself when it is not a link or does not exist.
  static func resolveLinks(_ path: String, _ fs: FileSystem) throws(OutputError) -> String {
    var current = path
    for _ in 0..<linkLimit {
      guard let status = try? fs.lstat(current), status.kind == .symbolicLink else { return current }
      let destination: String
      do { destination = try fs.readlink(current) } catch { throw OutputError(path: path, error) }
      current = destination.hasPrefix("/") ? destination : folder(of: current) + destination
    }
    throw OutputError(path: path, SystemError(ELOOP))
  }

  /// The folder part of `path` with its final slash (`a/b/` of `a/b/c`), or "" for a bare name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// The folder for `open(O_DIRECTORY)`: `.` for a bare name.
  static func openableFolder(of path: String) -> String {
    let f = folder(of: path)
    return f.isEmpty ? "." : f
  }

  /// The name after the folder.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// A hidden name beside `path` for its temporary file or folder: `.NAME.animc-PID.tmp`
  /// (`-2`, `-3`, … when taken), in the same folder so a rename replaces it at once. Long
  /// names are cut so the temporary name stays within a file name's 255 bytes.
  static func temporaryName(beside path: String, attempt: Int) -> String {
    let suffix = attempt > 1 ? "-\(attempt)" : ""
    return folder(of: path) + temporaryPrefix(of: path) + "\(getpid())\(suffix).tmp"
  }

  /// What every temporary name of `path` begins with after its folder: `.NAME.animc-`.
  static func temporaryPrefix(of path: String) -> String {
    var name = name(of: path)
    if name.utf8.count > 200 { name = String(decoding: name.utf8.prefix(200), as: UTF8.self) }
    return "." + name + ".animc-"
  }

  /// Makes a temporary file or folder beside `path` with `create` (first removing those
  /// that runs which died left there, `StaleTemporaries`), under the first of
  /// its `temporaryName`s that is free: a name taken (`EEXIST`, as `O_EXCL` and `mkdir`
  /// report it) moves on to the next, up to 99 tries. The name, and what `create` gave.
  static func createTemporary<Made>(
    beside path: String, _ fs: FileSystem, _ create: (String) throws(SystemError) -> Made
  ) throws(SystemError) -> (name: String, made: Made) {
    StaleTemporaries.remove(beside: path, fs)
    var attempt = 1
    while true {
      let name = temporaryName(beside: path, attempt: attempt)
      do throws(SystemError) {
        return (name, try create(name))
      } catch {
        guard error.code == EEXIST, attempt < 100 else { throw error }
        attempt += 1
      }
    }
  }
}
