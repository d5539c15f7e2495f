import AnimMath
import AnimModel
import Testing

@testable import AnimSim

/// Where the instances of emitter `pops` stand at frame 9 (1 s at 10 fps), by index: one
/// per tap that hit.
func popPositions(_ text: String) throws -> [Point] {
  let run = try Example.run("taps", text: text, keep: [9])
  let nodes = try #require(run.frames[9]?.nodes)
  return nodes.filter { $0.id.name == "pops" }.sorted { $0.id.index < $1.id.index }.map(\.state.position)
}

/// §14: `on tap X` of a node declared in a spawn fires when any of X's instances is hit,
/// through its present descendants too; a group only through them.
@Suite struct SpawnChildTapTests {
  // The heart spawns at (100, 100) and moves right 100 pt over 1 s; its 20 × 20 box is
  // centred on its position. The label sits at (30, 0) of the heart's box, a 10 × 10 box
  // centred there. At 0.5 s the heart is at x = 150, its box origin (140, 90), so the
  // label covers x 165…175, y 85…95.
  static func scene(label: String = "node label = rect(10, 10) { position (30, 0) }") -> String {
    """
    \(tenFPSScene(seconds: 1))
    emitter hearts {
      at 0s
      origin (100, 100)
      spawn rect(20, 20) {
        remove after 5s
        animate x by 100 over 1s timing linear
        \(label)
      }
    }
    emitter pops {
      on tap label
      spawn circle(1) { remove after 1s }
    }
    input {
      tap (120, 92) at 0.5s
      tap (150, 100) at 0.55s
      tap (172, 92) at 0.6s
    }
    """
  }

  @Test func aTapOnASpawnedLabelFiresWhereTheLabelIsThen() throws {
    // At 0.5 s the label is at x 165…175: (120, 92) is where it started, a miss; at
    // 0.55 s (150, 100) is on the heart, not the label, a miss; at 0.6 s the heart is at
    // x = 160 and the label covers x 175…185: (172, 92) misses too.
    #expect(try popPositions(Self.scene()).isEmpty)
    let hit = Self.scene().replacingOccurrences(of: "tap (172, 92) at 0.6s", with: "tap (180, 92) at 0.6s")
    #expect(try popPositions(hit) == [Point(180, 92)])
  }

  @Test func aGroupIsHitThroughItsChild() throws {
    // A group at (30, 0) of the heart's box with the same box as a child at (0, 0) of it.
    let group = "node label { position (30, 0); node dot = rect(10, 10) { } }"
    let text = Self.scene(label: group).replacingOccurrences(of: "tap (172, 92) at 0.6s", with: "tap (180, 92) at 0.6s")
    #expect(try popPositions(text) == [Point(180, 92)])
  }
}

/// §16 on a node declared in a spawn: every instance has the node's blocks, and a press
/// drags the instance it lands on, in its parent's box.
@Suite struct SpawnChildDragTests {
  @Test func aSpawnedKnobFollowsTheFingerInItsHeartsBox() throws {
    // The heart's 20 × 20 box is centred at (100, 100): its origin is (90, 90). The knob
    // sits at (30, 0) of it, drawn at (120, 90). The finger presses there at 0.2 s and
    // moves to (150, 120) by 0.7 s: drag.location is then (60, 30) in the heart's box,
    // which the knob keeps after the release (§16). The second heart, spawned at 0.3 s at
    // (100, 300), is not pressed: its knob stays at (30, 0).
    let text = """
      \(tenFPSScene(seconds: 1))
      emitter hearts {
        at 0s, 0.3s
        spawn rect(20, 20) {
          position (100, 100 + 200 * self.index)
          remove after 5s
          node knob = rect(10, 10) {
            position (30, 0)
            on drag { position drag.location }
          }
        }
      }
      input {
        drag (120, 90) to (150, 120) over 0.5s at 0.2s
      }
      """
    let run = try Example.run("spawn-drag", text: text, keep: [9])
    let nodes = try #require(run.frames[9]?.nodes)
    let first = try #require(nodes.first { $0.id.description == "hearts#0/knob" })
    let second = try #require(nodes.first { $0.id.description == "hearts#1/knob" })
    #expect(abs(first.state.position.x - 60) < 1e-9 && abs(first.state.position.y - 30) < 1e-9)
    #expect(abs(first.matrix.tx - 145) < 1e-9 && abs(first.matrix.ty - 115) < 1e-9)
    #expect(second.state.position == Point(30, 0))
  }
}

/// `on tap X` of a replicator child fires when any copy is hit (§14).
@Suite struct ReplicatorCopyTapTests {
  @Test func aTapOnAnyCopyFires() throws {
    // Copy i of the 20 × 20 dot is centred at (50 + 30i, 50): copy 1 covers x 70…90.
    // The tap at (80, 50) hits copy 1; the one at (50, 95) hits none.
    let text = """
      \(tenFPSScene(seconds: 1))
      replicate row count 3 {
        instance transform translate(30, 0)
        node dot = rect(20, 20) { position (50, 50) }
      }
      emitter pops {
        on tap dot
        spawn circle(1) { remove after 1s }
      }
      input {
        tap (80, 50) at 0.2s
        tap (50, 95) at 0.3s
      }
      """
    #expect(try popPositions(text) == [Point(80, 50)])
  }
}
