import AnimMath
import AnimModel
import AnimSim

/// The run settings `dump`, `run` and `render` share: `--fps`, `--duration`, `--seed`, `--tap`,
/// `--no-input`.
enum SimulationRequest {
  /// The options' specs, for each command's `--help`.
  static let optionSpecs: [OptionSpec] = [
    OptionSpec(names: ["--fps"], value: "N", help: "Frames per second (default: the scene's)."),
    OptionSpec(
      names: ["--duration"], value: "D", help: "Run length: 1.5s, 1500ms or plain seconds (default: the scene's)."),
    OptionSpec(names: ["--seed"], value: "N", help: "Random seed (default: the scene's)."),
    OptionSpec(
      names: ["--tap"], value: "TIME[@X,Y]", help: "Add a tap: 0.5s, or 0.5s@120,300 (repeatable).", repeatable: true),
    OptionSpec(names: ["--no-input"], help: "Ignore the file's `input` block (`--tap`s still fire)."),
  ]

  static func options(_ parsed: Arguments) throws(UsageError) -> SimulationOptions {
    var options = SimulationOptions()
    if let fps = parsed.value("--fps") {
      guard let v = Double(fps), v.isFinite, v >= 1, v <= 1000 else {
        throw UsageError(message: "`--fps` takes a number in 1…1000, not `\(fps)`")
      }
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
    for text in parsed.all("--tap") { options.taps.append(try tap(text)) }
    options.ignoresInput = parsed.has("--no-input")
    return options
  }

  /// `1.5s`, `1500ms` or plain seconds; nil when malformed or negative.
  static func seconds(_ text: String) -> Double? {
    var s = Substring(text)
    var scale = 1.0
    if s.hasSuffix("ms") {
      s = s.dropLast(2)
      scale = 0.001
    } else if s.hasSuffix("s") {
      s = s.dropLast()
    }
    guard let v = Double(s), v.isFinite, v >= 0 else { return nil }
    return v * scale
  }

  /// `0.5s` or `0.5s@120,300`.
  static func tap(_ text: String) throws(UsageError) -> SimulationOptions.Tap {
    let bad = UsageError(message: "`--tap` takes TIME or TIME@X,Y (e.g. 0.5s@120,300), not `\(text)`")
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    guard let time = seconds(String(parts[0])) else { throw bad }
    guard parts.count == 2 else { return .init(time: time, point: nil) }
    let xy = parts[1].split(separator: ",", omittingEmptySubsequences: false)
    guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]), x.isFinite, y.isFinite else { throw bad }
    return .init(time: time, point: Point(x, y))
  }
}
