import Foundation
import Testing

/// §16 under a 3-D ancestor (§14: the chain composes as 4 × 4 matrices): a child lies in
/// its parent's plane, so `scenePosition` projects through the parent's rotation and a
/// drag's scene motion maps back into that plane. With `perspective` 0 the projection is
/// orthographic: `rotationY θ` shrinks the plane's x by cos θ, so at θ = 60° a point
/// (x, y) of the group's plane is at (200 + x/2, 200 + y) in the scene.
@Suite struct DragDepthTests {
  static let card = """
    scene {
      size 400, 400
      fps 10
      duration 2s
    }
    node card {
      position (200, 200)
      rotationY 60deg
      node knob = circle(10) {
        position (40, 20)
        on drag {
          position drag.start + drag.translation
        }
      }
    }
    node follower = circle(4) {
      live position knob.scenePosition
    }
    input {
      drag knob to (250, 220) over 0.5s at 0.5s
    }
    """

  @Test func scenePositionAndADragGoThroughTheParentsRotation() throws {
    let rows = try DragTests.rows(Self.card)
    // Before the drag: the knob at (40, 20) of the plane, (220, 220) in the scene.
    let before = try #require(rows["0 follower"])
    #expect(DragTests.near(before[0], 220) && DragTests.near(before[1], 220), "\(before)")
    // The press is at the knob's centre, (220, 220) in the scene; the finger moves +30 in
    // x, which is +60 in the plane: the knob ends at (100, 20) of the plane, under the
    // finger at (250, 220), and the follower with it.
    for frame in [10, 15, 19] {
      let knob = try #require(rows["\(frame) knob"])
      #expect(DragTests.near(knob[0], 100) && DragTests.near(knob[1], 20), "frame \(frame): knob \(knob)")
      let follower = try #require(rows["\(frame) follower"])
      #expect(
        DragTests.near(follower[0], 250) && DragTests.near(follower[1], 220), "frame \(frame): follower \(follower)")
    }
    // Halfway through the drag (frame 7.5 is between samples; frame 7 is 2/5 of the way
    // at linear timing): the finger at x = 220 + 30·0.4 = 232, the plane's x = 40 + 24.
    let mid = try #require(rows["7 knob"])
    #expect(DragTests.near(mid[0], 64), "\(mid)")
  }
}

/// §16: pressing replicator copy i of a child drags that copy, in copy i's coordinates;
/// all copies share the child's blocks.
@Suite struct DragCopyTests {
  /// Two copies of a chip at (50, 0) of a ring at (200, 100) turned 90° per copy: copy 0
  /// at (250, 100) in the scene, copy 1 at (200, 150) (a 90° turn takes (50, 0) to (0, 50)).
  static let ring = """
    scene {
      size 400, 300
      fps 10
      duration 2s
    }
    replicate ring count 2 {
      position (200, 100)
      instance transform rotate(90deg)
      node chip = circle(10) {
        position (50, 0)
        on drag {
          position drag.start + drag.translation
        }
      }
    }
    input {
      drag (200, 150) to (230, 150) over 0.5s at 0.5s
    }
    """

  @Test func aPressOnCopyOneDragsThatCopyInItsOwnCoordinates() throws {
    let rows = try DragTests.rows(Self.ring)
    // The finger moves (+30, 0) in the scene; turned back by −90° that is (0, −30) in copy
    // 1's coordinates, so its position goes from (50, 0) to (50, −30), which the turn
    // takes to (30, 50): the scene point (230, 150), under the finger.
    for frame in [10, 15] {
      let one = try #require(rows["\(frame) chip[1]"])
      #expect(DragTests.near(one[0], 50) && DragTests.near(one[1], -30), "frame \(frame): copy 1 \(one)")
      let zero = try #require(rows["\(frame) chip[0]"])
      #expect(DragTests.near(zero[0], 50) && DragTests.near(zero[1], 0), "frame \(frame): copy 0 \(zero)")
    }
  }
}
