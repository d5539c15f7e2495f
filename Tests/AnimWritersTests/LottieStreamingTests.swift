import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// The Lottie writer keeps samples only of the instances present in the last frame
/// (issue 33, item 5): an instance that has left the frames is reduced to its layer's
/// text at once, so memory does not grow with the number of instances a run has had.
@Suite struct LottieStreamingTests {
  final class Sink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ chunk: [UInt8]) throws { bytes += chunk }
  }

  /// The Lottie export of `scene` at 100 × 100, calling `eachFrame` after each frame is
  /// written and `finished` after the writer has finished.
  static func export(
    _ scene: String, eachFrame: (LottieWriter, Frame) -> Void = { _, _ in }, finished: (LottieWriter) -> Void = { _ in }
  ) throws -> [UInt8] {
    let simulator = try Simulator(try checkedScene(scene))
    let sink = Sink()
    var writer = LottieWriter(to: sink, PictureOptions(width: 100, height: 100))
    try writer.begin(FrameRun.header(simulator, frames: simulator.frameCount))
    for _ in 0..<simulator.frameCount {
      try simulator.step()
      try writer.write(simulator.frame)
      eachFrame(writer, simulator.frame)
    }
    try writer.finish()
    finished(writer)
    return sink.bytes
  }

  @Test func onlyInstancesOfTheLastFrameKeepTheirSamples() throws {
    // A dot every 50 ms living 0.1 s: two or three present at a time, 20 in all.
    let scene = """
      scene "Dots" { size 100, 100; fps 60; duration 1s }
      emitter dots {
        every 50ms
        spawn circle(4) { position (50, 50); animate opacity from 1 to 0 over 0.1s }
      }
      """
    var most = 0
    let bytes = try Self.export(scene) { writer, frame in
      #expect(writer.heldInstances == frame.nodes.count)
      most = max(most, writer.heldInstances)
    }
    #expect(most <= 3)
    let text = String(decoding: bytes, as: UTF8.self)
    // Every spawn became one layer: 20 spawns at 0, 50, …, 950 ms.
    #expect(text.components(separatedBy: "\"ty\":4").count - 1 == 20)
    #expect(text.hasPrefix("{\"v\":") && text.hasSuffix("]}"))
  }

  /// Parents' layer numbers go with their subtrees: a card with a label child every
  /// 50 ms, each living 0.1 s, keeps at most the three present cards' numbers (each card
  /// is a parent from its first frame), and none once the run has ended; every label
  /// still names its own card's layer as `parent`.
  @Test func finishedParentsLeaveNoLayerNumberBehind() throws {
    let scene = """
      scene "Cards" { size 100, 100; fps 60; duration 1s }
      emitter cards {
        every 50ms
        spawn rect(20, 10) {
          position (50, 50)
          animate x by 30 over 0.1s
          node label = circle(2) { position (5, 5) }
        }
      }
      """
    var most = 0
    var atEnd = -1
    let bytes = try Self.export(scene) { writer, _ in
      most = max(most, writer.heldParentIndices)
    } finished: {
      atEnd = $0.heldParentIndices
    }
    #expect(most >= 1 && most <= 3, "\(most)")
    #expect(atEnd == 0)
    // 20 cards, 20 labels: each label's `parent` is a card layer's `ind`.
    let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let layers = try #require(root["layers"] as? [[String: Any]])
    let cards = Set(
      layers.filter { ($0["nm"] as? String)?.hasSuffix("/label") == false }.compactMap { $0["ind"] as? Int })
    let labels = layers.filter { ($0["nm"] as? String)?.hasSuffix("/label") == true }
    #expect(labels.count == 20)
    #expect(labels.allSatisfy { ($0["parent"] as? Int).map(cards.contains) == true })
  }

  /// Runs a 1 s scene at 10 fps (10 frames) of one node present throughout, with
  /// `limit` frames kept per layer: nil when the export finishes, else its error.
  func exportOfOneNode(limit: Int) throws -> String? {
    let scene = """
      scene "Long" { size 100, 100; fps 10; duration 1s }
      node dot = circle(4) { position (50, 50) }
      """
    let simulator = try Simulator(try checkedScene(scene))
    var writer = LottieWriter(to: Sink(), PictureOptions(width: 100, height: 100))
    writer.maxLayerFrames = limit
    try writer.begin(FrameRun.header(simulator, frames: simulator.frameCount))
    do {
      for _ in 0..<simulator.frameCount {
        try simulator.step()
        try writer.write(simulator.frame)
      }
      try writer.finish()
      return nil
    } catch let error as LottieExportError {
      return error.description
    }
  }

  @Test func aLayerPresentForMoreFramesThanKeptIsAnError() throws {
    // 10 frames: within a limit of 10, past one of 9 at the tenth.
    #expect(try exportOfOneNode(limit: 10) == nil)
    #expect(
      try exportOfOneNode(limit: 9)
        == "`dot` is present for more than 9 frames, more than a Lottie export keeps of one layer;"
        + " export a shorter run (`--duration`) or a lower `--fps`")
  }
}
