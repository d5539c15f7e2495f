import AnimSim

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

/// Where a writer's bytes go: a file through the one output path, standard output, or
/// memory in a test. Bytes arrive in order; a sink may buffer them.
public protocol ByteSink: AnyObject {
  func write(_ bytes: [UInt8]) throws
}

/// Where a sequence writer's files go: one named file each, in order.
public protocol FileSetSink: AnyObject {
  func file(named name: String, _ bytes: [UInt8]) throws
}

/// Bytes kept in memory: for tests, and for programs that want the output as a value.
public final class MemorySink: ByteSink, FileSetSink {
  public private(set) var bytes: [UInt8] = []
  public private(set) var files: [(name: String, bytes: [UInt8])] = []

  public init() {}

  public func write(_ bytes: [UInt8]) throws { self.bytes += bytes }

  public func file(named name: String, _ bytes: [UInt8]) throws { files.append((name, bytes)) }

  /// The bytes as text (dumps and SVG are UTF-8).
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
