#if canImport(Glibc)
  import Glibc
#endif

/// Readies glibc's heap for work that touches a lot of fresh memory, before that memory
/// is allocated: checking a large input, or simulating a scene.
///
/// Checking 5 MB touches about 40 MB of fresh memory, and the kernel faulted it in one
/// 4 KB page at a time: 10,000 faults at about 1.7 µs each were a sixth of `animc check`'s
/// time on the test VM. A simulation with 10,000 particles reads each one's animations,
/// curve and record in every frame, tens of thousands of 4 KB pages that no TLB holds:
/// a page walk for most reads. Transparent huge pages cure both, but most kernels give
/// them only to memory that asks for them (`madvise` mode). So: every thread allocates
/// from the one main heap (a second thread's arena would be a second region to advise,
/// and two threads contend little), blocks up to 32 MB come from that heap rather than
/// from separate mappings, the heap is grown once by an estimate of what the work needs
/// and kept, and that region is advised to use huge pages. Only touched memory becomes
/// resident, a 2 MB page at a time; the estimate is address space. Elsewhere (no glibc,
/// no THP) this does nothing.
public enum HugePageHeap {
  /// Below this the process is mostly startup, and the defaults serve it best.
  static let threshold = 1 << 20

  /// For checking `bytes` of input (nothing below a megabyte).
  public static func prepare(forInputBytes bytes: Int) {
    guard bytes >= threshold else { return }
    // The heap a check builds peaks near 8× its input; the rest is room to spare.
    prepare(reserving: min(bytes * 12, 1 << 30))
  }

  /// For simulating a scene: room for about 100,000 particles (a particle holds about
  /// 3 KB) before the heap grows past the advised region.
  public static func prepareForSimulation() {
    prepare(reserving: 256 << 20)
  }

  private static func prepare(reserving reserve: Int) {
    #if canImport(Glibc)
      guard let mallopt = mallopt() else { return }
      _ = mallopt(arenaMax, 1)
      _ = mallopt(mmapThreshold, 32 << 20)  // glibc's largest on 64-bit
      _ = mallopt(trimThreshold, Int32.max)
      _ = mallopt(topPad, Int32(reserve))
      // A block the heap's free top cannot hold grows the heap by the pad: from the block
      // to the heap's end, page-aligned, is the region advised. A block that came from
      // elsewhere (no `brk` heap) lies past the end and advises nothing.
      guard let block = malloc(1 << 20) else { return }
      defer { free(block) }
      let end = Int(bitPattern: sbrk(0))
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let start = (Int(bitPattern: block) + page - 1) / page * page
      guard end > start, let region = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(region, end - start, MADV_HUGEPAGE)
    #endif
  }

  #if canImport(Glibc)
    // `mallopt`'s parameters, from <malloc.h>, which Swift's Glibc module does not import.
    private static let trimThreshold: Int32 = -1
    private static let topPad: Int32 = -2
    private static let mmapThreshold: Int32 = -3
    private static let arenaMax: Int32 = -8

    /// glibc's `mallopt`, looked up at run time: <malloc.h> is not part of the Glibc module,
    /// and a C library without it (musl) simply leaves the heap as it is.
    private static func mallopt() -> (@convention(c) (Int32, Int32) -> Int32)? {
      guard let symbol = dlsym(nil, "mallopt") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }
  #endif
}
