#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an open input file is, by `fstat` on its descriptor (so a path swapped after it
/// was looked at cannot slip through): the readers of scenes, fonts and images read only
/// what they can read to an end.
///
/// The files of the kernel's `/proc` and `/sys` are regular files by their mode, but their
/// size says nothing of their length (most are 0 bytes, and `/proc/kmsg` blocks until
/// the kernel logs something), so they are told apart by their device: that of the file
/// system mounted at `/proc` or `/sys`, when it is a mount of its own.
package enum InputFileKind: Equatable, Sendable {
  case regular
  /// A file of `/proc` or `/sys`.
  case kernel
  /// A character or block device (`/dev/zero`, a terminal, a disk).
  case device
  case directory
  /// A pipe or socket: read as a stream to its end.
  case stream

  /// The kind of the open file `fd`; nil when `fstat` fails.
  package static func of(_ fd: Int32) -> InputFileKind? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    return of(info)
  }

  /// The kind of a file by its status (from `fstat` on an open descriptor).
  package static func of(_ info: stat) -> InputFileKind {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return kernelDevices.contains(UInt64(truncatingIfNeeded: info.st_dev)) ? .kernel : .regular
    case S_IFCHR, S_IFBLK: return .device
    case S_IFDIR: return .directory
    default: return .stream
    }
  }

  /// What a file of this kind is, for "…: it is NOUN, not a regular file", when it is not
  /// read; nil for a regular file, and for a stream when `streams` are read.
  package func refused(streams: Bool) -> String? {
    switch self {
    case .regular: return nil
    case .stream: return streams ? nil : "a pipe or socket"
    case .kernel: return "a file of the kernel's /proc or /sys"
    case .device: return "a device"
    case .directory: return "a directory"
    }
  }

  /// The devices of the file systems mounted at `/proc` and `/sys`; a folder there that
  /// is on the root's device is no mount (or no such system, as on Darwin) and counts not.
  static let kernelDevices: [UInt64] = {
    var root = stat()
    guard stat("/", &root) == 0 else { return [] }
    return ["/proc", "/sys"].compactMap { path in
      var info = stat()
      guard stat(path, &info) == 0, info.st_dev != root.st_dev else { return nil }
      return UInt64(truncatingIfNeeded: info.st_dev)
    }
  }()
}
