import Foundation
import Testing

/// Unsafe memory lives in a few named kernel files, each with a safe API and a
/// differential test against the plain computation, and in the platform seams that hand
/// buffers to the system. This test reads the sources: a new `Unsafe…`, `Unmanaged`,
/// `@unchecked` or `withCells` (the coverage buffer's raw cells) anywhere else fails it,
/// and so does a kernel that grew.
@Suite struct UnsafeKernelTests {
  /// File → the most uses it may hold, and why it may hold any.
  static let allowed: [String: (uses: Int, reason: String)] = [
    // Kernels: a safe API over raw memory, each held to the plain computation by a test.
    "AnimSource/ByteWords.swift": (1, "eight-byte loads; ScanKernelDifferentialTests, SymbolKeyDifferentialTests"),
    "AnimJSON/ByteBuffer.swift": (1, "the dump's byte appends; ByteBufferTests"),
    "AnimSyntax/TreeColumn.swift": (19, "the syntax tree's columns; the parser's corpus and ParallelParseTests"),
    "AnimSyntax/ParallelParse.swift": (5, "two halves parsed at once; ParallelParseTests against one thread"),
    "AnimCheck/Check/ParallelRuns.swift": (1, "two checkers or lowerings on two threads; differential tests"),
    "AnimRender/Encode/MatchFinder.swift": (13, "deflate's match search; its differential test"),
    "AnimRender/Encode/RowFilter.swift": (12, "PNG row filters; their differential test"),
    // The raster kernel: the canvas's pixels, the coverage cells (`withCells` hands them
    // out as a pointer, so it counts too) and the loops that composite one onto the other.
    "AnimRender/Raster/PixelCanvas.swift": (3, "the bitmap's pixels while drawn; CompositorDifferentialTests"),
    "AnimRender/Raster/CoverageBuffer.swift": (7, "coverage accumulation; CoverageTests, CompositorDifferentialTests"),
    "AnimRender/Raster/Compositor.swift": (3, "source-over through the coverage cells; CompositorDifferentialTests"),
    // Platform seams: the system calls take pointers.
    "AnimOutput/POSIXCalls.swift": (7, "read, write, readlink, readdir"),
    "AnimOutput/SignalCleanup.swift": (6, "async-signal-safe tables for the signal handler"),
    "AnimPreview/Socket.swift": (4, "sockaddr, recv, send"),
    "animc/DeepStack.swift": (1, "pthread attributes for the checker's deep stack"),
  ]

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  static func uses(in text: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: "Unsafe|Unmanaged|@unchecked|withCells")
    return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  @Test func unsafeMemoryStaysInItsKernels() throws {
    let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
    var seen = 0
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      seen += 1
      let relative = String(url.path.dropFirst(Self.sources.path.count + 1))
      let count = Self.uses(in: try String(contentsOf: url, encoding: .utf8))
      let limit = Self.allowed[relative]?.uses ?? 0
      #expect(count <= limit, "\(relative): \(count) unsafe uses, \(limit) allowed")
    }
    #expect(seen > 200)
  }

  @Test func theCountFindsWhatItCounts() {
    #expect(Self.uses(in: "let p: UnsafePointer<Int>; final class A: @unchecked Sendable {}") == 2)
    #expect(Self.uses(in: "let safe = [1, 2]") == 0)
  }
}
