#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFile {
  /// Finishes the output. A replaced file: flush, `fsync`, close, rename over the target,
  /// `fsync` the folder. In place (`--force` over hard links): the same up to a complete
  /// temporary file, then copied into the target. Direct: flush and close.
  ///
  /// A failure up to the rename leaves the target as it was. A failure to sync the folder
  /// after it is reported too, though the new content is then already in place: it may
  /// not survive a crash.
  package func commit() throws(OutputError) {
    guard !finished else { throw OutputError(path: path, reason: "the output is already closed") }
    do { try flush() } catch { throw fail(error) }
    switch target {
    case .standardOutput:
      finished = true
    case .direct:
      finished = true
      do { try fs.close(fd) } catch { throw OutputError(path: path, error) }
    case .replace(_, let resolved, _):
      try completeTemporary()
      guard let temporary else { return }
      do { try fs.rename(temporary, resolved) } catch { throw fail(OutputError(path: path, error)) }
      self.temporary = nil
      finished = true
      SignalCleanup.remove(cleanupSlot)
      cleanupSlot = nil
      try syncFolder(of: resolved, "the new content is in place, but may not survive a crash")
    case .inPlace(_, let resolved, _):
      try completeTemporary()
      try syncFolder(of: resolved, nil)
      try copyInPlace(to: resolved)
    }
  }

  /// `fsync` and close the temporary file: after this its content is complete on disk.
  private func completeTemporary() throws(OutputError) {
    do { try fs.fsync(fd) } catch { throw fail(OutputError(path: path, error)) }
    do { try fs.closeAndForget(&fd) } catch { throw fail(OutputError(path: path, error)) }
  }

  /// Makes a rename in `path`'s folder durable. Filesystems that cannot sync a folder
  /// (`EINVAL`) have nothing to sync. `after`, when given, says what is already done.
  private func syncFolder(of path: String, _ after: String?) throws(OutputError) {
    let report = { (error: SystemError) -> OutputError in
      let error = OutputError(path: self.path, error, while: "syncing its folder")
      return after == nil ? self.fail(error) : OutputError(message: error.message + "; " + (after ?? ""))
    }
    let folder: Int32
    do { folder = try fs.open(OutputTarget.openableFolder(of: path), O_RDONLY | O_DIRECTORY, 0) } catch {
      throw report(error)
    }
    do { try fs.fsync(folder) } catch {
      // EINVAL: nothing to sync; the folder is closed once, below.
      if error.code != EINVAL {
        fs.closeAbandoned(folder)
        throw report(error)
      }
    }
    do { try fs.close(folder) } catch { throw report(error) }
  }

  /// Copies the complete temporary file into `resolved` itself, so its other hard links
  /// see the new content: overwritten from the start, cut to the new length, `fsync`ed.
  /// Until the first byte is written the target is as it was and the temporary file is
  /// removed on failure; after, the temporary file is the only complete copy, so it is
  /// kept (even from a signal) and the message names it.
  private func copyInPlace(to resolved: String) throws(OutputError) {
    guard let temporary else { return }
    var source: Int32 = -1
    var destination: Int32 = -1
    var touched = false
    do throws(SystemError) {
      source = try fs.open(temporary, O_RDONLY, 0)
      destination = try fs.open(resolved, O_WRONLY, 0)
      SignalCleanup.remove(cleanupSlot)
      cleanupSlot = nil
      var length = 0
      while true {
        let chunk: [UInt8]
        do { chunk = try fs.read(source, Self.bufferSize) } catch {
          if error.code == EINTR { continue }
          throw error
        }
        if chunk.isEmpty {
          try fs.closeAndForget(&source)
          break
        }
        touched = true
        try fs.writeAll(destination, chunk[...])
        length += chunk.count
      }
      touched = true
      try fs.ftruncate(destination, length)
      try fs.fsync(destination)
      try fs.closeAndForget(&destination)
    } catch {
      if destination >= 0 { fs.closeAbandoned(destination) }
      if source >= 0 { fs.closeAbandoned(source) }
      guard touched else { throw fail(OutputError(path: path, error)) }
      finished = true
      throw OutputError(
        path: path, reason: "\(describe(error)) while copying into it; its new content is kept in `\(temporary)`")
    }
    self.temporary = nil
    finished = true
    do { try fs.unlink(temporary) } catch {
      throw OutputError(path: path, error, while: "removing `\(temporary)`; the file itself is written")
    }
  }
}
