import AnimKit
import XCTest

@testable import AnimPreview

/// Seeking re-simulates from frame 0 with the same taps: whatever path the preview took to
/// a frame, it shows what a fresh `Simulation` given the same taps shows there.
final class PlaybackTests: XCTestCase {
  private func scene() throws -> CheckedScene {
    try XCTUnwrap(compile(source: ServerSafetyTests.scene).scene)
  }

  /// The reference: AnimKit's own run, tapped before frame 5 at the button.
  private func reference(frame n: Int, seed: UInt64? = nil) throws -> Frame {
    let simulation = try Simulation(try scene(), seed: seed)
    var frame: Frame? = nil
    for k in 0...n {
      if k == 5 { simulation.tap(at: Point(100, 150)) }
      frame = try simulation.step()
    }
    return try XCTUnwrap(frame)
  }

  private func ids(_ frame: Frame?) -> [String] { frame?.nodes.map(\.id.description) ?? [] }
  private func ys(_ frame: Frame?) -> [Double] { frame?.nodes.map(\.state.position.y) ?? [] }

  func testSeekingBackAndForthMatchesAFreshRun() throws {
    var playback = Playback(scene: try scene(), seed: nil)
    try playback.show(4)
    playback.tap(at: Point(100, 150))
    try playback.show(20)
    try playback.show(3)
    XCTAssertEqual(ids(playback.frame), ["button"])
    try playback.show(12)
    let expected = try reference(frame: 12)
    XCTAssertEqual(playback.frame?.index, 12)
    XCTAssertEqual(ids(playback.frame), ["button", "sparks#0", "sparks#1", "sparks#2"])
    XCTAssertEqual(ids(playback.frame), ids(expected))
    XCTAssertEqual(ys(playback.frame), ys(expected))
  }

  func testAReloadKeepsTheFrameAndTheTaps() throws {
    var playback = Playback(scene: try scene(), seed: nil)
    try playback.show(4)
    playback.tap(at: Point(100, 150))
    try playback.show(10)
    try playback.replace(try scene())
    XCTAssertEqual(playback.frame?.index, 10)
    XCTAssertEqual(ys(playback.frame), ys(try reference(frame: 10)))
  }

  func testRestartForgetsTheTaps() throws {
    var playback = Playback(scene: try scene(), seed: nil)
    playback.tap(at: Point(100, 150))
    try playback.show(10)
    XCTAssertEqual(playback.frame?.nodes.count, 4)
    try playback.clear()
    try playback.show(10)
    XCTAssertEqual(ids(playback.frame), ["button"])
  }

  func testTheFrameAtATimeIsRenderTimes() throws {
    var playback = Playback(scene: try scene(), seed: nil)
    try playback.show(0)
    // 30 fps: frame k is at k/30 s; the last frame at or before t (as `render --time`).
    XCTAssertEqual(playback.frameIndex(atTime: 1), 30)
    XCTAssertEqual(playback.frameIndex(atTime: 0.999), 29)
    XCTAssertEqual(playback.frameIndex(atTime: 0.1), 3)
    XCTAssertEqual(playback.frameIndex(atTime: 99), 59)
    XCTAssertEqual(playback.frameIndex(atTime: -1), 0)
    XCTAssertEqual(playback.frameIndex(atTime: .nan), 0)
  }

  func testTheRunWrapsAroundWithItsTaps() throws {
    var playback = Playback(scene: try scene(), seed: nil)
    try playback.show(59)
    try playback.advance()
    XCTAssertEqual(playback.frame?.index, 0)
  }
}
