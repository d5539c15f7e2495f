import AnimJSON
import AnimModel

/// The last names and strings a `DumpBytes` wrote, and their bytes: a frame's records
/// repeat the same few (a shape's id, an emitter's name), so each is escaped once while
/// it repeats. Bytes of at most 16 are also kept as a piece, written in one store.
struct NameCache: Sendable {
  /// `append(jsonString:)`'s last string, escaped.
  var string = ""
  var stringBytes: [UInt8] = []
  var stringPiece: PackedBytes? = nil
  /// `append(jsonID:)`'s last id name, escaped.
  var name = ""
  var nameBytes: [UInt8] = []
  var namePiece: PackedBytes? = nil
  /// The CSV writer's last id name, whether it needs no quotes, and its bytes.
  var csvName = ""
  var csvNamePlain = true
  var csvNameBytes: [UInt8] = []
  var csvNamePiece: PackedBytes? = nil
  /// The CSV writer's last cell and its bytes.
  var csvCell = ""
  var csvCellBytes: [UInt8] = []
  var csvCellPiece: PackedBytes? = nil

  /// `bytes` as one piece when they fit.
  static func piece(_ bytes: [UInt8]) -> PackedBytes? { bytes.count <= 16 ? PackedBytes(bytes: bytes) : nil }
}

extension DumpBytes {
  /// A JSON string with the dump's escaping (only `"`, `\` and control characters).
  mutating func append(jsonString s: String) {
    buffer.append(UInt8(ascii: "\""))
    append(jsonStringBody: s)
    buffer.append(UInt8(ascii: "\""))
  }

  /// A JSON string's escaped text, without its quotes.
  mutating func append(jsonStringBody s: String) {
    if s != names.string {
      names.stringBytes.removeAll(keepingCapacity: true)
      Self.escape(s, into: &names.stringBytes)
      names.string = s
      names.stringPiece = NameCache.piece(names.stringBytes)
    }
    if let piece = names.stringPiece {
      buffer.append(piece)
    } else {
      buffer.append(contentsOf: names.stringBytes)
    }
  }

  /// An instance's id as a JSON string (`"NAME"`, `"NAME#k"`, `"NAME[i]"`), built in place.
  mutating func append(jsonID id: InstanceID) {
    buffer.append(UInt8(ascii: "\""))
    append(jsonIDBody: id)
    buffer.append(UInt8(ascii: "\""))
  }

  /// An id's text inside its quotes.
  mutating func append(jsonIDBody id: InstanceID) {
    // A spawn's or a copy's descendant has its index inside its name: written from its text.
    if id.indexInsideName {
      var bytes: [UInt8] = []
      Self.escape(id.description, into: &bytes)
      buffer.append(contentsOf: bytes)
      return
    }
    if id.name != names.name {
      names.nameBytes.removeAll(keepingCapacity: true)
      Self.escape(id.name, into: &names.nameBytes)
      names.name = id.name
      names.namePiece = NameCache.piece(names.nameBytes)
    }
    if let piece = names.namePiece, let suffix = Self.suffixText(id) {
      buffer.append(piece, suffix)
    } else {
      buffer.append(contentsOf: names.nameBytes)
      appendSuffix(id)
    }
  }

  /// An id's `#k` as a piece (nothing for a node's); nil for the rest, which
  /// `appendSuffix` writes.
  @inline(__always)
  static func suffixText(_ id: InstanceID) -> PackedBytes? {
    switch id.kind {
    case .node: return PackedBytes(0, count: 0)
    case .spawn:
      guard let digits = JSONNumber.integerText(id.index) else { return nil }
      return PackedBytes(0x23, count: 1, then: digits.low, count: digits.count)
    case .copy, .spawnChild, .copyChild: return nil
    }
  }

  /// An id's `#k` or `[i]`.
  mutating func appendSuffix(_ id: InstanceID) {
    switch id.kind {
    case .node, .spawnChild, .copyChild: break
    case .spawn:
      buffer.append(UInt8(ascii: "#"))
      append(integer: id.index)
    case .copy:
      buffer.append(UInt8(ascii: "["))
      append(integer: id.index)
      buffer.append(UInt8(ascii: "]"))
    }
  }

  /// An id as a CSV cell (`CSVWriter.cell` of its text): the name's bytes are kept while
  /// the names repeat, and the suffix is written in place.
  mutating func append(csvID id: InstanceID) {
    if id.name != names.csvName {
      names.csvName = id.name
      names.csvNamePlain = !CSVWriter.needsQuotes(id.name)
      names.csvNameBytes = Array(id.name.utf8)
      names.csvNamePiece = NameCache.piece(names.csvNameBytes)
    }
    guard names.csvNamePlain, !id.indexInsideName else {
      append(text: CSVWriter.cell(id.description))
      return
    }
    if let piece = names.csvNamePiece, let suffix = Self.suffixText(id) {
      buffer.append(piece, suffix)
    } else {
      buffer.append(contentsOf: names.csvNameBytes)
      appendSuffix(id)
    }
  }

  /// `CSVWriter.cell(s)`, its bytes kept while the same string repeats.
  mutating func append(csvCell s: String) {
    if s != names.csvCell {
      names.csvCell = s
      names.csvCellBytes = Array(CSVWriter.cell(s).utf8)
      names.csvCellPiece = NameCache.piece(names.csvCellBytes)
    }
    if let piece = names.csvCellPiece {
      buffer.append(piece)
    } else {
      buffer.append(contentsOf: names.csvCellBytes)
    }
  }

  /// `s`'s UTF-8 with JSON escaping; most names need none and are copied as they are.
  private static func escape(_ s: String, into out: inout [UInt8]) {
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      out.append(contentsOf: s.utf8)
    } else {
      out.append(contentsOf: JSONString.quoted(s).utf8.dropFirst().dropLast())
    }
  }
}
