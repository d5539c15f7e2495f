#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input file (a scene, a font, an image) opened by its name, and only then looked at:
/// what is read is what `fstat` says of the open descriptor, so a path swapped between a
/// look and an open cannot slip a pipe or a device past the reader.
///
/// Symbolic links are followed, as every editor follows them: a link to a regular file is
/// that file. The open is non-blocking (`O_NONBLOCK`), so a named pipe without a writer,
/// or a device that waits for a carrier, cannot hold the open; the flag is cleared again
/// before any read. `O_NOFOLLOW` is not meant here, since links are followed.
package struct InputFile {
  /// The open descriptor; the caller closes it (`close()`).
  package let fd: Int32
  /// What the descriptor is, by `fstat`.
  package let kind: InputFileKind
  /// A regular file's size in bytes when it was opened; 0 for anything else.
  package let size: Int

  /// Why a file was not opened, or was opened and not kept.
  package enum Refusal: Error, Equatable, Sendable {
    /// No file by that name (or a folder on the way is none).
    case missing
    /// The symbolic links on the way lead back to themselves (`ELOOP`).
    case loop
    /// The file or a folder on the way may not be read.
    case denied
    /// The file is of a kind that is not read (see `InputFileKind.refused`).
    case notRead(InputFileKind)
    /// Another error of `open` or `fstat`, by its `errno`.
    case failed(Int32)

    /// The reason, for "cannot read `PATH`: REASON".
    package var reason: String {
      switch self {
      case .missing: return "no such file"
      case .loop: return "its symbolic links form a loop"
      case .denied: return "permission denied"
      case .notRead(let kind): return "it is \(kind.refused(streams: false) ?? "not readable"), not a regular file"
      case .failed(let code): return String(cString: strerror(code))
      }
    }
  }

  /// Opens `path` for reading and keeps it only when it is a regular file, or a pipe or
  /// socket when `streams` is true (read to its end, as standard input is).
  package static func open(_ path: String, streams: Bool = false) -> Result<InputFile, Refusal> {
    let fd = systemOpen(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(refusal(errno)) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      _ = systemClose(fd)
      return .failure(.failed(code))
    }
    let kind = InputFileKind.of(info)
    guard kind.refused(streams: streams) == nil else {
      _ = systemClose(fd)
      return .failure(.notRead(kind))
    }
    // Reads wait for data again, as a reader of a file or pipe expects.
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    return .success(InputFile(fd: fd, kind: kind, size: kind == .regular ? Int(info.st_size) : 0))
  }

  /// Closes the descriptor (an error of `close` on a file only read changes nothing).
  package func close() { _ = systemClose(fd) }

  /// Up to `limit` bytes from the current position to the end, in chunks, the array
  /// reserved once for a regular file's known size; nil on a read error.
  package func readAll(limit: Int) -> [UInt8]? {
    Self.readAll(fd, limit: limit, expected: size)
  }

  /// `readAll` on any descriptor (standard input too), `expected` bytes reserved.
  package static func readAll(_ fd: Int32, limit: Int, expected: Int = 0) -> [UInt8]? {
    var bytes: [UInt8] = []
    // One past the expected size, to see the end without growing the array.
    bytes.reserveCapacity(expected < limit ? max(expected, 0) + 1 : limit)
    while bytes.count < limit {
      guard let chunk = FileDescriptorIO.read(fd, upTo: min(1 << 20, limit - bytes.count)) else { return nil }
      if chunk.isEmpty { break }
      bytes.append(contentsOf: chunk)
    }
    return bytes
  }

  static func refusal(_ code: Int32) -> Refusal {
    switch code {
    case ENOENT, ENOTDIR: return .missing
    case ELOOP: return .loop
    case EACCES, EPERM: return .denied
    // Opening a socket by its name fails so: it is refused as a stream would be.
    case ENXIO, EOPNOTSUPP: return .notRead(.stream)
    default: return .failed(code)
    }
  }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
