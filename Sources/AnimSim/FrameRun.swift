import AnimModel

/// Drives a writer from a simulation: the glue between the simulator and the writers,
/// which themselves see only values.
package enum FrameRun {
  /// Steps `simulator` through frames `range` (the whole run when nil, clipped to it),
  /// handing each to `writer` after its header. Frames before the range are simulated
  /// (events still fire) but not sampled. `progress` is told each written frame.
  package static func write(
    _ simulator: Simulator, frames range: ClosedRange<Int>? = nil, to writer: inout some FrameWriter,
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws {
    let last = simulator.frameCount - 1
    let first = max(range?.lowerBound ?? 0, 0)
    let stop = min(range?.upperBound ?? last, last)
    let count = stop >= first ? stop - first + 1 : 0
    try simulator.foreseeInstanceLimit(throughFrame: stop)
    simulator.samplesIntoSpareRecords = (writer as? any HoldsFrameWhileNextIsMade)?.holdsFrameWhileNextIsMade ?? false
    try writer.begin(header(simulator, frames: count))
    if count > 0 {
      for n in 0...stop {
        try simulator.step(sampling: n >= first)
        guard n >= first else { continue }
        try writer.write(simulator.frame)
        progress(n - first + 1, count)
      }
    }
    try writer.finish()
  }

  /// The header of a whole run of `simulator` that writes `frames` frames: the scene's
  /// canvas and the run's rate and seed, with the timing curves keyframe writers re-use.
  package static func header(_ simulator: Simulator, frames: Int) -> RunHeader {
    var header = RunHeader(simulator, frames: frames)
    header.timingCurves = simulator.timingCurves
    return header
  }

  /// Frame `n` alone (a still): earlier frames are simulated but not sampled.
  package static func writeStill(_ simulator: Simulator, frame n: Int, to writer: inout some FrameWriter) throws {
    try simulator.foreseeInstanceLimit(throughFrame: n)
    try writer.begin(RunHeader(simulator, frames: 1))
    for k in 0...max(n, 0) { try simulator.step(sampling: k == n) }
    try writer.write(simulator.frame)
    try writer.finish()
  }
}
