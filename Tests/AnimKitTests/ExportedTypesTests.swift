import AnimKit
import Testing

/// Every type a frame exposes can be named with `import AnimKit` alone: this file
/// imports nothing else of animc, so it compiles only while each name is exported.
@Suite struct ExportedTypesTests {
  static let scene = """
    scene "Types" {
      size 100, 100
      fps 10
      duration 1s
    }
    node flat = rect(40, 20) {
      position (30, 30)
      fill linearGradient([#FF0000, #0000FF])
      contentsRect [0, 0.5, 1, 0.5]
    }
    node turned = circle(10) {
      position (70, 70)
      fill #33CC66
      rotationX 30deg
      perspective 600
      animate x by 10 over 1s timing easeInOut
    }
    """

  @Test func everyPartOfAFrameHasANameInAnimKit() throws {
    let scene = try #require(compile(source: Self.scene).scene)
    let simulation = try Simulation(scene)
    let frame: Frame = try simulation.step()
    let flat: NodeFrame = try #require(frame.nodes.first)
    let turned: NodeFrame = try #require(frame.nodes.last)

    let id: InstanceID = flat.id
    let state: NodeState = turned.state
    let shape: SceneShape = flat.shape
    let outline: ShapeOutline = shape.outline
    let path: Path = outline.path
    let segments: [PathSegment] = path.segments
    let matrix: AffineTransform = flat.matrix
    let position: Point = state.position
    let fill: Color = state.fill
    let gradients: PaintGradients = try #require(flat.gradients)
    let gradient: Gradient = try #require(gradients.fill)
    let rect: ContentsRect = try #require(flat.contentsRect)
    let depth: Matrix3D = try #require(turned.matrix3d)
    let image: ImageAsset? = shape.image
    let curves: [TimingFunction] = simulation.header(frames: 1).timingCurves
    let header: RunHeader = simulation.header(frames: 1)

    #expect(id.description == "flat" && turned.id.description == "turned")
    // rect(40, 20) at (30, 30): the box's centre is the position, so the matrix moves
    // the box's origin to (30 − 20, 30 − 10).
    #expect(outline.width == 40 && outline.height == 20 && !segments.isEmpty)
    #expect(matrix.tx == 10 && matrix.ty == 20)
    // Frame 0: the animation of x has not moved it yet.
    #expect(position == Point(70, 70))
    #expect(fill == Color(r: 0x33 / 255, g: 0xCC / 255, b: 0x66 / 255, a: 1))
    #expect(gradient.stops.first?.color == Color(r: 1, g: 0, b: 0, a: 1) && gradient.stops.count == 2)
    #expect(rect.y == 0.5 && rect.height == 0.5)
    #expect(depth != Matrix3D.identity)
    #expect(image == nil)
    // easeInOut is cubicBezier(0.42, 0, 0.58, 1) (§5).
    #expect(curves == [.cubicBezier(0.42, 0, 0.58, 1)])
    #expect(header.width == 100 && header.fps == 10)
    #expect(path == Path(segments))
  }
}
