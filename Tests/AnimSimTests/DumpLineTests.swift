import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

/// Exact dump text for small hand-built scenes, the arithmetic in the comments.
@Suite struct DumpLineTests {
  /// `node dot = circle(10) { position (100, 200); animate opacity from 0 to 1 over 1s }`
  /// at 10 fps for 0.5 s.
  static var dots: SceneIR {
    var ir = scene(fps: 10, duration: 0.5, title: "Dots")
    ir.nodes = [
      node(
        "dot", circle(10),
        [.set(.position, pt(100, 200)), .timeline(animate(.opacity, from: num(0), to: num(1), over: 1))])
    ]
    return ir
  }

  @Test func oneNodeWithAnOpacityAnimation() throws {
    let lines = try dump(Self.dots).split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + 1 + 5)  // header, one shape line, frames 0…4 (N = 0.5·10)
    #expect(
      lines[0]
        == ##"{"type":"header","scene":"Dots","width":375,"height":667,"fps":10,"seed":0,"frames":5,"background":"#00000000"}"##
    )
    // circle(10): box 20 × 20 from the rightmost point, clockwise; a full turn is split
    // into two SVG arcs.
    #expect(
      lines[1]
        == ##"{"type":"shape","id":"dot","path":"M 20 10 A 10 10 0 0 1 0 10 A 10 10 0 0 1 20 10 Z","width":20,"height":20}"##
    )
    // t = 0.2: opacity 0.2; matrix T(100, 200)·T(−0.5·20, −0.5·20) = [1 0 0 1 90 190].
    #expect(
      lines[4]
        == ##"{"type":"frame","frame":2,"time":0.2,"nodes":[{"id":"dot","shape":"dot","x":100,"y":200,"scaleX":1,"scaleY":1,"rotation":0,"opacity":0.2,"fill":"#000000FF","z":0,"matrix":[1,0,0,1,90,190]}]}"##
    )
  }

  @Test func csvHasTheHeaderRowAndEmptyCells() throws {
    let rows = try dump(Self.dots, format: .csv).split(separator: "\n").map(String.init)
    #expect(
      rows[0]
        == "frame,time,id,shape,x,y,scaleX,scaleY,rotation,opacity,fill,stroke,lineWidth,strokeStart,strokeEnd,tint,z,a,b,c,d,tx,ty"
    )
    #expect(rows.count == 6)
    #expect(rows[4] == "3,0.3,dot,dot,100,200,1,1,0,0.3,#000000FF,,,,,,0,1,0,0,1,90,190")
  }

  @Test func frameRangeCountsOnlyWrittenFrames() throws {
    let lines = try dump(Self.dots, frames: 2...3).split(separator: "\n").map(String.init)
    #expect(lines[0].contains(##""frames":2,"##))
    #expect(lines.count == 4)
    #expect(lines[1].hasPrefix(##"{"type":"shape""##))  // shapes come before the first frame written
    #expect(lines[2].hasPrefix(##"{"type":"frame","frame":2,"##))
    #expect(lines[3].hasPrefix(##"{"type":"frame","frame":3,"##))
    // A range past the end is cut to the last frame.
    #expect(try dump(Self.dots, frames: 3...99).contains(##""frames":2,"##))
  }

  @Test func strokeTrimAndKeyOrder() throws {
    var ir = scene(fps: 10, duration: 0.1)
    let styled = Expr.styledShape(rect(10, 10), [StyleSetting(field: .stroke, value: color(Color(r: 1, g: 0, b: 0)))])
    ir.nodes = [node("box", styled, [.set(.strokeEnd, num(0.5)), .z(num(2)), .set(.rotation, num(-90))])]
    let frame = try #require(try dump(ir).split(separator: "\n").last.map(String.init))
    // R(−90°): a = cos = 0, b = sin = −1, c = 1, d = 0; tx = 0·(−5) + 1·(−5) = −5, ty = −1·(−5) + 0 = 5.
    #expect(
      frame
        == ##"{"type":"frame","frame":0,"time":0,"nodes":[{"id":"box","shape":"box","x":0,"y":0,"scaleX":1,"scaleY":1,"rotation":-90,"opacity":1,"fill":"#000000FF","stroke":"#FF0000FF","lineWidth":1,"strokeStart":0,"strokeEnd":0.5,"z":2,"matrix":[0,-1,1,0,-5,5]}]}"##
    )
  }

  /// An emitter fired `at 0.5s, 0.7s`, flying along `parabola(from: (0, 100), to: (100,
  /// 100), height: 50)` with `rotate .auto`, shown for 2 s after creation.
  static var flights: SceneIR {
    var ir = scene(fps: 10, duration: 2)
    let path = call(.parabola, pt(0, 100), pt(100, 100), num(50), .constant(.enumCase("up")))
    let spawn = node(
      "fly", rect(4, 4), shapeID: "spark",
      [.timeline(.animation(animation(.position, .along(path, .paced, .auto), over: 1))), .removeAfter(num(2))])
    ir.emitters = [EmitterTemplate(name: "fly", triggers: [.at([0.5, 0.7])], spawn: spawn)]
    return ir
  }

  @Test func emitterAlongAParabola() throws {
    let lines = try dump(Self.flights).split(separator: "\n").map(String.init)
    // Frames 0…4 are empty; frame 5 (t = 0.5) announces the shape, then the first spawn at
    // p = 0. The quad's control is (0 + 100/3, 100 + 0/2 − 50) = (33.3, 50): the start
    // tangent (33.3, −50) ∝ (2, −3), so rotation = atan2(−3, 2) = −56.309932°, cos = 2/√13,
    // sin = −3/√13; tx = −2(cos − sin) … = −10/√13 = −2.773501, ty = 100 + 2/√13.
    #expect(lines[1] == ##"{"type":"frame","frame":0,"time":0,"nodes":[]}"##)
    #expect(lines[6] == ##"{"type":"shape","id":"spark","path":"M 0 0 L 4 0 L 4 4 L 0 4 Z","width":4,"height":4}"##)
    #expect(
      lines[7]
        == ##"{"type":"frame","frame":5,"time":0.5,"nodes":[{"id":"fly#0","shape":"spark","x":0,"y":100,"scaleX":1,"scaleY":1,"rotation":-56.309932,"opacity":1,"fill":"#000000FF","z":0,"matrix":[0.5547,-0.83205,0.83205,0.5547,-2.773501,100.5547]}]}"##
    )
    // t = 1.5: fly#0 has ended (p = 1, at E); the end tangent E − C = (66.7, 50) ∝ (4, 3):
    // 36.869898°, cos 0.8, sin 0.6; tx = 100 − 1.6 + 1.2, ty = 100 − 1.2 − 1.6.
    let f15 = try #require(lines.first { $0.contains(##""frame":15,"##) })
    #expect(
      f15.hasPrefix(
        ##"{"type":"frame","frame":15,"time":1.5,"nodes":[{"id":"fly#0","shape":"spark","x":100,"y":100,"scaleX":1,"scaleY":1,"rotation":36.869898,"opacity":1,"fill":"#000000FF","z":0,"matrix":[0.8,0.6,-0.6,0.8,99.6,97.2]},{"id":"fly#1","##
      ))
  }

  @Test func alongPointsLieOnTheCurve() throws {
    let sim = try Simulator(Self.flights)
    for _ in 0...10 { try sim.step() }
    let p = try #require(sim.frame.nodes.first).state.position  // fly#0 half-way by length
    // On B(t) = (1−t)²S + 2t(1−t)C + t²E: x = 66.7t(1−t) + 100t², y = 100 − 100t(1−t).
    let c = 100.0 / 3
    // Solve x(t) = p.x: (100 − 2c)t² + 2c·t − p.x = 0.
    let a = 100 - 2 * c
    let t = (-2 * c + (4 * c * c + 4 * a * p.x).squareRoot()) / (2 * a)
    #expect(near(p.y, 100 - 100 * t * (1 - t), 1e-9))
    #expect(p.x > 40 && p.x < 60)
  }

  /// `replicate bars count 3 { position (100, 100); instance transform translate(20, 0);
  /// instance delay 0.1s; instance color white; instance offset red -0.25;
  /// node bar = rect(10, 40) { animate scaleY from 0 to 1 over 1s } }`
  @Test func replicatorWithThreeCopies() throws {
    var ir = scene(fps: 10, duration: 1)
    var r = ReplicatorTemplate(name: "bars", count: 3)
    r.position = pt(100, 100)
    r.instanceTransform = [call(.translate, num(20), num(0))]
    r.instanceDelay = num(0.1)
    r.offsets = (red: -0.25, green: 0, blue: 0, alpha: 0)
    r.children = [node("bar", rect(10, 40), [.timeline(animate(.scaleY, from: num(0), to: num(1), over: 1))])]
    ir.replicators = [r]
    let lines = try dump(ir).split(separator: "\n").map(String.init)
    let f5 = try #require(lines.first { $0.contains(##""frame":5,"##) })
    // Copy i at t = 0.5 − 0.1i: scaleY 0.5, 0.4, 0.3; matrix T(100, 100)·T(20i, 0)·S(1, sy)·T(−5, −20):
    // tx = 100 + 20i − 5, ty = 100 − 20·sy. Tint: red 1 − 0.25i → FF, BF (191.25), 80 (127.5).
    let expected =
      ##"{"type":"frame","frame":5,"time":0.5,"nodes":["##
      + ##"{"id":"bar[0]","shape":"bar","x":0,"y":0,"scaleX":1,"scaleY":0.5,"rotation":0,"opacity":1,"fill":"#000000FF","tint":"#FFFFFFFF","z":0,"matrix":[1,0,0,0.5,95,90]},"##
      + ##"{"id":"bar[1]","shape":"bar","x":0,"y":0,"scaleX":1,"scaleY":0.4,"rotation":0,"opacity":1,"fill":"#000000FF","tint":"#BFFFFFFF","z":0,"matrix":[1,0,0,0.4,115,92]},"##
      + ##"{"id":"bar[2]","shape":"bar","x":0,"y":0,"scaleX":1,"scaleY":0.3,"rotation":0,"opacity":1,"fill":"#000000FF","tint":"#80FFFFFF","z":0,"matrix":[1,0,0,0.3,135,94]}]}"##
    #expect(f5 == expected)
    #expect(lines.filter { $0.contains(##""type":"shape""##) }.count == 1)
  }

  /// A value that overflows while frames are sampled stops the run and names the
  /// instance, here after two replicator copies that are live but not yet shown.
  @Test func valueThatOverflowsWhileSamplingNamesItsInstance() throws {
    var ir = scene(fps: 10, duration: 1)
    var r = ReplicatorTemplate(name: "later", count: 2)
    r.children = [node("copy", circle(5), [.appearAt(num(0.5))])]
    ir.replicators = [r]
    // x from 1e308 to −1e308: the span overflows to −∞, and x = 1e308 + (−∞)·p is not a
    // number from the first sample on.
    let spark = node("spark", circle(5), [.timeline(animate(.x, from: num(1e308), to: num(-1e308), over: 1))])
    ir.emitters = [EmitterTemplate(name: "e", triggers: [.at([0.1])], spawn: spark)]
    let sim = try Simulator(ir)
    try sim.step()  // 0 s: the copies wait for 0.5 s, the spark for 0.1 s
    #expect(sim.live.count == 2 && sim.frame.nodes.isEmpty)
    #expect {
      try sim.step()
    } throws: { error in
      let e = error as? SimulationError
      return e?.code == "E0901" && e?.message == "a property of `e#0` is not finite at 0.1s"
    }
  }

  @Test func nonFiniteValueIsAnErrorAtItsExpression() throws {
    var ir = scene(fps: 10, duration: 1)
    let bad = SourceRange(start: 7, end: 12)
    ir.nodes = [node("n", circle(5), [.set(.x, .call(.sqrt, [num(-1)], bad))])]
    #expect {
      try Simulator(ir)
    } throws: { error in
      (error as? SimulationError)?.range == bad && (error as? SimulationError)?.code == "E0901"
    }
  }
}
