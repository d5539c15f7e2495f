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
