import AnimIR
import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

// A spawn's declared children (§14): each spawn gets its own subtree. Expected matrices
// are worked by hand from §3.2 (T(position)·T(−anchor·size)) and §14 (whole = parent's
// whole × own).

/// A scene's header: 10 frames per second for `seconds`.
func tenFPSScene(seconds: Int) -> String { "scene \"t\" {\n  fps 10\n  duration \(seconds)s\n}" }

/// One heart at 0 s flying (100, 200) → (200, 100) linearly over 1 s and fading 1 → 0.5;
/// its label sits at (5, −20) in its box, with opacity 0.5, and moves x by 10 over 0.5 s.
private let heartScene = """
  \(tenFPSScene(seconds: 2))
  emitter hearts {
    at 0s
    spawn circle(10) {
      animate position from (100, 200) to (200, 100) over 1s timing linear
      animate opacity from 1 to 0.5 over 1s timing linear
      node label = rect(20, 10) {
        position (5, -20)
        opacity 0.5
        animate x by 10 over 0.5s timing linear
      }
    }
  }
  """

@Test func aSpawnedLabelIsDrawnWithItsHeartsMatrixTimesItsOwn() throws {
  let run = try Example.run("spawn-child", text: heartScene, keep: [0, 2, 5, 8], through: 12)
  for n in [0, 2, 5, 8] {
    let t = Double(n) / 10
    let nodes = try #require(run.frames[n]).nodes
    #expect(nodes.map(\.id.description) == ["hearts#0", "hearts#0/label"])
    // The heart: a 20 × 20 box centred on its position.
    let (px, py) = (100 + 100 * t, 200 - 100 * t)
    let heart = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: px - 10, ty: py - 10)
    // The label: a 20 × 10 box centred on (5 + 10·min(2t, 1), −20) in the heart's box.
    let lx = 5 + 10 * min(2 * t, 1)
    let label = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: lx - 10, ty: -20 - 5)
    expectClose(nodes[0].matrix, heart)
    expectClose(nodes[1].matrix, AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: px - 10 + lx - 10, ty: py - 10 - 25))
    expectClose(nodes[1].matrix, heart * label)
    #expect(nodes[1].parent == 0)
    // Opacity: the record holds its own; a drawer multiplies by the heart's.
    #expect(abs(nodes[0].state.opacity - (1 - 0.5 * t)) < 1e-9)
    #expect(nodes[1].state.opacity == 0.5)
    let drawn = nodes[1].state.opacity * nodes[try #require(nodes[1].parent)].state.opacity
    #expect(abs(drawn - 0.5 * (1 - 0.5 * t)) < 1e-9)
  }
  // The heart lives 1 s (its last animation), and its label with it.
  #expect(run.seen["hearts#0"]?.last == 9)
  #expect(run.seen["hearts#0/label"]?.last == 9)
}

@Test func aSpawnLivesUntilTheLastAnimationOfItsSubtree() throws {
  // The label's animation ends at 0.3 s (at) + 1.2 s: the heart and label live 1.5 s.
  let text = """
    \(tenFPSScene(seconds: 3))
    emitter hearts {
      at 0s
      spawn circle(10) {
        animate opacity from 1 to 0 over 1s
        node label = circle(2) {
          at 0.3s
          animate opacity from 1 to 0 over 1.2s
        }
      }
    }
    """
  let run = try Example.run("spawn-child", text: text, keep: [], through: 20)
  #expect(run.seen["hearts#0"]?.first == 0)
  #expect(run.seen["hearts#0"]?.last == 14)
  #expect(run.seen["hearts#0/label"]?.first == 3)
  #expect(run.seen["hearts#0/label"]?.last == 14)
}

@Test func eachSpawnHasItsOwnSubtreeInPaintOrder() throws {
  // Two spawns, each with two children (the second with z −1, painted first among its
  // siblings but still above its parent), and a grandchild under `a`.
  let text = """
    \(tenFPSScene(seconds: 1))
    emitter e {
      at 0s
      burst 2
      spawn circle(1) {
        node a = circle(1) {
          node g = circle(1)
        }
        node b = circle(1) { z -1 }
      }
    }
    """
  let run = try Example.run("spawn-child", text: text, keep: [0])
  let nodes = try #require(run.frames[0]).nodes
  #expect(
    nodes.map(\.id.description) == ["e#0", "e#0/b", "e#0/a", "e#0/a/g", "e#1", "e#1/b", "e#1/a", "e#1/a/g"])
  #expect(nodes.map(\.parent) == [nil, 0, 0, 2, nil, 4, 4, 6])
}

private func expectClose(_ a: AffineTransform, _ b: AffineTransform, sourceLocation: SourceLocation = #_sourceLocation)
{
  let pairs = [(a.a, b.a), (a.b, b.b), (a.c, b.c), (a.d, b.d), (a.tx, b.tx), (a.ty, b.ty)]
  #expect(pairs.allSatisfy { abs($0.0 - $0.1) < 1e-9 }, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
}
