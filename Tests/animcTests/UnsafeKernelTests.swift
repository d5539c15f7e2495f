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
    "AnimSource/ByteChunks.swift": (1, "eight-byte loads; ScanKernelDifferentialTests, SymbolKeyDifferentialTests"),
    "AnimJSON/ByteBuffer.swift": (1, "the dump's byte appends; ByteBufferTests"),
    "AnimRender/Encode/MatchFinder.swift": (13, "deflate's match search; its differential test"),
    "AnimRender/Encode/RowFilter.swift": (12, "PNG row filters; their differential test"),
    // The raster kernel: the canvas's pixels, the coverage cells, and the loops that read
    // the cells and blend into the pixels, handing the compositor values only.
    "AnimRender/Raster/RasterKernel.swift": (
      10, "coverage and compositing; CoverageTests, CompositorDifferentialTests"
    ),
    // The concurrency kernel: the one lock, and work that is not `Sendable` run on two
    // threads and joined.
    "AnimThreads/Threads.swift": (
      2, "the lock's value and ForkJoin's pair; LockedTests, ParallelParseTests, differential tests"
    ),
    // Platform seams: the system calls take pointers.
    "AnimOutput/POSIXCalls.swift": (7, "read, write, readlink, readdir"),
    "AnimOutput/SignalCleanup.swift": (4, "async-signal-safe tables for the signal handler, never freed"),
    "AnimPreview/Socket.swift": (4, "sockaddr, recv, send"),
    "AnimThreads/NativeThread.swift": (7, "pthread_create's context, a retained closure; NativeThreadTests"),
  ]

  /// The most files that may hold unsafe memory.
  static let mostFiles = 10

  static func uses(in text: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: "Unsafe|Unmanaged|@unchecked")
    return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  @Test func unsafeMemoryStaysInItsKernels() throws {
    let files = try SourceTree.swiftFiles()
    var holding = 0
    for file in files {
      let count = Self.uses(in: file.text)
      let limit = Self.allowed[file.path]?.uses ?? 0
      if count > 0 { holding += 1 }
      #expect(count <= limit, "\(file.path): \(count) unsafe uses, \(limit) allowed")
    }
    #expect(files.count > 200)
    #expect(holding <= Self.mostFiles, "\(holding) files hold unsafe memory, \(Self.mostFiles) allowed")
    #expect(Self.allowed.count <= Self.mostFiles)
  }

  @Test func theCountFindsWhatItCounts() {
    #expect(Self.uses(in: "let p: UnsafePointer<Int>; final class A: @unchecked Sendable {}") == 2)
    #expect(Self.uses(in: "let safe = [1, 2]") == 0)
  }
}
