import Foundation

/// A frame read by the documented offsets alone.
struct FrameReader {
  let bytes: [UInt8]
  let frame: UInt32
  let count: Int
  let time: Double
  let trailer: [UInt8]

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 24 else { return nil }
    self.bytes = bytes
    func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
    frame = word(0)
    count = Int(word(4))
    time = Double(bitPattern: UInt64(word(8)) | UInt64(word(12)) << 32)
    let length = Int(word(16))
    guard word(20) == 64, bytes.count == 24 + 64 * count + length else { return nil }
    trailer = Array(bytes[(24 + 64 * count)...])
  }

  func u8(_ record: Int, _ offset: Int) -> UInt8 { bytes[24 + 64 * record + offset] }

  func u32(_ record: Int, _ offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(u8(record, offset + $1)) << (8 * $1) }
  }

  func f32(_ record: Int, _ offset: Int) -> Float { Float(bitPattern: u32(record, offset)) }
}

/// The frames of an event stream's text (`event: frame-bin` events) with their records'
/// ids, spelled from the stream's `name` records by the documented id kinds.
struct StreamFrames {
  struct Decoded {
    let index: UInt32
    let ids: [String]
  }

  static func frames(in text: String) -> [Decoded] {
    var names: [UInt32: String] = [:]
    var out: [Decoded] = []
    var event = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
      guard line.hasPrefix("data: ") else {
        if line.isEmpty { event = "" }
        continue
      }
      let data = line.dropFirst(6)
      if event == "frame-bin" {
        guard let bytes = Data(base64Encoded: String(data)), let frame = FrameReader(Array(bytes)) else { continue }
        let ids = (0..<frame.count).map { i -> String in
          let name = names[frame.u32(i, 40)] ?? "?"
          let index = frame.u32(i, 44)
          switch frame.u8(i, 61) {
          case 1: return "\(name)#\(index)"
          case 2: return "\(name)[\(index)]"
          default: return name
          }
        }
        out.append(Decoded(index: frame.frame, ids: ids))
      } else if let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
        object["type"] as? String == "name", let slot = object["slot"] as? Int, let name = object["name"] as? String
      {
        names[UInt32(slot)] = name
      }
    }
    return out
  }
}
