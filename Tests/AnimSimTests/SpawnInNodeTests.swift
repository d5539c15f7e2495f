import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

// `spawn … in NODE` (§14): each instance is NODE's child, placed in NODE's box at the
// trigger's point mapped by the inverse of NODE's whole transform, moving with NODE and
// removed with it. Expected values worked by hand from §3.2 and §14.

/// A 40 × 20 cart centred at (100, 100), moving x by 100 over 1 s (linear) and removed at
/// 1.2 s; dots spawned in it at 0.5 s and 1.3 s from the scene point (160, 110).
private let cartScene = """
  \(tenFPSScene(seconds: 2))
  node cart = rect(40, 20) {
    position (100, 100)
    animate x by 100 over 1s timing linear
    remove after 1.2s
  }
  emitter dots {
    at 0.5s, 1.3s
    origin (160, 110)
    spawn circle(5) in cart {
      remove after 1s
    }
  }
  """

@Test func aSpawnInAMovingNodeMovesWithIt() throws {
  let run = try Example.run("spawn-in", text: cartScene, keep: [5, 7, 10, 11], through: 19)
  for n in [5, 7, 10, 11] {
    let t = Double(n) / 10
    let nodes = try #require(run.frames[n]).nodes
    #expect(nodes.map(\.id.description) == ["cart", "dots#0"])
    #expect(nodes.last?.parent == 0)
    // The cart's box: top-left at (x − 20, 90), x = 100 + 100·min(t, 1). At 0.5 s it is
    // at (130, 90), so the dot's position in it is (160 − 130, 110 − 90) = (30, 20).
    let x = 100 + 100 * min(t, 1)
    let dot = try #require(nodes.last)
    #expect(dot.state.position == Point(30, 20))
    // Its world anchor: the cart's box origin plus (30, 20); its box is 10 × 10 around it.
    let anchor = Point(x - 20 + 30, 90 + 20)
    #expect(abs(dot.matrix.tx - (anchor.x - 5)) < 1e-9)
    #expect(abs(dot.matrix.ty - (anchor.y - 5)) < 1e-9)
    #expect(dot.matrix.a == 1 && dot.matrix.b == 0 && dot.matrix.c == 0 && dot.matrix.d == 1)
  }
  // Removed with the cart at 1.2 s (before its own 1.5 s); the trigger at 1.3 s, when the
  // cart is gone, creates nothing.
  #expect(run.seen["dots#0"]?.first == 5)
  #expect(run.seen["dots#0"]?.last == 11)
  #expect(run.seen["dots#1"] == nil)
  #expect(run.seen.count == 2)
}

@Test func aSecondarySpawnOfASpawnInANodeStartsAtItsSceneAnchor() throws {
  // The dot, spawned in the cart at (30, 20) of its box at 0.5 s, dies at 0.8 s; the cart
  // is then at x = 180, its box origin (160, 90): the death's trigger.position is
  // (190, 110), where the top-level spark starts.
  let text = """
    \(tenFPSScene(seconds: 2))
    node cart = rect(40, 20) {
      position (100, 100)
      animate x by 100 over 1s timing linear
    }
    emitter dots {
      at 0.5s
      origin (160, 110)
      spawn circle(5) in cart { remove after 0.3s }
    }
    emitter sparks {
      on death of dots
      spawn circle(1) { remove after 0.5s }
    }
    """
  let run = try Example.run("spawn-in", text: text, keep: [8])
  let spark = try #require(run.frames[8]?.nodes.first { $0.id.description == "sparks#0" })
  #expect(spark.parent == nil)
  #expect(abs(spark.state.position.x - 190) < 1e-9)
  #expect(abs(spark.state.position.y - 110) < 1e-9)
}

@Test func aDeathsVelocityIsMappedByItsParentsLinearPart() throws {
  // The dot moves at (10, 0) points per second in a node scaled by 2 and turned 90°
  // (clockwise, y down): its linear part maps (10, 0) to (0, 20). The spark born at the
  // dot's death (0.5 s) moves with that velocity from the death's point: 0.2 s later,
  // 4 points further down.
  let text = """
    \(tenFPSScene(seconds: 2))
    node box = rect(10, 10) {
      position (100, 100)
      scale 2
      rotation 90deg
    }
    emitter dots {
      at 0s
      origin (105, 105)
      spawn circle(1) in box {
        animate position with motion(velocity: (10, 0)) over 0.5s
      }
    }
    emitter sparks {
      on death of dots
      spawn circle(1) {
        remove after 1s
        animate position with motion(velocity: trigger.velocity) over 1s
      }
    }
    """
  let run = try Example.run("spawn-in", text: text, keep: [5, 7])
  let born = try #require(run.frames[5]?.nodes.first { $0.id.description == "sparks#0" }).state.position
  let later = try #require(run.frames[7]?.nodes.first { $0.id.description == "sparks#0" }).state.position
  #expect(abs(later.x - born.x) < 1e-9)
  #expect(abs(later.y - born.y - 4) < 1e-9)
}

