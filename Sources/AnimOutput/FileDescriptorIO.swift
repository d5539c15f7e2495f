#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing an open file descriptor (standard input and output, the language
/// server's pipes): the one way the command line and the server meet `read(2)` and
/// `write(2)`, through the same calls as the output path (`POSIXCalls`).
package enum FileDescriptorIO {
  /// Writes all of `bytes`, going on after short writes and signals. False on an error,
  /// such as a reader that went away; what was written stays written.
  @discardableResult
  package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      do {
        offset += try POSIXCalls.write(fd, bytes[offset...])
      } catch {
        if error.code == EINTR { continue }
        return false
      }
    }
    return true
  }

  /// Waits until `fd` has input (or its end, or an error) for at most `milliseconds`
  /// (forever when nil). False when the time ran out first; a wait cut short by a signal
  /// waits again for the whole time, which only delays a timer.
  package static func waitForInput(_ fd: Int32, milliseconds: Int?) -> Bool {
    let timeout = Int32(clamping: milliseconds.map { max(0, $0) } ?? -1)
    while true {
      var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let n = poll(&watch, 1, timeout)
      if n < 0 && errno == EINTR { continue }
      return n != 0
    }
  }

  /// Up to `count` bytes, empty at the end of the input, nil on an error; a read cut
  /// short by a signal is tried again.
  package static func read(_ fd: Int32, upTo count: Int) -> [UInt8]? {
    while true {
      do {
        return try POSIXCalls.read(fd, count)
      } catch {
        if error.code == EINTR { continue }
        return nil
      }
    }
  }
}
