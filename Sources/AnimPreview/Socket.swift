#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX socket calls the preview needs, over plain file descriptors, behind one
/// small API: a listening socket bound to 127.0.0.1 only, accept, non-blocking reads,
/// whole writes with a time limit, and close. Pointers to C structures stay inside this
/// file.
enum Socket {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #endif

  /// A listening socket on 127.0.0.1 at `port` (0: a free port chosen by the system),
  /// with the port it got. Never binds another address: the preview is for this machine.
  static func listen(port: Int) -> Result<(fd: Int32, port: Int), PreviewError> {
    guard (0...65_535).contains(port) else { return .failure(PreviewError("port \(port) is not in 0…65535")) }
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { return .failure(PreviewError("cannot create a socket: \(errorText())")) }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let text = errorText()
      closeSocket(fd)
      return .failure(PreviewError("cannot listen on 127.0.0.1:\(port): \(text)"))
    }
    guard posixListen(fd, 64) == 0 else {
      let text = errorText()
      closeSocket(fd)
      return .failure(PreviewError("cannot listen on 127.0.0.1:\(port): \(text)"))
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    setNonBlocking(fd, true)
    return .success((fd, Int(UInt16(bigEndian: actual.sin_port))))
  }

  /// The next waiting connection, non-blocking, or nil when none is waiting.
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      let fd = posixAccept(listener)
      if fd >= 0 {
        setNonBlocking(fd, true)
        #if canImport(Darwin)
          var yes: Int32 = 1
          _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
      }
      if errno == EINTR { continue }
      return nil
    }
  }

  static func setNonBlocking(_ fd: Int32, _ on: Bool) {
    let flags = fcntl(fd, F_GETFL, 0)
    guard flags >= 0 else { return }
    _ = fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
  }

  /// Makes `fd` blocking, with writes that give up after `seconds`.
  static func makeBlocking(_ fd: Int32, sendTimeout seconds: Double) {
    setNonBlocking(fd, false)
    var tv = timeval()
    tv.tv_sec = Int(seconds)
    tv.tv_usec = suseconds_t((seconds - Double(Int(seconds))) * 1e6)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
  }

  enum ReadResult: Equatable {
    case bytes([UInt8])
    case wouldBlock
    /// The peer closed, or the connection failed.
    case closed
  }

  /// What is waiting on a non-blocking `fd`, at most `limit` bytes.
  static func receive(_ fd: Int32, limit: Int) -> ReadResult {
    var buffer = [UInt8](repeating: 0, count: limit)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n > 0 { return .bytes(Array(buffer[0..<n])) }
      if n == 0 { return .closed }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
    }
  }

  /// Writes all of `bytes` to a blocking `fd`; false when the peer is gone or too slow
  /// (the send timeout passed).
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  static func closeSocket(_ fd: Int32) { _ = close(fd) }

  /// Stops both directions at once, waking a thread blocked in `send` on `fd`.
  static func shutdownBoth(_ fd: Int32) {
    #if canImport(Glibc)
      _ = shutdown(fd, Int32(SHUT_RDWR))
    #else
      _ = shutdown(fd, SHUT_RDWR)
    #endif
  }

  /// Waits until one of `fds` is readable (or hung up), at most `milliseconds`; the
  /// flags in `fds` order.
  static func waitReadable(_ fds: [Int32], milliseconds: Int32) -> [Bool] {
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let n = poll(&polls, nfds_t(polls.count), milliseconds)
    guard n > 0 else { return Array(repeating: false, count: fds.count) }
    return polls.map { $0.revents != 0 }
  }

  /// A pipe whose read end wakes a `waitReadable` from another thread.
  static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    setNonBlocking(ends[0], true)
    return (ends[0], ends[1])
  }

  static func writeByte(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
  }

  /// Broken connections are seen as failed writes, not as a signal that ends the process.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  static func errorText() -> String { String(cString: strerror(errno)) }
}

// `listen` and `accept` are shadowed inside `Socket` by its own functions.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
