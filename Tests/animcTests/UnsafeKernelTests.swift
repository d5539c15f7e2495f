import Foundation
import Testing

/// Unsafe memory lives in a few named kernel files, each with a safe API and a
/// differential test against the plain computation, and in the platform seams that hand
/// buffers to the system. No pointer leaves its file: a kernel's callers see values. This
/// test reads the sources: a new `Unsafe…`, `Unmanaged` or `@unchecked` anywhere else
/// fails it, and so does a kernel that grew, or an eleventh file that holds any.
@Suite struct UnsafeKernelTests {
  /// File → the most uses it may hold, and why it may hold any.
  static let allowed: [String: (uses: Int, reason: String)] = [
    // Kernels: a safe API over raw memory, each held to the plain computation by a test.
    "AnimSource/ByteWords.swift": (1, "eight-byte loads; ScanKernelDifferentialTests, SymbolKeyDifferentialTests"),
    "AnimJSON/ByteBuffer.swift": (1, "the dump's byte appends; ByteBufferTests"),
    "AnimRender/Encode/MatchFinder.swift": (13, "deflate's match search; its differential test"),
    "AnimRender/Encode/RowFilter.swift": (12, "PNG row filters; their differential test"),
    // The raster kernel: the canvas's pixels, the coverage cells, and the loops that read
    // the cells and blend into the pixels, handing the compositor values only.
    "AnimRender/Raster/RasterKernel.swift": (
      10, "coverage and compositing; CoverageTests, CompositorDifferentialTests"
    ),
    // Unchecked concurrency: work that is not `Sendable` run on two threads and joined.
    "AnimSource/ForkJoin.swift": (1, "the parser's and checker's two threads; ParallelParseTests, differential tests"),
    // Platform seams: the system calls take pointers.
    "AnimOutput/POSIXCalls.swift": (6, "read, write, readlink"),
    "AnimOutput/SignalCleanup.swift": (4, "async-signal-safe tables for the signal handler, never freed"),
    "AnimPreview/Socket.swift": (4, "sockaddr, recv, send"),
    "animc/DeepStack.swift": (1, "pthread attributes for the checker's deep stack"),
  ]

  /// The most files that may hold unsafe memory.
  static let mostFiles = 10

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  static func uses(in text: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: "Unsafe|Unmanaged|@unchecked")
    return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  @Test func unsafeMemoryStaysInItsKernels() throws {
    let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
    var seen = 0
    var holding = 0
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      seen += 1
      let relative = String(url.path.dropFirst(Self.sources.path.count + 1))
      let count = Self.uses(in: try String(contentsOf: url, encoding: .utf8))
      let limit = Self.allowed[relative]?.uses ?? 0
      if count > 0 { holding += 1 }
      #expect(count <= limit, "\(relative): \(count) unsafe uses, \(limit) allowed")
    }
    #expect(seen > 200)
    #expect(holding <= Self.mostFiles, "\(holding) files hold unsafe memory, \(Self.mostFiles) allowed")
    #expect(Self.allowed.count <= Self.mostFiles)
  }

  @Test func theCountFindsWhatItCounts() {
    #expect(Self.uses(in: "let p: UnsafePointer<Int>; final class A: @unchecked Sendable {}") == 2)
    #expect(Self.uses(in: "let safe = [1, 2]") == 0)
  }
}
