import AnimCheck
import AnimIR
import AnimJSON
import AnimMath
import AnimModel
import AnimSim
import AnimSource
import Foundation
import Testing

@testable import AnimWriters

func checkedScene(_ text: String, name: String = "test.anim") throws -> SceneIR {
  let analysis = analyze(SourceFile(name: name, text: text))
  return try #require(analysis.ir, "\(analysis.diagnostics)")
}

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("examples")

func example(_ name: String) throws -> SceneIR {
  let url = examples.appendingPathComponent(name + ".anim")
  return try checkedScene(String(contentsOf: url, encoding: .utf8), name: url.path)
}

/// A frame is a value: kept, it stays what it was however far the simulation goes on.
@Suite struct FrameValueTests {
  @Test func keptFrameSurvivesLaterSteps() throws {
    var options = SimulationOptions()
    options.taps = [SimulationOptions.Tap(time: 0.1, point: nil)]
    let ir = try example("love-burst")
    let a = try Simulator(ir, options: options)
    for _ in 0...40 { try a.step() }
    let kept = a.frame
    for _ in 0..<100 { try a.step() }
    // A second simulator of the same run, stopped at the same frame: the reference.
    let b = try Simulator(ir, options: options)
    for _ in 0...40 { try b.step() }
    #expect(kept.index == 40 && kept.nodes.count == b.frame.nodes.count && kept.nodes.count > 1)
    for (x, y) in zip(kept.nodes, b.frame.nodes) {
      #expect(x.id == y.id && x.shape.id == y.shape.id && x.matrix == y.matrix && x.state.opacity == y.state.opacity)
      #expect(x.shape.outline.path == y.shape.outline.path)
    }
  }

  @Test func sharedShapesAreOneObjectAndOwnShapesAreNot() throws {
    let ir = try checkedScene(
      """
      scene "S" { size 100, 100; duration 1s; fps 10 }
      shape dot = circle(5)
      node a = dot { position (10, 10) }
      node b = dot { position (50, 50) }
      node c = circle(8) { position (80, 80) }
      """)
    let sim = try Simulator(ir)
    try sim.step()
    let shapes = Dictionary(uniqueKeysWithValues: sim.frame.nodes.map { ($0.id.name, $0.shape) })
    #expect(shapes["a"] === shapes["b"] && shapes["a"]?.isShared == true)
    #expect(shapes["c"]?.id == "c")
  }
}

/// §9: every shape id has exactly one shape line, before the first frame line that uses
/// it. Checked by reading the dump back, for every example, with taps that spawn.
@Suite struct ShapeAnnouncementTests {
  static let names = [
    "heart-view", "floating-hearts", "add-to-cart", "ca-timing", "ca-replicators", "ca-sticky", "love-burst", "fold",
    "handwriting",
  ]

  @Test(arguments: names)
  func everyShapeAnnouncedOnceBeforeUse(_ name: String) throws {
    var options = SimulationOptions()
    options.duration = 3
    options.taps = [0.2, 0.5, 1.5].map { SimulationOptions.Tap(time: $0, point: nil) }
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(try Simulator(try example(name), options: options), to: &writer)
    var announced: Set<String> = []
    var frames = 0
    for line in sink.text.split(separator: "\n") {
      let value = try JSONValue.parse(String(line))
      guard case .object(let members) = value else {
        Issue.record("not an object: \(line)")
        continue
      }
      let fields = Dictionary(members, uniquingKeysWith: { a, _ in a })
      switch fields["type"] {
      case .string("shape"):
        guard case .string(let id) = fields["id"] else { continue }
        #expect(announced.insert(id).inserted, "\(name): shape \(id) announced twice")
      case .string("frame"):
        frames += 1
        guard case .array(let nodes) = fields["nodes"] else { continue }
        for case .object(let node) in nodes {
          for (key, value) in node where key == "shape" {
            if case .string(let id) = value { #expect(announced.contains(id), "\(name): \(id) used before its line") }
          }
        }
      default: break
      }
    }
    #expect(frames > 0)
  }
}

/// The table of formats: one row each, found by name and by extension.
@Suite struct OutputFormatTests {
  @Test func tableIsConsistent() {
    var extensions: Set<String> = []
    for format in OutputFormat.all {
      #expect(OutputFormat.named(format.name)?.name == format.name)
      for ext in format.extensions {
        #expect(extensions.insert(ext).inserted, "\(ext) chooses two formats")
        #expect(OutputFormat.forExtension(ext.uppercased())?.name == format.name)
      }
      // A folder has no extension; a file has one, but for the Telegram WebM, which
      // `.webm` and `--telegram` choose together.
      let chosenByOption = format.name == OutputFormat.telegramVideo.name
      #expect((format.destination == .folder || chosenByOption) == format.extensions.isEmpty)
    }
    #expect(OutputFormat.forExtension("txt") == nil)
  }

  @Test func writerNeedsTheRightKindOfTarget() {
    let sink = MemorySink()
    let picture = PictureOptions(width: 4, height: 4)
    #expect(OutputFormat.pngSequence.writer(to: .bytes(sink), picture) == nil)
    #expect(OutputFormat.gif.writer(to: .files(sink), picture) == nil)
    #expect(OutputFormat.csv.writer(to: .bytes(sink), picture) != nil)
  }
}
