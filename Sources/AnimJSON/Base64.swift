/// RFC 4648 base64 with padding, on one line: data URIs (SVG, Lottie) and the preview's
/// binary frames in an event's `data:` line (which must hold no line feed).
package enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The encoding as ASCII bytes.
  package static func bytes(_ bytes: [UInt8]) -> [UInt8] {
    let table = alphabet
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 3 <= bytes.count {
      let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out.append(table[Int(v >> 18 & 63)])
      out.append(table[Int(v >> 12 & 63)])
      out.append(table[Int(v >> 6 & 63)])
      out.append(table[Int(v & 63)])
      i += 3
    }
    let rest = bytes.count - i
    if rest > 0 {
      let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
      out.append(table[Int(v >> 18 & 63)])
      out.append(table[Int(v >> 12 & 63)])
      out.append(rest == 2 ? table[Int(v >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return out
  }

  /// The encoding as a string.
  package static func encode(_ bytes: [UInt8]) -> String {
    String(decoding: Self.bytes(bytes), as: UTF8.self)
  }
}
