import AnimImage
import AnimJSON
import AnimMath
import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// §14's `doubleSided false`: a node's shape is not drawn in a frame where `det H < 0`,
/// H being rows and columns 1, 2 and 4 of its whole 4 × 4 transform (its affine matrix's
/// determinant for a 2-D node). Expected faces come from the spec's formulas, composed
/// here with plain 4 × 4 arithmetic, not from animc's matrix code.
@Suite struct DoubleSidedTests {
  /// A card's two faces: the back is the front turned 180° more. 1.05 s at 60 fps is 63
  /// frames at angles 180°·n/63, so no frame falls on 90° (n = 31.5).
  static let flip = """
    scene "Flip" { size 300, 300; duration 1.05s; fps 60 }
    node front = rect(100, 140) {
      position (150, 150)
      perspective 600
      doubleSided false
      animate rotationY from 0deg to 180deg over 1.05s timing linear
    }
    node back = rect(100, 140) {
      position (150, 150)
      perspective 600
      doubleSided false
      animate rotationY from 180deg to 360deg over 1.05s timing linear
    }
    node mirrored = rect(20, 20) { position (20, 20); scaleX -1; doubleSided false }
    node turned = rect(20, 20) { position (60, 20); scaleX -1; scaleY -1; doubleSided false }
    node plain = rect(20, 20) { position (100, 20); scaleX -1 }
    """

  typealias M4 = [[Double]]

