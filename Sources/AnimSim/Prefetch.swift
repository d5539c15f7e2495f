import Builtin

/// Asks the processor to bring the cache line at `address` into cache, without waiting.
///
/// Sampling walks thousands of instances whose animation data is rarely in cache. It
/// asks for an instance's lines a few instances ahead; a plain load there would do the
/// same but hold up every later instruction until the line arrived, so only as many
/// misses as fit in the processor's window would overlap. The LLVM intrinsic has no
/// standard-library spelling; the `Builtin` module (`-enable-builtin-module`, AnimSim's
/// only unsafe flag) exposes it. A hint only: it never faults, whatever the address.
@inline(__always)
func prefetch(_ address: UnsafeRawPointer) {
  // Arguments: read (0), keep in all cache levels (3), data rather than code (1).
  Builtin.int_prefetch_RawPointer(address._rawValue, Int32(0)._value, Int32(3)._value, Int32(1)._value)
}

/// Prefetches for writing (`prefetchw`) what `RunSampler` writes of a record in most
/// frames, its matrix and the leading values of its state (see `NodeFrame`): the records
/// a frame overwrites are last frame's, long out of cache.
@inline(__always)
func prefetchLeadingForWriting(_ record: UnsafeMutablePointer<NodeFrame>) {
  let start = UnsafeRawPointer(record)
  // Every line from the first byte to the last (the leading bytes span at most three
  // lines): a record need not start a line.
  let leading = NodeFrame.leadingBytes
  assert(leading <= 2 * 64 + 1)
  prefetchLine(start)
  prefetchLine(start + 64)
  prefetchLine(start + (leading - 1))
}

@inline(__always)
private func prefetchLine(_ address: UnsafeRawPointer) {
  Builtin.int_prefetch_RawPointer(address._rawValue, Int32(1)._value, Int32(3)._value, Int32(1)._value)
}
