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
    "AnimSource/ByteChunks.swift": (1, "eight-byte loads; ScanKernelDifferentialTests, SymbolKeyDifferentialTests"),
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
    // The one lock: its value is reached only with the lock held.
    "AnimLock/Locked.swift": (1, "`@unchecked Sendable` over NSLock; LockedTests"),
    // Platform seams: the system calls take pointers.
    "AnimOutput/POSIXCalls.swift": (6, "read, write, readlink"),
    "AnimOutput/SignalCleanup.swift": (6, "async-signal-safe tables for the signal handler"),
    "AnimPreview/Socket.swift": (4, "sockaddr, recv, send"),
    "animc/DeepStack.swift": (1, "pthread attributes for the checker's deep stack"),
  ]

  static func uses(in text: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: "Unsafe|Unmanaged|@unchecked|withCells")
    return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  @Test func unsafeMemoryStaysInItsKernels() throws {
    let files = try SourceTree.swiftFiles()
    for file in files {
      let count = Self.uses(in: file.text)
      let limit = Self.allowed[file.path]?.uses ?? 0
      #expect(count <= limit, "\(file.path): \(count) unsafe uses, \(limit) allowed")
    }
    #expect(files.count > 200)
  }

  @Test func theCountFindsWhatItCounts() {
    #expect(Self.uses(in: "let p: UnsafePointer<Int>; final class A: @unchecked Sendable {}") == 2)
    #expect(Self.uses(in: "let safe = [1, 2]") == 0)
  }
}
