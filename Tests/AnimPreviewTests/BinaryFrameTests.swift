import AnimJSON
import AnimKit
import Foundation
import XCTest

@testable import AnimPreview

/// The preview's binary frame against its documented layout (`BinaryFrame`): bytes
/// written out by hand from the layout, and a reader written here from the layout alone.
final class BinaryFrameTests: XCTestCase {
  private static let box = SceneShape(
    id: "box", outline: ShapeOutline(path: Path(), width: 10, height: 20), isShared: true)

  /// Two records: a plain additive node, and a spawn under it with a stroke, a tint and
  /// a hidden face.
  private static func twoRecords() -> Frame {
    var frame = Frame()
    frame.index = 12
    frame.time = 0.2
    var a = NodeFrame.placeholder
    a.id = InstanceID(name: "box", kind: .node)
    a.shape = box
    a.matrix = AffineTransform(a: 2, b: 0.5, c: -1, d: 0.25, tx: 100, ty: -3)
    a.state.opacity = 0.5
    a.state.fill = Color(rgba8: 255, 0, 128, 255)
    a.state[21] = 1  // blend .additive
    var b = NodeFrame.placeholder
    b.id = InstanceID(name: "dots", kind: .spawn, index: 7)
    b.shape = box
    b.matrix = .identity
    b.parentSlot = 0
    b.state.opacity = 1.5
    b.state.fill = Color(rgba8: 0, 0, 255, 255)
    b.hasStroke = true
    b.state.stroke = Color(rgba8: 0, 255, 0, 255)
    b.state.lineWidth = 3
    b.backFacing = true
    b.tint = Color(rgba8: 255, 255, 255, 128)
    frame.nodes = [a, b]
    return frame
  }

  func testAFrameEncodesToTheDocumentedBytes() throws {
    var encoder = BinaryFrameEncoder()
    let (announce, bytes) = encoder.encode(Self.twoRecords())
    // Little-endian by hand: 0.2 is 0x3FC999999999999A; f32 2 = 0x40000000,
    // 0.5 = 0x3F000000, −1 = 0xBF800000, 0.25 = 0x3E800000, 100 = 0x42C80000,
    // −3 = 0xC0400000, 1 = 0x3F800000, 3 = 0x40400000.
    let header: [UInt8] = [
      0x0C, 0, 0, 0, 2, 0, 0, 0, 0x9A, 0x99, 0x99, 0x99, 0x99, 0x99, 0xC9, 0x3F, 0, 0, 0, 0, 64, 0, 0, 0,
    ]
    let first: [UInt8] = [
      0, 0, 0, 0x40, 0, 0, 0, 0x3F, 0, 0, 0x80, 0xBF, 0, 0, 0x80, 0x3E, 0, 0, 0xC8, 0x42, 0, 0, 0x40, 0xC0,
      0, 0, 0, 0x3F,  // opacity 0.5
      0, 0, 0, 0,  // no stroke: lineWidth 0
      0, 0, 0, 0,  // shape slot 0
      0xFF, 0xFF, 0xFF, 0xFF,  // no parent
      0, 0, 0, 0, 0, 0, 0, 0,  // name slot 0, index 0
      0xFF, 0, 0x80, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF,  // fill, no stroke, white
      4, 0, 0, 0,  // additive; `NAME`
    ]
    let second: [UInt8] = [
      0, 0, 0x80, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0x80, 0x3F,  // opacity 1.5 clamped to 1
      0, 0, 0x40, 0x40,  // lineWidth 3
      0, 0, 0, 0,  // the same shape's slot
      0, 0, 0, 0,  // parent: record 0
      1, 0, 0, 0, 7, 0, 0, 0,  // name slot 1 (`dots`), index 7
      0, 0, 0xFF, 0xFF, 0, 0xFF, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x80,
      0x13, 1, 0, 0,  // stroke | backFacing | tint; `NAME#k`
    ]
    XCTAssertEqual(bytes, header + first + second)
    let lines = try Self.objects(announce)
    XCTAssertEqual(lines.count, 3)
    XCTAssertEqual(lines[0]["type"] as? String, "shape")
    XCTAssertEqual(lines[0]["slot"] as? Int, 0)
    XCTAssertEqual(lines[0]["id"] as? String, "box")
    XCTAssertEqual(lines[0]["width"] as? Double, 10)
    XCTAssertEqual(lines[0]["height"] as? Double, 20)
    XCTAssertEqual(lines[1]["type"] as? String, "name")
    XCTAssertEqual(lines[1]["slot"] as? Int, 0)
    XCTAssertEqual(lines[1]["name"] as? String, "box")
    XCTAssertEqual(lines[2]["slot"] as? Int, 1)
    XCTAssertEqual(lines[2]["name"] as? String, "dots")
    // Nothing is announced twice.
    XCTAssertEqual(encoder.encode(Self.twoRecords()).announce, [])
  }

