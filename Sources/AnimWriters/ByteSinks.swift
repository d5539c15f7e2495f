import AnimModel

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
