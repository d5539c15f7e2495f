#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One output file, written as it comes and put in place by `commit`: the one way animc
/// writes a file.
///
/// - A regular file (or a new one) is written to a hidden temporary file in the same
///   folder, which `commit` flushes, `fsync`s, closes and renames over the target, then
///   `fsync`s the folder. Until the rename the target is exactly as it was; a reader
///   never sees half a file. The temporary file takes the target's mode, owner and group
///   first, and a symbolic link is followed to the file it names, so the link stays.
/// - A target with other hard links is refused, or with `force` written in place.
/// - Anything else (`-` for stdout, a pipe, a device) is written directly.
///
/// Every call is checked. After any error the temporary file is already removed (the
/// one exception, an in-place copy that failed half-way, names the file it kept), so a
/// caller only prints the message. An output neither committed nor abandoned is
/// abandoned when it is freed.
package final class OutputFile {
  /// The path as the caller gave it, for messages.
  package let path: String
  let fs: FileSystem
  let target: OutputTarget
  var fd: Int32 = -1
  /// The temporary file, while it exists.
  var temporary: String? = nil
  var cleanupSlot: Int? = nil
  var buffer: [UInt8] = []
  var finished = false

  /// Bytes gathered before a `write` call.
  static let bufferSize = 1 << 16

  /// Opens the output for `path` (`-` is stdout), refusing before anything is written
  /// what must not be: an input, a folder, a file with other hard links (without force).
  package init(path: String, options: OutputOptions = OutputOptions(), fileSystem: FileSystem = .standard)
    throws(OutputError)
  {
    self.path = path
    fs = fileSystem
    target = try OutputTarget.resolve(path, options: options, fileSystem: fileSystem)
    switch target {
    case .standardOutput:
      fd = STDOUT_FILENO
    case .direct(let direct):
      do { fd = try fs.open(direct, O_WRONLY, 0) } catch {
        finished = true
        throw OutputError(path: path, error)
      }
    case .replace(_, let resolved, let existing):
      try createTemporary(beside: resolved, keeping: existing)
    case .inPlace(_, let resolved, _):
      try createTemporary(beside: resolved, keeping: nil, privately: true)
    }
  }

  deinit { abandon() }

  /// Appends `bytes`; they reach the file in large writes.
  package func write(_ bytes: some Collection<UInt8>) throws(OutputError) {
    guard !finished else { throw OutputError(path: path, reason: "the output is already closed") }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.bufferSize {
      do { try flush() } catch { throw fail(error) }
    }
  }

  /// Appends `bytes`; a large array goes to the file as it is, without a copy.
  package func write(_ bytes: [UInt8]) throws(OutputError) {
    guard bytes.count >= Self.bufferSize else { return try write(bytes[...]) }
    guard !finished else { throw OutputError(path: path, reason: "the output is already closed") }
    do {
      try flush()
      try send(bytes[...])
    } catch { throw fail(error) }
  }

  /// Drops the output: a temporary file is removed and the target left as it was. What
  /// a direct target was sent cannot be taken back; the rest is sent too, so a partial
  /// stream ends where the work stopped.
  package func abandon() {
    guard !finished else { return }
    finished = true
    switch target {
    case .standardOutput:
      flushAbandoned()
    case .direct:
      flushAbandoned()
      fs.closeAbandoned(fd)
    case .replace, .inPlace:
      removeTemporary()
    }
  }

  /// Sends what is buffered of an abandoned stream. What abandons it is already being
  /// reported, and the exit is not 0: a flush that fails too changes neither, so its
  /// error is not reported over the first.
  private func flushAbandoned() {
    do { try flush() } catch {}
  }

  /// The whole of `bytes` as the file at `path`, by the rules above.
  package static func write(
    _ bytes: [UInt8], to path: String, options: OutputOptions = OutputOptions(), fileSystem: FileSystem = .standard
  ) throws(OutputError) {
    let file = try OutputFile(path: path, options: options, fileSystem: fileSystem)
    try file.write(bytes)
    try file.commit()
  }

  /// Creates the temporary file beside `resolved` (`O_EXCL`, never someone else's), and
  /// gives it `existing`'s owner, group and mode, in that order since a change of owner
  /// may clear set-id bits. A new file gets 0666 less the umask, as any created file;
  /// a file that will take an existing one's mode starts private, so no byte of a 0600
  /// file is ever readable by others.
  func createTemporary(beside resolved: String, keeping existing: FileStatus?, privately: Bool = false)
    throws(OutputError)
  {
    let mode: UInt32 = existing == nil && !privately ? 0o666 : 0o600
    let created: (name: String, made: (made: Int32, slot: Int?))
    do {
      created = try OutputTarget.createTemporary(beside: resolved, fs) { name throws(SystemError) in
        try SignalCleanup.creating(.file, name) { () throws(SystemError) in
          try fs.open(name, O_WRONLY | O_CREAT | O_EXCL, mode)
        }
      }
    } catch {
      finished = true
      throw OutputError(path: path, error)
    }
    fd = created.made.made
    temporary = created.name
    cleanupSlot = created.made.slot
    guard let existing else { return }
    do {
      let made = try fs.fstat(fd)
      let owner = existing.owner == made.owner ? nil : existing.owner
      let group = existing.group == made.group ? nil : existing.group
      if owner != nil || group != nil {
        do { try fs.fchown(fd, owner, group) } catch {
          throw OutputError(path: path, error, while: "keeping its owner and group")
        }
      }
      try fs.fchmod(fd, existing.permissions)
    } catch let error as OutputError {
      throw fail(error)
    } catch let error as SystemError {
      throw fail(OutputError(path: path, error))
    } catch {
      throw fail(OutputError(path: path, reason: "\(error)"))
    }
  }

  /// Writes out the buffer.
  func flush() throws(OutputError) {
    try send(buffer[...])
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` (`FileSystem.writeAll`).
  func send(_ bytes: ArraySlice<UInt8>) throws(OutputError) {
    do { try fs.writeAll(fd, bytes) } catch { throw OutputError(path: path, error) }
  }

  /// Cleans up after `error` (nothing of the output is left but a direct target's
  /// bytes) and returns it to throw.
  func fail(_ error: OutputError) -> OutputError {
    guard !finished else { return error }
    finished = true
    switch target {
    case .standardOutput: break
    case .direct: fs.closeAbandoned(fd)
    case .replace, .inPlace: removeTemporary()
    }
    return error
  }

  /// Closes (when open) and removes the temporary file.
  func removeTemporary() {
    if fd >= 0 { fs.closeAbandoned(fd) }
    fd = -1
    if let temporary { fs.removeAbandoned(temporary) }
    temporary = nil
    SignalCleanup.remove(cleanupSlot)
    cleanupSlot = nil
  }
}
