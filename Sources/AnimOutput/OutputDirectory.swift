#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of output files (a PNG sequence), put in place only by `commit`.
///
/// Files are written, each `fsync`ed, into a hidden temporary folder beside the target
/// (so in the same filesystem), named `.0`, `.1`, … there so a signal handler can remove
/// them without allocating (`SignalCleanup`). `commit` moves them into the target under
/// their names, replacing same-named old files and leaving any others, then `fsync`s the
/// target. A target folder that does not exist yet is the temporary folder renamed. So an
/// interrupted or failed render leaves the old files as they were: each old file is set
/// aside in the temporary folder before its new one takes its name, and put back when a
/// later rename fails (only a failure of that undoing leaves some files new, and says so).
package final class OutputDirectory {
  /// The path as the caller gave it, for messages.
  package let path: String
  let fs: FileSystem
  let options: OutputOptions
  /// The target folder, at the end of any symbolic links, without a final slash.
  let resolved: String
  let exists: Bool
  let temporary: String
  /// The names of the files written so far; file `i` is `temporary/.i`.
  private(set) var names: [String] = []
  var cleanupSlot: Int? = nil
  var finished = false

  /// Prepares output into the folder `path`, refusing a path that is an existing file.
  package init(path: String, options: OutputOptions = OutputOptions(), fileSystem: FileSystem = .standard)
    throws(OutputError)
  {
    self.path = path
    fs = fileSystem
    self.options = options
    var bare = path
    while bare.count > 1 && bare.hasSuffix("/") { bare.removeLast() }
    guard !bare.isEmpty, bare != "/", bare != "-" else {
      throw OutputError(path: path, reason: "a folder of its own is wanted here")
    }
    let found = try OutputTarget.status(of: bare, fileSystem)
    if let found, found.kind != .directory {
      throw OutputError(path: path, reason: "it is a file, and a folder is wanted here")
    }
    exists = found != nil
    resolved = try OutputTarget.resolveLinks(bare, fileSystem)
    do {
      let created = try OutputTarget.createTemporary(beside: resolved, fs) { [fs] name throws(SystemError) in
        try SignalCleanup.creating(.folder, name) { () throws(SystemError) in try fs.mkdir(name, 0o777) }
      }
      temporary = created.name
      cleanupSlot = created.made.slot
    } catch {
      finished = true
      throw OutputError(path: path, error)
    }
  }

  deinit { abandon() }

  /// The path a file named `name` will have, for messages.
  package func displayPath(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

  /// Writes the whole file `name` (a plain name, no folders, not hidden, so never one of
  /// the temporary names) into the temporary folder. Refused when it would replace one of
  /// the inputs.
  package func write(_ bytes: [UInt8], named name: String) throws(OutputError) {
    let shown = displayPath(name)
    guard !finished else { throw OutputError(path: shown, reason: "the output is already closed") }
    guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/") else {
      throw fail(OutputError(path: shown, reason: "not a plain, visible file name"))
    }
    guard !names.contains(name) else { throw fail(OutputError(path: shown, reason: "it was already written")) }
    if exists, let old = try? fs.stat(resolved + "/" + name) {
      do { try OutputTarget.refuseInputs(old, options: options, fs) } catch { throw fail(error) }
    }
    let file = temporary + "/.\(names.count)"
    SignalCleanup.setCount(cleanupSlot, names.count + 1)
    var fd: Int32 = -1
    do throws(SystemError) {
      fd = try fs.open(file, O_WRONLY | O_CREAT | O_EXCL, 0o666)
      try fs.writeAll(fd, bytes[...])
      try fs.fsync(fd)
      try fs.closeAndForget(&fd)
    } catch {
      if fd >= 0 { fs.closeAbandoned(fd) }
      fs.removeAbandoned(file)
      throw fail(OutputError(path: shown, error))
    }
    names.append(name)
  }

  /// Moves the files into the target folder and makes that durable.
  package func commit() throws(OutputError) {
    guard !finished else { throw OutputError(path: path, reason: "the output is already closed") }
    if !exists, try commitNewFolder() { return }
    try commitIntoExisting()
  }

  /// Moves each file into the existing target folder under its name.
  private func commitIntoExisting() throws(OutputError) {
    // An old file of the same name is first moved aside into the temporary folder
    // (`.i.old`), so that when a later rename fails every old file can be put back.
    var moved = 0
    var setAside: [Bool] = []
    do throws(SystemError) {
      for (i, name) in names.enumerated() {
        let final = resolved + "/" + name
        let old = (try? fs.lstat(final)) != nil
        if old { try fs.rename(final, temporary + "/.\(i).old") }
        setAside.append(old)
        try fs.rename(temporary + "/.\(i)", final)
        moved += 1
      }
    } catch {
      let report = OutputError(path: path, error)
      guard restore(moved: moved, setAside: setAside) else {
        let done = "; some of its files were already replaced, the old ones are in `\(temporary)`"
        finished = true
        SignalCleanup.remove(cleanupSlot)
        cleanupSlot = nil
        throw OutputError(message: report.message + done)
      }
      throw fail(report)
    }
    finished = true
    SignalCleanup.remove(cleanupSlot)
    cleanupSlot = nil
    do {
      for (i, old) in setAside.enumerated() where old { try fs.unlink(temporary + "/.\(i).old") }
      try fs.rmdir(temporary)
    } catch {
      throw OutputError(path: path, error, while: "removing `\(temporary)`")
    }
    try sync(resolved, after: "its files are in place, but may not survive a crash")
  }

  /// Drops the output: the temporary folder is removed, the target left as it was.
  package func abandon() {
    guard !finished else { return }
    _ = fail(OutputError(message: ""))
  }

  /// Undoes the first renames of `commit`: the `moved` new files back to `.i`, the old
  /// ones set aside back under their names. False when one of these renames failed.
  private func restore(moved: Int, setAside: [Bool]) -> Bool {
    var restored = true
    for i in setAside.indices.reversed() {
      let final = resolved + "/" + names[i]
      if i < moved {
        do { try fs.rename(final, temporary + "/.\(i)") } catch {
          restored = false
          continue
        }
      }
      if setAside[i] {
        do { try fs.rename(temporary + "/.\(i).old", final) } catch { restored = false }
      }
    }
    return restored
  }

  /// A target that did not exist is the temporary folder itself, its files renamed to
  /// their names first: one rename puts all of them in place at once. False when the
  /// target has appeared meanwhile (another slice of the same run, written to the same
  /// folder, was first): the files are then `.0`, `.1`, … again, to be moved one by one.
  private func commitNewFolder() throws(OutputError) -> Bool {
    var moved = 0
    do throws(SystemError) {
      for (i, name) in names.enumerated() {
        try fs.rename(temporary + "/.\(i)", temporary + "/" + name)
        moved += 1
      }
    } catch {
      throw fail(OutputError(path: path, error), from: 0, renamed: moved)
    }
    try sync(temporary, after: nil)
    do { try fs.rename(temporary, resolved) } catch {
      if error.code == ENOTEMPTY || error.code == EEXIST, (try? fs.lstat(resolved))?.kind == .directory {
        var back = 0
        do throws(SystemError) {
          for (i, name) in names.enumerated() {
            try fs.rename(temporary + "/" + name, temporary + "/.\(i)")
            back += 1
          }
        } catch {
          for i in back..<names.count { fs.removeAbandoned(temporary + "/" + names[i]) }
          throw fail(OutputError(path: path, error))
        }
        return false
      }
      throw fail(OutputError(path: path, error), from: 0, renamed: names.count)
    }
    finished = true
    SignalCleanup.remove(cleanupSlot)
    cleanupSlot = nil
    try sync(OutputTarget.openableFolder(of: resolved), after: "its files are in place, but may not survive a crash")
    return true
  }

  /// `fsync`s the folder `folder`. `after`, when given, says what is already done (and
  /// nothing is cleaned up); otherwise a failure abandons the output.
  private func sync(_ folder: String, after: String?) throws(OutputError) {
    var fd: Int32 = -1
    do throws(SystemError) {
      fd = try fs.open(folder, O_RDONLY | O_DIRECTORY, 0)
      do { try fs.fsync(fd) } catch { if error.code != EINVAL { throw error } }
      try fs.closeAndForget(&fd)
    } catch {
      if fd >= 0 { fs.closeAbandoned(fd) }
      let report = OutputError(path: path, error, while: "syncing a folder")
      guard let after else { throw fail(report, from: 0, renamed: names.count) }
      throw OutputError(message: report.message + "; " + after)
    }
  }

  /// Removes what is left of the temporary folder and returns `error` to throw: files
  /// `from` on are still in it, the first `renamed` of them already under their names.
  private func fail(_ error: OutputError, from first: Int = 0, renamed: Int = 0) -> OutputError {
    guard !finished else { return error }
    finished = true
    for i in first..<names.count { fs.removeAbandoned(temporary + "/" + (i < renamed ? names[i] : ".\(i)")) }
    fs.removeAbandoned(temporary + "/.\(names.count)")
    fs.removeAbandoned(temporary, folder: true)
    SignalCleanup.remove(cleanupSlot)
    cleanupSlot = nil
    return error
  }
}
