import AnimKit
import Testing

/// `Simulation.header` is the header `write` begins with, timing curves included.
@Suite struct HeaderTests {
  /// Remembers the header it is given.
  struct HeaderCatcher: FrameWriter {
    var header: RunHeader? = nil
    mutating func begin(_ header: RunHeader) throws { self.header = header }
    mutating func write(_ frame: Frame) throws {}
    mutating func finish() throws {}
  }

  static let scene = """
    scene "Curves" {
      size 120, 80
      fps 20
      duration 1s
    }
    node dot = circle(5) {
      position (10, 40)
      animate x to 110 over 1s timing cubicBezier(0.1, 0.7, 0.3, 1)
      animate y by 10 over 1s timing easeIn
    }
    """

  @Test func theHeaderIsTheOneWriteUses() throws {
    let scene = try #require(compile(source: Self.scene).scene)
    var catcher = HeaderCatcher()
    try Simulation(scene).write(to: &catcher)
    let written = try #require(catcher.header)
    let header = try Simulation(scene).header(frames: 20)
    #expect(header == written)
    // The scene's two curves in source order; easeIn is cubicBezier(0.42, 0, 1, 1) (§5).
    #expect(header.timingCurves == [.cubicBezier(0.1, 0.7, 0.3, 1), .cubicBezier(0.42, 0, 1, 1)])
    // 1 s at 20 fps.
    #expect(written.frames == 20 && written.title == "Curves")
  }
}
