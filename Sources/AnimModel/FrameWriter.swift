/// The seam every output format plugs into: a writer is told the run's header, given
/// frames in order, and finished. It takes values only (a `Frame` holds what it draws),
/// never the simulator, so the same writer serves the command line, tests and any
/// program that embeds animc.
///
/// A writer owns where its bytes go (a `ByteSink`, or a `FileSetSink` for a sequence);
/// committing or abandoning that output is its caller's business, after `finish`.
public protocol FrameWriter {
  /// Called once, before any frame.
  mutating func begin(_ header: RunHeader) throws
  /// The next frame, in order.
  mutating func write(_ frame: Frame) throws
  /// Called once, after the last frame: the writer flushes what it holds.
  mutating func finish() throws
}

/// A writer that may still read the frame it was last handed while the next one is made
/// (a dump's back half, made beside the next frame's simulation: `DumpHalves`).
/// `FrameRun` tells the simulator, which then samples each frame into records of its own
/// (`Simulator.samplesIntoSpareRecords`) rather than into the ones the writer still
/// holds, which would copy them all.
package protocol HoldsFrameWhileNextIsMade {
  var holdsFrameWhileNextIsMade: Bool { get }
}
