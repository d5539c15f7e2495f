import AnimJSON
import AnimKit
import AnimWriters
import FuzzSupport

/// The Lottie writer's round trip: the fuzz input is `.anim` source; a scene that checks
/// runs for one second at 30 fps (a bounded run, whatever its own duration) through the
/// Lottie writer, and what it wrote must parse as JSON and carry every key the Lottie
/// schema requires (`LottieSchema`). Anything less is a finding.
@main enum FuzzLottie {
  static func main() {
    fuzzMain { bytes in
      let source = String(decoding: bytes, as: UTF8.self)
      guard let scene = compile(source: source, fileName: "fuzz.anim", resources: ResourceProvider()).scene,
        let simulation = try? Simulation(scene, fps: 30, duration: 1)
      else { return }
      let sink = MemorySink()
      let picture = PictureOptions(width: pixels(scene.width), height: pixels(scene.height))
      var writer = LottieWriter(to: sink, picture)
      do {
        try simulation.write(to: &writer)
      } catch {
        return  // a run the simulator refuses (an instance limit) is a diagnostic
      }
      let json: JSONValue
      do throws(JSONParseError) {
        json = try JSONValue.parse(sink.bytes)
      } catch {
        fuzzFinding("the Lottie JSON does not parse: \(error.message) at byte \(error.offset)")
      }
      if let missing = LottieSchema.missingKeys(json) { fuzzFinding("Lottie JSON lacks \(missing)") }
    }
  }

  /// The picture size `render` would use for a canvas side, kept small: the writer's
  /// output does not depend on it beyond the numbers it writes.
  static func pixels(_ side: Double) -> Int {
    side.isFinite ? Int(min(max(side.rounded(), 1), 4096)) : 1
  }
}
