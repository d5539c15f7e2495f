#if canImport(Glibc)
  import Glibc
#endif

/// Room for deep recursion. The parser, the checker and the simulator recurse on the
/// syntax tree and on chains of `let`s, so the depth of the input sets the depth of the
/// stack: the parser stops nesting at `Parser.deepestNesting` and the checker follows
/// `let`s `Checker.longestLetChain` deep, and at those depths a release build needs a
/// few tens of megabytes. The default 8 MB ended deep input with a segmentation fault.
enum DeepStack {
  /// Enough for the limits above several times over in a debug build; only the pages a
  /// deep input touches are ever committed.
  static let bytes = 256 << 20

  /// Lets the main thread's stack grow to `bytes` (Linux checks the limit when the stack
  /// grows, so raising it now counts). Other threads keep the system's default, reserved
  /// for each as it starts; the few that recurse over the input ask for a deep stack of
  /// their own (`NativeThread.deepStack`), so that many threads stay cheap.
  static func prepare() {
    #if os(Linux)
      let stack = __rlimit_resource_t(RLIMIT_STACK.rawValue)
      var limit = rlimit()
      if getrlimit(stack, &limit) == 0 && limit.rlim_cur != rlim_t.max && limit.rlim_cur < rlim_t(bytes) {
        limit.rlim_cur = limit.rlim_max == rlim_t.max ? rlim_t(bytes) : min(rlim_t(bytes), limit.rlim_max)
        _ = setrlimit(stack, &limit)
      }
    #endif
  }
}