@Test func aDeathsVelocityUnderPerspectiveIsTheProjectionsDerivative() throws {
  // The group is translate(200, 100)·perspective(400)·rotateY(60°) (§12.1, CSS matrices):
  // a point (x, 0) of its plane goes to z = −x·sin 60°, so W = 1 + x·sin 60°/400 and its
  // scene x is 200 + x·cos 60°/W. The dot starts at the plane's origin (the scene's
  // (200, 100)) and moves at (40, 0) for 1 s. At its death x = 40, and the scene speed is
  // d/dτ [20τ / (1 + 40τ·k)] = 20 / W², with k = sin 60°/400: not the 2 × 2 part of the
  // projected matrix, which would give (cos 60° + 200k)·40 ≈ 37.3.
  let text = """
    \(tenFPSScene(seconds: 2))
    node g {
      position (200, 100)
      perspective 400
      rotationY 60deg
    }
    emitter dots {
      at 0s
      origin (200, 100)
      spawn circle(1) in g {
        animate position with motion(velocity: (40, 0)) over 1s
      }
    }
    emitter sparks {
      on death of dots
      spawn circle(1) {
        remove after 1s
        animate position with motion(velocity: trigger.velocity) over 1s
      }
    }
    """
  let k = (3.0).squareRoot() / 2 / 400
  let w = 1 + 40 * k
  let run = try Example.run("spawn-in", text: text, keep: [10, 15])
  let born = try #require(run.frames[10]?.nodes.first { $0.id.description == "sparks#0" }).state.position
  let later = try #require(run.frames[15]?.nodes.first { $0.id.description == "sparks#0" }).state.position
  #expect(abs(born.x - (200 + 20 / w)) < 1e-9)
  #expect(abs(born.y - 100) < 1e-9)
  #expect(abs((later.x - born.x) / 0.5 - 20 / (w * w)) < 1e-9)
  #expect(abs(later.y - born.y) < 1e-9)
}

@Test func anEmitterReadsANestedNodesScenePositionAtEachTrigger() throws {
  // The cart moves right 100 pt over 1 s; its label sits at (30, 0) of the cart's 40 × 20
  // box. At 0.5 s the cart is at x = 150, its box origin (130, 90), so the label's anchor is
  // drawn at (160, 90): the origin of the first spark. At 0.8 s the box origin is
  // (160, 90), and the second spark's block puts it 10 pt below the label: (190, 100).
  let text = """
    \(tenFPSScene(seconds: 2))
    node cart = rect(40, 20) {
      position (100, 100)
      animate x by 100 over 1s timing linear
      node label = circle(2) { position (30, 0) }
    }
    emitter sparks {
      at 0.5s
      origin label.scenePosition
      spawn circle(1) { remove after 1s }
    }
    emitter marks {
      at 0.8s
      spawn circle(1) {
        position label.scenePosition + (0, 10)
        remove after 1s
      }
    }
    """
  let run = try Example.run("scene-position", text: text, keep: [9])
  let nodes = try #require(run.frames[9]?.nodes)
  let spark = try #require(nodes.first { $0.id.description == "sparks#0" }).state.position
  let mark = try #require(nodes.first { $0.id.description == "marks#0" }).state.position
  #expect(abs(spark.x - 160) < 1e-9 && abs(spark.y - 90) < 1e-9)
  #expect(abs(mark.x - 190) < 1e-9 && abs(mark.y - 100) < 1e-9)
}

@Test func aSpawnInABoundNodeUsesItsDrawnPlace() throws {
  // The cart's model position is (100, 100), but a `live` binding draws it at (150, 100)
  // (§16): its 40 × 20 box's origin is (130, 90) in the drawn frames. The trigger point
  // (160, 110) is (30, 20) of that box, where the dot starts, so it is drawn at the
  // trigger point; the model box would have put it at (80, 20).
  let text = """
    \(tenFPSScene(seconds: 1))
    node cart = rect(40, 20) {
      position (100, 100)
      live position (150, 100)
    }
    emitter dots {
      at 0.5s
      origin (160, 110)
      spawn circle(5) in cart { remove after 0.3s }
    }
    """
  let run = try Example.run("spawn-in", text: text, keep: [6])
  let dot = try #require(run.frames[6]?.nodes.first { $0.id.description == "dots#0" })
  #expect(abs(dot.state.position.x - 30) < 1e-9 && abs(dot.state.position.y - 20) < 1e-9)
}

@Test func aSpawnInABoundNodeBetweenFramesUsesItsPlaceAtTheTrigger() throws {
  // The cart is bound to x = 100 + scene.time / 10 ms (§16). The trigger at 0.55 s falls
  // between frames 5 and 6 (10 fps): the cart is at x 155 then, its 40 × 20 box's origin
  // at (135, 90), so the trigger point (160, 110) is (25, 20) of the box. The frame
  // before (0.5 s) would have given (30, 20).
  let text = """
    \(tenFPSScene(seconds: 1))
    node cart = rect(40, 20) {
      position (100, 100)
      live position (100 + scene.time / 10ms, 100)
    }
    emitter dots {
      at 0.55s
      origin (160, 110)
      spawn circle(5) in cart { remove after 0.3s }
    }
    """
  let run = try Example.run("spawn-in-instant", text: text, keep: [6])
  let dot = try #require(run.frames[6]?.nodes.first { $0.id.description == "dots#0" })
  #expect(abs(dot.state.position.x - 25) < 1e-9 && abs(dot.state.position.y - 20) < 1e-9, "\(dot.state.position)")
}
