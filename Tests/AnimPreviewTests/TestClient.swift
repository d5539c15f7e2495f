import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw TCP client for the server tests: it sends exactly the bytes a test writes
/// (hostile ones included), which an HTTP library would refuse to send.
final class TestClient {
  let fd: Int32

  init?(port: Int) {
    #if canImport(Glibc)
      let type = Int32(SOCK_STREAM.rawValue)
    #else
      let type = SOCK_STREAM
    #endif
    fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { return nil }
    var tv = timeval()
    tv.tv_sec = 10
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let ok = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard ok == 0 else {
      close(fd)
      return nil
    }
  }

  deinit { close(fd) }

  /// Sends `bytes`; false when the server closed the connection first.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let n = bytes[offset...].withUnsafeBytes { posixSend(fd, $0.baseAddress, $0.count, flags) }
      if n <= 0 { return false }
      offset += n
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Everything until the server closes (or `limit` bytes, or the 10 s receive timeout).
  func receiveAll(limit: Int = 1 << 20) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while out.count < limit {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      out += buffer[0..<n]
    }
    return out
  }

  /// Reads until `text` has arrived (or the timeout): for streams that never end.
  func receive(until text: String, limit: Int = 8 << 20) -> String {
    receive(limit: limit) { $0.contains(text) }
  }

  /// Reads until what has arrived satisfies `done` (or the timeout, or `limit` bytes).
  func receive(limit: Int = 8 << 20, until done: (String) -> Bool) -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while out.count < limit {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      out += buffer[0..<n]
      if done(String(decoding: out, as: UTF8.self)) { break }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The status code of a response, or nil when none arrived.
  static func status(_ response: [UInt8]) -> Int? {
    let text = String(decoding: response.prefix(64), as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(text.dropFirst(9).prefix(3))
  }
}

private func posixSend(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int {
  send(fd, p, n, flags)
}
