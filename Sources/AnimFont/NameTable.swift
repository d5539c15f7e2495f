/// The `name` table's strings by name ID, decoded: Windows and Unicode platform strings
/// are UTF-16BE; Macintosh Roman strings are read as Latin-1 (exact for ASCII names).
struct NameTable: Sendable {
  private var byID: [Int: [(english: Bool, windows: Bool, text: String)]] = [:]

  init(_ table: ByteView) throws(FontError) {
    let count = try table.u16(2)
    let storage = try table.u16(4)
    for i in 0..<count {
      let record = 6 + 12 * i
      let platform = try table.u16(record)
      let language = try table.u16(record + 4)
      let id = try table.u16(record + 6)
      let length = try table.u16(record + 8)
      let offset = try table.u16(record + 10)
      guard let bytes = try? table.bytes(storage + offset, length) else { continue }
      let text: String
      switch platform {
      case 0, 3:
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        text = String(decoding: units, as: UTF16.self)
      case 1:
        text = String(bytes.map { Character(Unicode.Scalar($0)) })
      default: continue
      }
      let english = (platform == 3 && language == 0x409) || (platform == 1 && language == 0)
      byID[id, default: []].append((english, platform == 3, text))
    }
  }

  /// The distinct strings of `id`, the English Windows one first, then other English,
  /// then the rest in table order.
  func strings(id: Int) -> [String] {
    let all = byID[id] ?? []
    let ordered =
      all.filter { $0.english && $0.windows } + all.filter { $0.english && !$0.windows } + all.filter { !$0.english }
    var seen = Set<String>()
    return ordered.map(\.text).filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
