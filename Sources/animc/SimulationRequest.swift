import AnimMath
import AnimSim

/// The run settings `dump`, `run` and `render` share: `--fps`, `--duration`, `--seed`, `--tap`.
enum SimulationRequest {
  static func options(_ parsed: Arguments) throws(UsageError) -> SimulationOptions {
    var options = SimulationOptions()
    if let fps = parsed.value("--fps") {
      guard let v = Double(fps), v.isFinite, v >= 1, v <= 1000 else { throw UsageError(message: "`--fps` takes a number in 1…1000, not `\(fps)`") }
      options.fps = v
    }
    if let d = parsed.value("--duration") {
      guard let v = seconds(d), v <= 86_400 else {
        throw UsageError(message: "`--duration` takes 1.5s, 1500ms or plain seconds (at most 24 h), not `\(d)`")
      }
      options.duration = v
    }
    if let s = parsed.value("--seed") {
      if let v = UInt64(s) {
        options.seed = v
      } else if let v = Int64(s) {
        options.seed = UInt64(bitPattern: v)
      } else {
        throw UsageError(message: "`--seed` takes an integer, not `\(s)`")
      }
    }
    for tap in parsed.all("--tap") { options.taps.append(try DumpRequest.tap(tap)) }
    return options
  }

  static func seconds(_ text: String) -> Double? { DumpRequest.seconds(text) }
}
