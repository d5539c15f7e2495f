import AnimMath
import AnimModel
import Testing

@testable import AnimSim

/// §14: a node declared in a replicator child is part of every copy's subtree: it rides
/// on the copy's transform, runs with the copy's delay and takes the copy's tint.
@Suite struct CopyChildrenTests {
  static let text = """
    \(tenFPSScene(seconds: 1))
    replicate row count 2 {
      instance transform translate(30, 0)
      instance delay 0.5s
      instance color #FFFFFF
      instance offset green -0.5
      node dot = rect(20, 20) {
        position (50, 50)
        node label = rect(4, 4) {
          position (10, 0)
          animate x by 10 over 1s timing linear
        }
      }
    }
    """

  @Test func eachCopyHasTheLabelOnItsOwnTransformDelayAndTint() throws {
    let run = try Example.run("copy-children", text: Self.text, keep: [8])
    let nodes = try #require(run.frames[8]?.nodes)
    #expect(nodes.map(\.id.description) == ["dot[0]", "dot[0]/label", "dot[1]", "dot[1]/label"])
    #expect(nodes.map(\.parent) == [nil, 0, nil, 2])
    // At 0.8 s copy 0's label has moved 8 pt: x = 18 in the dot's box, whose origin is
    // (40, 40); its own 4 × 4 box is centred there, so its matrix moves (56, 38).
    // Copy 1 runs 0.5 s late (x = 13) and is shifted 30 pt: (30 + 40 + 13 − 2, 38).
    let label0 = nodes[1]
    let label1 = nodes[3]
    #expect(abs(label0.state.position.x - 18) < 1e-9)
    #expect(abs(label0.matrix.tx - 56) < 1e-9 && abs(label0.matrix.ty - 38) < 1e-9)
    #expect(abs(label1.state.position.x - 13) < 1e-9)
    #expect(abs(label1.matrix.tx - 81) < 1e-9 && abs(label1.matrix.ty - 38) < 1e-9)
    // Copy 1's tint: white with green 1 − 0.5, on the dot and on its label alike.
    #expect(nodes[2].tint == Color(r: 1, g: 0.5, b: 1, a: 1))
    #expect(label1.tint == Color(r: 1, g: 0.5, b: 1, a: 1))
  }

  @Test func aTapOnACopysLabelFires() throws {
    // Copy 1's label at 0.8 s covers x 81…85, y 38…42.
    let text =
      Self.text + """

        emitter pops {
          on tap label
          spawn circle(1) { remove after 1s }
        }
        input {
          tap (83, 40) at 0.8s
          tap (60, 60) at 0.8s
        }
        """
    #expect(try popPositions(text) == [Point(83, 40)])
  }
}
