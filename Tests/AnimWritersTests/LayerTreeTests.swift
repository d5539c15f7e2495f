import AnimJSON
import AnimMath
import AnimModel
import AnimRender
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// §14's layer tree as the simulator runs it and the dumps and drawers read it. Expected
/// matrices are composed here with plain 3 × 3 and 4 × 4 arithmetic from §3.2, §12.1 and
/// §14's formulas, not with animc's matrix code.
@Suite struct LayerTreeTests {
  typealias M = [[Double]]

  static func product(_ a: M, _ b: M) -> M {
    (0..<a.count).map { i in (0..<a.count).map { j in (0..<a.count).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  static func translate(_ x: Double, _ y: Double) -> M { [[1, 0, x], [0, 1, y], [0, 0, 1]] }
  static func scale(_ sx: Double, _ sy: Double) -> M { [[sx, 0, 0], [0, sy, 0], [0, 0, 1]] }
  static func rotate(_ degrees: Double) -> M {
    let a = degrees * Double.pi / 180
    return [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]]
  }

  /// §9's `matrix` [a, b, c, d, tx, ty] of a 3 × 3 matrix.
  static func cells(_ m: M) -> [Double] { [m[0][0], m[1][0], m[0][1], m[1][1], m[0][2], m[1][2]] }

  static func cells(_ t: AnimMath.AffineTransform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

  static func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  /// The first frame's records of `text`.
  static func firstFrame(_ text: String) throws -> Frame {
    let simulator = try Simulator(try checkedScene(text))
    try simulator.step()
    return simulator.frame
  }

  static func record(_ id: String, in frame: Frame) throws -> NodeFrame {
    try #require(frame.nodes.first { $0.id.description == id }, "no record \(id)")
  }

  @Test func aThreeLevelChainComposesRotationAndScale() throws {
    let frame = try Self.firstFrame(
      """
      scene "Chain" { size 400, 400; duration 0.1s; fps 10 }
      node a = rect(100, 80) {
        position (200, 200)
        rotation 30deg
        node b = rect(40, 20) {
          position (10, 20)
          scale 2
          node c = rect(10, 6) {
            position (4, 6)
            rotation -90deg
            scaleX 0.5
          }
        }
      }
      """)
    // Each node's own: T(position)·R(rotation)·S(scale)·T(−w/2, −h/2) (anchor at the centre).
    let a = [Self.rotate(30), Self.translate(-50, -40)].reduce(Self.translate(200, 200), Self.product)
    let b = [Self.scale(2, 2), Self.translate(-20, -10)].reduce(Self.translate(10, 20), Self.product)
    let c = [Self.rotate(-90), Self.scale(0.5, 1), Self.translate(-5, -3)].reduce(Self.translate(4, 6), Self.product)
    let wholeB = Self.product(a, b)
    let wholeC = Self.product(wholeB, c)
    #expect(frame.nodes.map(\.id.description) == ["a", "b", "c"])
    #expect(Self.close(Self.cells(try Self.record("a", in: frame).matrix), Self.cells(a)))
    #expect(Self.close(Self.cells(try Self.record("b", in: frame).matrix), Self.cells(wholeB)))
    #expect(Self.close(Self.cells(try Self.record("c", in: frame).matrix), Self.cells(wholeC)))
    #expect(frame.nodes.map(\.parent) == [nil, 0, 1])
    // Positions stay as written, in the parent's box.
    #expect(try Self.record("c", in: frame).state.position == Point(4, 6))
  }

  static func translate3(_ x: Double, _ y: Double) -> M {
    [[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, 0], [0, 0, 0, 1]]
  }

  @Test func aCardAndItsFaceComposeIn3D() throws {
    let frame = try Self.firstFrame(
      """
      scene "Card" { size 400, 400; duration 0.1s; fps 10 }
      node card = rect(200, 280) {
        position (200, 200)
        perspective 600
        rotationY 40deg
        node face = rect(100, 40) {
          position (100, 140)
          rotationX 20deg
        }
      }
      """)
    // CSS's rotateX maps (y, z) to (y cos − z sin, y sin + z cos).
    let (cx, sx) = (cos(20 * Double.pi / 180), sin(20 * Double.pi / 180))
    let rotateX: M = [[1, 0, 0, 0], [0, cx, -sx, 0], [0, sx, cx, 0], [0, 0, 0, 1]]
    let card = Self.turned(40, at: (200, 200), half: (100, 140))
    let face = [rotateX, Self.translate3(-50, -20)].reduce(Self.translate3(100, 140), Self.product)
    let whole = Self.product(card, face)
    let got = try #require(try Self.record("face", in: frame).matrix3d)
    // `matrix3d` is column-major.
    let expected = (0..<4).flatMap { column in (0..<4).map { row in whole[row][column] } }
    #expect(Self.close(got.m, expected))
    #expect(try Self.record("face", in: frame).parent == 0)
  }

  @Test func opacitiesMultiplyDownTheTreeWhenDrawn() throws {
    let frame = try Self.firstFrame(
      """
      scene "Fade" { size 100, 100; duration 0.1s; fps 10 }
      node a = rect(50, 50) {
        position (50, 50)
        opacity 0.5
        node g {
          opacity 0.8
          node c = rect(10, 10) { opacity 0.25 }
        }
      }
      """)
    // Records keep their own opacity (§14); the group draws nothing.
    #expect(frame.nodes.map(\.state.opacity) == [0.5, 0.8, 0.25])
    let header = RunHeader(title: "", width: 100, height: 100, background: .clear, fps: 10, seed: 0, frames: 1)
    let drawing = Drawing(frame, header)
    #expect(drawing.items.map(\.opacity) == [0.5, 0.5 * 0.8 * 0.25])
  }

  @Test func paintOrderIsDepthFirstWithZAmongSiblings() throws {
    let frame = try Self.firstFrame(
      """
      scene "Order" { size 100, 100; duration 0.1s; fps 10 }
      node top = rect(10, 10) { z 1 }
      node p = rect(50, 50) {
        node q = rect(5, 5) { z 2 }
        node r = rect(5, 5) {
          z -1
          node s = rect(2, 2) { z -5 }
        }
        node t = rect(5, 5) { z 2 }
      }
      """)
    // Top level by z: p (0) then top (1). p's children by z, ties in declaration
    // order: r (−1) with its child s, then q and t (2). A child paints over its parent
    // whatever its z.
    #expect(frame.nodes.map(\.id.description) == ["p", "r", "s", "q", "t", "top"])
    #expect(frame.nodes.map(\.parent) == [nil, 0, 1, 0, 0, nil])
  }

  @Test func aChildAppearsAfterItsParentAndLeavesWithIt() throws {
    let simulator = try Simulator(
      try checkedScene(
        """
        scene "Life" { size 100, 100; duration 1s; fps 10 }
        node p = rect(50, 50) {
          at 0.2s
          remove after 0.5s
          node c = rect(5, 5) { at 0.2s }
        }
        """))
    var present: [[String]] = []
    for _ in 0..<10 {
      try simulator.step()
      present.append(simulator.frame.nodes.map(\.id.description))
    }
    // p lives 0.2…0.7 s; c appears 0.2 s after p, at 0.4 s, and goes with p.
    #expect(present[1] == [])
    #expect(present[2] == ["p"])
    #expect(present[4] == ["p", "c"])
    #expect(present[6] == ["p", "c"])
    #expect(present[7] == [])
  }

  @Test func dumpsNameTheParentAndGroupsHaveNoShape() throws {
    let text = """
      scene "Dump" { size 100, 100; duration 0.1s; fps 10 }
      node g {
        position (10, 20)
        node c = rect(4, 4) { position (1, 2) }
      }
      """
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(try Simulator(try checkedScene(text)), to: &writer)
    #expect(sink.text.contains("{\"id\":\"g\",\"x\":10,"))
    #expect(sink.text.contains("{\"id\":\"c\",\"shape\":\"c\",\"parent\":\"g\",\"x\":1,"))
    // g's box is 0 × 0: c's matrix is T(10, 20)·T(1, 2)·T(−2, −2).
    #expect(sink.text.contains("\"matrix\":[1,0,0,1,9,20]"))
    #expect(!sink.text.contains("\"type\":\"shape\",\"id\":\"\""))
    let csv = MemorySink()
    var csvWriter = CSVWriter(to: csv)
    try FrameRun.write(try Simulator(try checkedScene(text)), to: &csvWriter)
    let lines = csv.text.split(separator: "\n")
    #expect(lines.first?.hasPrefix("frame,time,id,shape,parent,x,") == true)
    #expect(lines.dropFirst().first?.hasPrefix("0,0,g,,,10,20,") == true)
    #expect(lines.dropFirst(2).first?.hasPrefix("0,0,c,c,g,1,2,") == true)
  }

  /// §14's card: the front faces the viewer exactly where det H of its whole transform
  /// (card × face) is positive, and the back (turned a further 180° in the card) in the
  /// other frames. 1.05 s at 60 fps never lands on 90°.
  @Test func aDoubleSidedChildFacesByItsWholeTransform() throws {
    let text = """
      scene "Flip" { size 300, 300; duration 1.05s; fps 60 }
      node card {
        position (150, 150)
        perspective 600
        animate rotationY from 0deg to 180deg over 1.05s timing linear
        node front = rect(100, 140) { doubleSided false }
        node back = rect(100, 140) { rotationY 180deg; doubleSided false }
      }
      """
    let simulator = try Simulator(try checkedScene(text))
    var fronts = 0
    for n in 0..<63 {
      try simulator.step()
      let frame = simulator.frame
      let angle = 180 * (Double(n) / 60) / 1.05
      let det = Self.planarDeterminant(Self.turned(angle, at: (150, 150), half: (50, 70)))
      let frontShown = !(try Self.record("front", in: frame).backFacing)
      let backShown = !(try Self.record("back", in: frame).backFacing)
      #expect(frontShown == (det > 0), "frame \(n) at \(angle)°")
      #expect(frontShown != backShown, "frame \(n)")
      if frontShown { fronts += 1 }
    }
    // Frames 0…31 are below 90° (n < 31.5).
    #expect(fronts == 32)
  }

  /// A tap inside a child that lies outside its parent's box hits the parent (§14). p's
  /// box is (40…60, 40…60); c at (100, 10) in it has its centre at (140, 50) and its box
  /// (135…145, 45…55). A tap at (141, 52) is in c only; (90, 90) in neither.
  @Test func aTapInsideAChildOutsideItsParentHitsTheParent() throws {
    func spawns(_ tap: String) throws -> Int {
      let simulator = try Simulator(
        try checkedScene(
          """
          scene "Tap" { size 200, 200; duration 0.3s; fps 10 }
          node p = rect(20, 20) {
            position (50, 50)
            node c = rect(10, 10) { position (100, 10) }
          }
          emitter e {
            on tap p
            spawn circle(2) { remove after 1s }
          }
          input {
            tap \(tap) at 0.1s
          }
          """))
      var count = 0
      for _ in 0..<3 {
        try simulator.step()
        count = simulator.frame.nodes.filter { $0.id.description.hasPrefix("e#") }.count
      }
      return count
    }
    #expect(try spawns("(141, 52)") == 1)
    #expect(try spawns("(90, 90)") == 0)
    // `tap c` taps c's centre, (140, 50), which is in c and so hits p.
    #expect(try spawns("c") == 1)
  }

  /// `NODE.position` of a nested node reads its model value (in its parent's box).
  @Test func aNestedNodesPositionIsRead() throws {
    let frame = try Self.firstFrame(
      """
      scene "Read" { size 100, 100; duration 0.1s; fps 10 }
      node p = rect(20, 20) {
        node c = rect(2, 2) { position (7, 9) }
      }
      node q = rect(2, 2) { position c.position + (1, 1) }
      """)
    #expect(try Self.record("q", in: frame).state.position == Point(8, 10))
  }

  /// T(x, y)·P(600)·Ry(θ)·T(−w/2, −h/2): a box turned about its centre under perspective,
  /// with CSS's matrices (§12.1): perspective's row 4, column 3 is −1/d; rotateY maps
  /// (x, z) to (x cos + z sin, −x sin + z cos).
  static func turned(_ degrees: Double, at p: (Double, Double), half: (Double, Double)) -> M {
    let (c, s) = (cos(degrees * Double.pi / 180), sin(degrees * Double.pi / 180))
    let perspective: M = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1.0 / 600, 1]]
    let rotateY: M = [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]]
    return [perspective, rotateY, translate3(-half.0, -half.1)].reduce(translate3(p.0, p.1), product)
  }