  static func product(_ a: M4, _ b: M4) -> M4 {
    (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  /// §12.1's list for the card: translate(150, 150) perspective(600) rotateY(θ)
  /// translate(−50, −70) (rotation 0, scale 1, anchor at the centre of 100 × 140),
  /// with CSS's matrices: perspective's m34 (row 4, column 3) is −1/d, and rotateY maps
  /// (x, z) to (x·cos θ + z·sin θ, −x·sin θ + z·cos θ).
  static func cardDeterminant(degrees: Double) -> Double {
    let a = degrees * Double.pi / 180
    let (c, s) = (cos(a), sin(a))
    func translate(_ x: Double, _ y: Double) -> M4 { [[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, 0], [0, 0, 0, 1]] }
    let perspective: M4 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1.0 / 600, 1]]
    let rotateY: M4 = [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]]
    let m = [perspective, rotateY, translate(-50, -70)].reduce(translate(150, 150), product)
    // H: rows and columns 1, 2 and 4.
    let h = [0, 1, 3].map { i in [0, 1, 3].map { j in m[i][j] } }
    return h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1]) - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
      + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0])
  }

  @Test func exactlyOneFaceOfTheCardShowsInEveryFrame() throws {
    let frames = Array(0..<63)
    let dumped = try DepthDumpTests.dumpedNodes(try checkedScene(Self.flip), frames: frames)
    #expect(dumped.count == 63)
    var fronts = 0
    for (n, nodes) in zip(frames, dumped) {
      let byID = Dictionary(
        nodes.compactMap { node -> (String, [String: JSONValue])? in
          guard case .string(let id)? = node["id"] else { return nil }
          return (id, node)
        }, uniquingKeysWith: { a, _ in a })
      let front = try #require(byID["front"])
      let back = try #require(byID["back"])
      // Both records are written, each saying it is one-sided.
      #expect(front["doubleSided"] == .bool(false) && back["doubleSided"] == .bool(false))
      let angle = 180 * (Double(n) / 60) / 1.05
      let frontDet = Self.cardDeterminant(degrees: angle)
      let backDet = Self.cardDeterminant(degrees: angle + 180)
      #expect(abs(frontDet) > 1e-3 && abs(backDet) > 1e-3, "frame \(n) is edge on")
      let frontShown = front["backFacing"] == nil
      let backShown = back["backFacing"] == nil
      #expect(frontShown == (frontDet > 0), "frame \(n): front at \(angle)°, det H \(frontDet)")
      #expect(backShown == (backDet > 0), "frame \(n): back at \(angle + 180)°, det H \(backDet)")
      #expect(frontShown != backShown, "frame \(n) shows \(frontShown ? "both faces" : "neither face")")
      if let flag = front["backFacing"] { #expect(flag == .bool(true)) }
      if frontShown { fronts += 1 }
    }
    // Up to 90°, n < 31.5: frames 0…31 show the front, 32…62 the back.
    #expect(fronts == 32)
  }

  @Test func aMirroredNodeFacesAwayAndAHalfTurnDoesNot() throws {
    let nodes = try #require(try DepthDumpTests.dumpedNodes(try checkedScene(Self.flip), frames: [0]).first)
    let byID = Dictionary(
      nodes.compactMap { node -> (String, [String: JSONValue])? in
        guard case .string(let id)? = node["id"] else { return nil }
        return (id, node)
      }, uniquingKeysWith: { a, _ in a })
    // scaleX −1: det = −1 · 1 < 0. scaleX and scaleY −1: det = (−1)(−1) > 0.
    #expect(byID["mirrored"]?["backFacing"] == .bool(true))
    #expect(byID["turned"]?["doubleSided"] == .bool(false) && byID["turned"]?["backFacing"] == nil)
    // Double-sided (the default): neither key, whatever its facing.
    #expect(byID["plain"]?["doubleSided"] == nil && byID["plain"]?["backFacing"] == nil)
  }

  /// Spawns (the spawn program's path) and replicator copies (a prefix before the
  /// node's own transform) decide their facing from their whole matrix too.
  @Test func spawnsAndCopiesFaceAwayByTheirWholeMatrix() throws {
    let scene = """
      scene "Copies" { size 200, 100; duration 0.1s; fps 10 }
      emitter e {
        at 0s
        spawn rect(10, 10) { position (20, 20); scaleY -2; doubleSided false }
      }
      replicate row count 3 {
        position (50, 50)
        instance transform scale(-1, 1)
        node tile = rect(10, 10) { doubleSided false }
      }
      """
    let nodes = try #require(try DepthDumpTests.dumpedNodes(try checkedScene(scene), frames: [0]).first)
    var facing: [String: Bool] = [:]
    for node in nodes {
      guard case .string(let id)? = node["id"] else { continue }
      #expect(node["doubleSided"] == .bool(false), "\(id)")
      facing[id] = node["backFacing"] == .bool(true)
    }
    // scaleY −2: det −2. Copy i carries Mⁱ = scale(−1, 1)ⁱ: det (−1)ⁱ.
    #expect(facing == ["e#0": true, "tile[0]": false, "tile[1]": true, "tile[2]": false])
  }

  @Test func theKeysComeAfterZInTheSpecsOrder() throws {
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(try Simulator(try checkedScene(Self.flip)), to: &writer)
    let frame = try #require(sink.text.split(separator: "\n").first { $0.hasPrefix("{\"type\":\"frame\"") })
    #expect(frame.contains("\"z\":0,\"doubleSided\":false,\"backFacing\":true,\"matrix\":[-1,0,0,1,30,10]"))
    #expect(frame.contains("\"z\":0,\"doubleSided\":false,\"matrix\":[-1,0,0,-1,70,30]"))
    #expect(frame.contains("\"z\":0,\"matrix\":[-1,0,0,1,110,10]"))
  }

  @Test func csvGainsTheColumnsAfterZOnlyWhenTheSceneSetsDoubleSided() throws {
    func csv(_ source: String) throws -> [String] {
      let sink = MemorySink()
      var writer = CSVWriter(to: sink)
      try FrameRun.write(try Simulator(try checkedScene(source)), to: &writer)
      return sink.text.split(separator: "\n").map(String.init)
    }
    let flat = "scene \"F\" { size 10, 10; duration 0.1s; fps 10 }\nnode a = rect(2, 2) { position (5, 5); scaleX -1 }"
    #expect(try csv(flat).first == CSVWriter.columns)
    let rows = try csv(Self.flip)
    let header = try #require(rows.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(header.count == 23 + 3 + 16 + 2)
    let z = try #require(header.firstIndex(of: "z"))
    #expect(Array(header[z...(z + 3)]) == ["z", "doubleSided", "backFacing", "a"])
    func cells(_ id: String) throws -> [String] {
      let row = try #require(rows.first { $0.hasPrefix("0,0,\(id),") })
      return Array(row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[z...(z + 2)])
    }
    #expect(try cells("mirrored") == ["0", "false", "true"])
    #expect(try cells("turned") == ["0", "false", ""])
    #expect(try cells("plain") == ["0", "", ""])
  }

  @Test func aBackFacingShapeIsNotDrawn() throws {
    let scene = """
      scene "Mirror" { size 40, 20; duration 0.1s; fps 10; background white }
      node hidden = rect(10, 10) { position (10, 10); fill red; scaleX -1; doubleSided false }
      node shown = rect(10, 10) { position (30, 10); fill red; scaleX -1 }
      """
    let sink = MemorySink()
    var writer = PNGStillWriter(to: sink, PictureOptions(width: 40, height: 20))
    try FrameRun.write(try Simulator(try checkedScene(scene)), to: &writer)
    let image = try PNGImage.decode(sink.bytes)
    #expect(image.width == 40 && image.height == 20)
    let white: (UInt16, UInt16, UInt16, UInt16) = (65535, 65535, 65535, 65535)
    let red: (UInt16, UInt16, UInt16, UInt16) = (65535, 0, 0, 65535)
    // Pixel (10, 10) lies inside the hidden square; (30, 10) inside the drawn one.
    #expect(image.rgba16(x: 10, y: 10) == white)
    #expect(image.rgba16(x: 30, y: 10) == red)
    // SVG: the background and one square, the drawn one (its matrix mirrors about x = 30).
    let svg = MemorySink()
    var svgWriter = SVGStillWriter(to: svg, PictureOptions(width: 40, height: 20))
    try FrameRun.write(try Simulator(try checkedScene(scene)), to: &svgWriter)
    let paths = svg.text.components(separatedBy: "<path").count - 1
    #expect(paths == 1, "\(svg.text)")
  }

  @Test func lottieHidesTheShapeWhereItFacesAway() throws {
    let simulator = try Simulator(try checkedScene(Self.flip))
    try simulator.step()
    let frame = simulator.frame
    for node in frame.nodes {
      let sample = LottieInstance.sample(
        node, opacity: node.state.opacity, position: node.state.position, scale: .identity)
      #expect((sample.opacity == 0) == node.backFacing, "\(node.id)")
    }
    let hidden = frame.nodes.filter { $0.backFacing }.count
    // The mirrored square, and the back of the card at 0°.
    #expect(hidden == 2)
  }
}
