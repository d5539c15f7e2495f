import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

/// A frame's 3-D matrices live in one column the frame's records share
/// (`DepthColumn`), written once per frame: a record must still behave as a value, and a
/// frame kept by a reader must keep its matrices while the simulation goes on.
@Suite struct DepthColumnTests {
  @Test func aRecordsMatrix3DIsAValue() {
    let one = Matrix3D.translation(1, 2)
    let two = Matrix3D.scale(3, 4)
    var a = NodeFrame.placeholder
    #expect(a.matrix3d == nil && a.depthSlot == -1)
    a.matrix3d = one
    let b = a
    a.matrix3d = two
    #expect(b.matrix3d == one)
    #expect(a.matrix3d == two)
    a.matrix3d = nil
    #expect(a.matrix3d == nil && a.depthSlot == -1)
    #expect(b.matrix3d == one)
    // A place in a column still being written reads as nothing until the column is handed over.
    a.placeDepth(at: 1)
    #expect(a.matrix3d == nil)
    a.publishDepth([one, two])
    #expect(a.matrix3d == two)
    // A 2-D record takes no column.
    var flat = NodeFrame.placeholder
    flat.publishDepth([one])
    #expect(flat.matrix3d == nil)
  }

  /// T(a)·P(d)·T(b) with a and b in the plane z = 0, column-major, by hand: P's W-row z
  /// entry −1/d picks up a's translation in column 2 (−aₓ/d, −a_y/d), and the two
  /// translations add in column 3.
  static func restMatrix(_ a: Point, perspective d: Double, _ b: Point) -> [Double] {
    [1, 0, 0, 0, 0, 1, 0, 0, -a.x / d, -a.y / d, 1, -1 / d, a.x + b.x, a.y + b.y, 0, 1]
  }

  static func close(_ got: [Double]?, _ expected: [Double]) -> Bool {
    guard let got, got.count == expected.count else { return false }
    return zip(got, expected).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) }
  }

  /// A card turning about y with two 2-D children: at t = 0 (rotationY 0) each child's
  /// whole matrix is its parent's rest matrix times its own translation; the frame is
  /// kept while the card turns on, and must not change.
  @Test func aKeptFrameKeepsItsMatrices() throws {
    let analysis = analyze(
      SourceFile(
        name: "t.anim",
        text: """
          scene "t" { size 200, 200; fps 10; duration 1s }
          node card = rect(100, 100) {
            position (50, 50)
            perspective 500
            animate rotationY from 0deg to 90deg over 1s
            node a = rect(10, 10) { position (0, 0) }
            node b = rect(20, 20) { position (30, 40) }
          }
          """))
    #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.message))")
    let sim = try Simulator(try #require(analysis.ir as SceneIR?))
    try sim.step()
    let first = sim.frame
    func record(_ name: String, _ frame: Frame) throws -> NodeFrame {
      try #require(frame.nodes.first { $0.id.name == name })
    }
    // The card's box origin is (−50, −50); a's is (−5, −5) from (0, 0), b's (−10, −10)
    // from (30, 40), both in the card's box.
    let card = Self.restMatrix(Point(50, 50), perspective: 500, Point(-50, -50))
    let a = Self.restMatrix(Point(50, 50), perspective: 500, Point(-55, -55))
    let b = Self.restMatrix(Point(50, 50), perspective: 500, Point(-30, -20))
    #expect(Self.close(try record("card", first).matrix3d?.m, card))
    #expect(Self.close(try record("a", first).matrix3d?.m, a))
    #expect(Self.close(try record("b", first).matrix3d?.m, b))
    for _ in 0..<5 { try sim.step() }
    // Turned by now: the simulation's matrices moved on, the kept frame's did not.
    #expect(!Self.close(try record("a", sim.frame).matrix3d?.m, a))
    #expect(Self.close(try record("card", first).matrix3d?.m, card))
    #expect(Self.close(try record("a", first).matrix3d?.m, a))
    #expect(Self.close(try record("b", first).matrix3d?.m, b))
  }
}