  /// det H, H being rows and columns 1, 2 and 4 of `m` (§14).
  static func planarDeterminant(_ m: M) -> Double {
    let h = [0, 1, 3].map { i in [0, 1, 3].map { j in m[i][j] } }
    return h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1]) - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
      + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0])
  }

  /// examples/card-flip.anim: in each frame exactly one face shows, the front (with its
  /// label) where det H of its whole transform is positive. The card turns 0 → 180° from
  /// 0.5 s over 1.05 s: θ = 180° · (n − 30) / 63 in frame n.
  @Test func theCardFlipExampleShowsOneFaceInEveryFrame() throws {
    let simulator = try Simulator(try example("card-flip"))
    var fronts = 0
    for n in 0..<150 {
      try simulator.step()
      let frame = simulator.frame
      let angle = min(max(180 * Double(n - 30) / 63, 0), 180)
      let det = Self.planarDeterminant(Self.turned(angle, at: (187.5, 333.5), half: (100, 140)))
      let front = !(try Self.record("front", in: frame).backFacing)
      let label = !(try Self.record("label", in: frame).backFacing)
      let back = !(try Self.record("back", in: frame).backFacing)
      #expect(front == (det > 0), "frame \(n) at \(angle)°")
      #expect(label == front && back != front, "frame \(n)")
      if front { fronts += 1 }
    }
    // The example's own `// expect:`: frames 0…61 show the front.
    #expect(fronts == 62)
  }
}