  /// A record with rare parts: they follow the records as the trailer's JSON.
  func testRarePartsGoInTheTrailer() throws {
    var frame = Self.twoRecords()
    var c = NodeFrame.placeholder
    c.id = InstanceID(name: "card/face", kind: .copyChild, index: 3)
    c.shape = Self.box
    c.matrix3d = Matrix3D(columnMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 4, 5, 0, 1])
    c.state[22] = 2.5  // blur
    c.hasTrim = true
    c.state.strokeStart = 0.25
    c.state.strokeEnd = 0.75
    frame.nodes.append(c)
    var encoder = BinaryFrameEncoder()
    let bytes = encoder.encode(frame).frame
    let read = try XCTUnwrap(FrameReader(bytes))
    XCTAssertEqual(read.frame, 12)
    XCTAssertEqual(read.time, 0.2)
    XCTAssertEqual(read.count, 3)
    XCTAssertEqual(read.u8(2, 60), 8, "only the trailer flag")
    XCTAssertEqual(read.u8(2, 61), 4, "`NAME[i]/…`")
    XCTAssertEqual(read.u32(2, 44), 3)
    let trailer = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(read.trailer)) as? [[String: Any]])
    XCTAssertEqual(trailer.count, 1)
    XCTAssertEqual(trailer[0]["i"] as? Int, 2)
    XCTAssertEqual(trailer[0]["matrix3d"] as? [Double], [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 4, 5, 0, 1])
    XCTAssertEqual(trailer[0]["blur"] as? Double, 2.5)
    XCTAssertEqual(trailer[0]["strokeStart"] as? Double, 0.25)
    XCTAssertEqual(trailer[0]["strokeEnd"] as? Double, 0.75)
  }

  /// Every field read back by the layout's offsets is the frame's value.
  func testARoundTripThroughTheLayout() throws {
    let frame = Self.twoRecords()
    var encoder = BinaryFrameEncoder()
    let read = try XCTUnwrap(FrameReader(encoder.encode(frame).frame))
    XCTAssertEqual(read.trailer, [])
    for (i, node) in frame.nodes.enumerated() {
      let m = node.matrix
      XCTAssertEqual((0..<6).map { read.f32(i, 4 * $0) }, [m.a, m.b, m.c, m.d, m.tx, m.ty].map { Float($0) })
      XCTAssertEqual(read.f32(i, 24), Float(min(1, node.state.opacity)))
      XCTAssertEqual(read.f32(i, 28), node.hasStroke ? Float(node.state.lineWidth) : 0)
      XCTAssertEqual(Int32(bitPattern: read.u32(i, 36)), Int32(node.parent ?? -1))
      XCTAssertEqual(read.u32(i, 44), UInt32(node.id.index))
      let fill = node.state.fill.rgba8
      XCTAssertEqual((48..<52).map { read.u8(i, $0) }, [fill.0, fill.1, fill.2, fill.3])
      let tint = (node.tint ?? .white).rgba8
      XCTAssertEqual((56..<60).map { read.u8(i, $0) }, [tint.0, tint.1, tint.2, tint.3])
    }
  }

  /// An instance's own shape frees its slot when a sent frame no longer draws it; the
  /// next new shape takes the slot and is announced into it.
  func testAGoneInstancesShapeSlotIsReused() throws {
    func own(_ id: String) -> SceneShape {
      SceneShape(id: id, outline: ShapeOutline(path: Path(), width: 1, height: 1), isShared: false)
    }
    func frame(_ shapes: [SceneShape]) -> Frame {
      var f = Frame()
      f.nodes = shapes.enumerated().map { k, shape in
        var n = NodeFrame.placeholder
        n.id = InstanceID(name: "p", kind: .spawn, index: k)
        n.shape = shape
        return n
      }
      return f
    }
    let a = own("p#0")
    let b = own("p#1")
    let c = own("p#2")
    var encoder = BinaryFrameEncoder()
    _ = encoder.encode(frame([a, b]))
    XCTAssertEqual(try Self.objects(encoder.encode(frame([b])).announce).count, 0)
    let third = encoder.encode(frame([b, c]))
    let lines = try Self.objects(third.announce)
    XCTAssertEqual(lines.count, 1)
    XCTAssertEqual(lines[0]["id"] as? String, "p#2")
    XCTAssertEqual(lines[0]["slot"] as? Int, 0, "a's slot")
    let read = try XCTUnwrap(FrameReader(third.frame))
    XCTAssertEqual([read.u32(0, 32), read.u32(1, 32)], [1, 0])
  }

  func testBase64IsRFC4648() {
    // RFC 4648 §10's test vectors.
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
      "foobar": "Zm9vYmFy",
    ]
    for (text, expected) in vectors {
      XCTAssertEqual(Base64.encode(Array(text.utf8)), expected)
    }
    XCTAssertEqual(Base64.encode([0xFB, 0xFF]), "+/8=")
  }

  private static func objects(_ lines: [UInt8]) throws -> [[String: Any]] {
    try String(decoding: lines, as: UTF8.self).split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }
}
