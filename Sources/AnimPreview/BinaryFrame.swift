import AnimKit

/// The preview's binary frame (`event: frame-bin`): one frame's records in fixed-width,
/// little-endian fields, so that the page reads them with typed arrays instead of parsing
/// a JSON object per record.
///
/// Layout (offsets in bytes; f32/f64 IEEE 754, u32/i32 two's complement, all little-endian):
///
///     header, 24 bytes
///       0  u32  frame index
///       4  u32  record count n
///       8  f64  run time (s)
///      16  u32  trailer length t (bytes; 0: none)
///      20  u32  record size (64: a reader checks it, and a later layout may grow it)
///     records, n × 64 bytes, in paint order, record i at 24 + 64·i
///       0  f32×6 matrix a b c d tx ty (SVG `matrix()`, the shape's box to scene points)
///      24  f32  opacity, the node's own, 0…1 (a tree's ancestors multiply in on the page)
///      28  f32  lineWidth (0 when there is no stroke)
///      32  u32  shape slot (`shape` records announce slots); 0xFFFFFFFF: draws nothing
///      36  i32  parent: an earlier record's index (§14), −1 at the top level
///      40  u32  name slot of the id (`name` records announce slots)
///      44  u32  id index (k of `NAME#k`, i of `NAME[i]`; 0 for a plain node)
///      48  u8×4 fill R G B A (straight alpha, as `#RRGGBBAA`)
///      52  u8×4 stroke R G B A
///      56  u8×4 tint R G B A (a replicator copy's; white when none)
///      60  u8   flags: 1 stroke, 2 backFacing, 4 blend additive, 8 in the trailer,
///                      16 has a tint
///      61  u8   id kind: 0 `NAME`, 1 `NAME#k`, 2 `NAME[i]`, 3 `NAME#k/…`, 4 `NAME[i]/…`
///      62  u16  0
///     trailer, t bytes at 24 + 64·n: UTF-8 JSON, an array of objects for the records
///       with flag 8, each `{"i":index, …}` with what few records have, keyed as a dump
///       node's: `fill`/`stroke` gradient objects, `matrix3d`, `contentsRect`,
///       `strokeStart`/`strokeEnd`, `blur`.
///
/// Shapes, names, pictures and the header stay JSON lines, each announced once (they are
/// rare); a record names them by slot. A shape record is a dump's shape line with
/// `"slot":k` added; a slot whose instance has gone is announced again for the next shape
/// that takes it. A name record is `{"type":"name","slot":k,"name":"…"}`.
///
/// Transport: the frame is one Server-Sent Event, `event: frame-bin`, its data the frame's
/// base64 (RFC 4648, one line). Base64 costs a third more bytes on a local connection, but
/// keeps one ordered stream for the JSON records and the frames, `EventSource`'s
/// reconnection, and `EventStream`'s dropping of frames a slow page has not taken; the
/// page decodes it natively (`Uint8Array.fromBase64`).
enum BinaryFrame {
  static let headerSize = 24
  static let recordSize = 64
  /// The shape slot of a record that draws nothing (a group's).
  static let noShape: UInt32 = 0xFFFF_FFFF

  /// Record flags (byte 60).
  struct Flags: OptionSet {
    let rawValue: UInt8
    static let stroke = Flags(rawValue: 1)
    static let backFacing = Flags(rawValue: 2)
    static let additive = Flags(rawValue: 4)
    static let trailer = Flags(rawValue: 8)
    static let tint = Flags(rawValue: 16)
  }

  /// Byte 61: which of §9's id forms the record's id takes.
  static func kindCode(_ kind: InstanceID.Kind) -> UInt8 {
    switch kind {
    case .node: 0
    case .spawn: 1
    case .copy: 2
    case .spawnChild: 3
    case .copyChild: 4
    }
  }

  /// One record's fields, resolved to slots.
  struct Record {
    var matrix: AffineTransform
    var opacity: Double
    var lineWidth: Double
    var shape: UInt32
    var parent: Int32
    var name: UInt32
    var index: UInt32
    var fill: Color
    var stroke: Color
    var tint: Color
    var flags: Flags
    var kind: UInt8
  }

  /// The header, with room for `count` records after it.
  static func header(frame: Int, time: Double, count: Int, trailer: Int, into out: inout [UInt8]) {
    out.reserveCapacity(out.count + headerSize + count * recordSize + trailer)
    out.append(u32: UInt32(clamping: frame))
    out.append(u32: UInt32(clamping: count))
    out.append(u64: time.bitPattern)
    out.append(u32: UInt32(clamping: trailer))
    out.append(u32: UInt32(recordSize))
  }

  static func append(_ r: Record, into out: inout [UInt8]) {
    let m = r.matrix
    for v in [m.a, m.b, m.c, m.d, m.tx, m.ty] { out.append(f32: v) }
    out.append(f32: r.opacity)
    out.append(f32: r.lineWidth)
    out.append(u32: r.shape)
    out.append(u32: UInt32(bitPattern: r.parent))
    out.append(u32: r.name)
    out.append(u32: r.index)
    out.append(rgba: r.fill)
    out.append(rgba: r.stroke)
    out.append(rgba: r.tint)
    out.append(r.flags.rawValue)
    out.append(r.kind)
    out.append(0)
    out.append(0)
  }
}

extension [UInt8] {
  fileprivate mutating func append(u32 v: UInt32) {
    append(UInt8(truncatingIfNeeded: v))
    append(UInt8(truncatingIfNeeded: v >> 8))
    append(UInt8(truncatingIfNeeded: v >> 16))
    append(UInt8(truncatingIfNeeded: v >> 24))
  }

  fileprivate mutating func append(u64 v: UInt64) {
    append(u32: UInt32(truncatingIfNeeded: v))
    append(u32: UInt32(truncatingIfNeeded: v >> 32))
  }

  fileprivate mutating func append(f32 v: Double) { append(u32: Float(v).bitPattern) }

  fileprivate mutating func append(rgba c: Color) {
    let (r, g, b, a) = c.rgba8
    append(r)
    append(g)
    append(b)
    append(a)
  }
}
