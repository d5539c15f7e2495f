import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes command output safely: regular files atomically (a temporary file in the same
/// folder, then rename), so a reader never sees half a file; other targets (`/dev/null`,
/// a pipe, a terminal) directly. Never over an input file.
enum OutputFile {
  /// Writes `bytes` to `path`; `-` means stdout. Throws a message for people.
  static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(UsageError) {
    if path == "-" {
      var b = bytes
      Console.writeAll(&b, to: STDOUT_FILENO)
      return
    }
    try refuseInput(path, inputs: inputs)
    var st = stat()
    if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
      try writeDirect(bytes, to: path)
      return
    }
    let temp = TemporaryFile.begin(beside: path)
    defer { TemporaryFile.end() }
    do { try writeDirect(bytes, to: temp, create: true) } catch {
      unlink(temp)
      throw error
    }
    guard rename(temp, path) == 0 else {
      let why = String(cString: strerror(errno))
      unlink(temp)
      throw UsageError(message: "cannot write `\(path)`: \(why)")
    }
  }

  /// Refuses to write over one of the command's inputs.
  static func refuseInput(_ path: String, inputs: [String]) throws(UsageError) {
    var out = stat()
    guard stat(path, &out) == 0 else { return }
    for input in inputs where input != "-" {
      var inp = stat()
      if stat(input, &inp) == 0 && inp.st_dev == out.st_dev && inp.st_ino == out.st_ino {
        throw UsageError(message: "refusing to write over the input file `\(input)`")
      }
    }
  }

  static func writeDirect(_ bytes: [UInt8], to path: String, create: Bool = false) throws(UsageError) {
    let fd = create ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644) : open(path, O_WRONLY)
    guard fd >= 0 else { throw UsageError(message: "cannot write `\(path)`: \(String(cString: strerror(errno)))") }
    var b = bytes
    Console.writeAll(&b, to: fd)
    close(fd)
  }
}
