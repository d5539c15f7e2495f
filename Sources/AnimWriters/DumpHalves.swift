import AnimModel
import AnimThreads

/// How a dump writes a frame's records: record `i` of `frame`, with the separator that
/// goes before it, appended to `out`. A record's bytes depend on the frame and `i` only,
/// never on the records written before it (`DumpBytes`' caches change its speed, not
/// its bytes), so the records can be made in any split and joined in order.
protocol DumpRecordFormat: Sendable {
  func record(_ i: Int, of frame: Frame, into out: inout DumpBytes)
}

/// A frame's records made on two threads: the caller makes the front part and hands it
/// to the sink while a background thread makes the back part. Overlapping, the back part
/// may still be in the making while the caller goes on to simulate the next frame, and
/// goes to the sink first thing in the next `write` (or in `finish`): for a file, whose
/// bytes count only once it is complete. Otherwise `write` waits for it, so that every
/// frame's line is whole when `write` returns: for a stream read frame by frame (the
/// preview's). The bytes are the ones one thread would write, in the same order; only
/// the time differs.
///
/// The split follows the load: overlapping, the caller makes the front part and
/// simulates the next frame while the back part is made, so the back part's share grows
/// while the caller finds the job already done, and shrinks while it waits for it.
/// A frame of fewer than `minimumRecords` records is made on the caller's thread alone,
/// where handing work over would cost more than it saves: a handover costs tens of
/// microseconds, 256 records about half a millisecond.
///
/// The background thread holds the frame it formats while the simulator makes the next
/// one; told so (`HoldsFrameWhileNextIsMade`), the simulator writes that one into the
/// records of the frame before last (`Frame` is a value, and
/// `Simulator.samplesIntoSpareRecords` keeps the two apart, where sharing would copy
/// them), so each frame the job reads stays as it was.
final class DumpHalves: Sendable {
  /// Frames of fewer records are made on the caller's thread alone.
  let minimumRecords: Int

  /// The back part's bytes, owned by the job while it runs and by the caller after it
  /// finished: each side takes the lock for the whole of its turn, so they never wait.
  private let back = Locked(DumpBytes())
  private let job = BackgroundJob<Void>()
  /// The back part's share of a frame's records, in 64ths (8...56).
  private let share = Locked(32)

  /// Whether a frame's back part is still being made when `write` returns.
  let overlapping: Bool

  /// The fewest records a frame is split at: from about this many, a second thread
  /// gains more than it costs to start (measured with `animc-bench dump`).
  static let defaultMinimumRecords = 256

  /// `minimumRecords` is `defaultMinimumRecords` but for tests (`Int.max`: one thread
  /// for every frame).
  init(overlapping: Bool, minimumRecords: Int = defaultMinimumRecords) {
    self.overlapping = overlapping
    self.minimumRecords = minimumRecords
  }

  /// Writes `front` (the frame's text so far), then records `0..<frame.nodes.count` of
  /// `frame`, then `tail`. When `overlapping`, the back part, with the tail, may reach
  /// the sink only in the next call or in `finish`; otherwise the whole frame has
  /// reached it when this returns.
  func write(
    _ frame: Frame, _ format: some DumpRecordFormat, front: inout DumpBytes, tail: StaticString, to sink: ByteSink
  ) throws {
    if overlapping { try finish(to: sink) }
    let count = frame.nodes.count
    guard count >= minimumRecords else {
      for i in 0..<count { format.record(i, of: frame, into: &front) }
      front.append(tail)
      try sink.write(front.bytes)
      return
    }
    let split = count - count * share.withLock { $0 } / 64
    // The back part starts first, so that it is made while the caller makes the front
    // part and, overlapping, simulates the next frame too. (Started after the front part,
    // it overlapped the simulation alone, and a dump whose records cost more than its
    // simulation left the second thread idle for most of each frame.)
    job.start { [self] in
      back.withLock { out in
        out.removeAll()
        for i in split..<count { format.record(i, of: frame, into: &out) }
        out.append(tail)
      }
    }
    for i in 0..<split { format.record(i, of: frame, into: &front) }
    try sink.write(front.bytes)
    if !overlapping { try finish(to: sink) }
  }

  /// Waits for the back part being made, if any, and writes it to `sink`. The split
  /// moves by one 64th: toward the back part when the job was done before the caller
  /// came back for it, toward the front when the caller waits.
  func finish(to sink: ByteSink) throws {
    let idle = job.hasFinished
    guard job.finish() != nil else { return }
    share.withLock { share in share = idle ? min(share + 1, 56) : max(share - 1, 8) }
    let bytes = back.withLock { $0.bytes }
    try sink.write(bytes)
  }
}
