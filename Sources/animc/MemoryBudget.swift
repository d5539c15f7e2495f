import AnimWriters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory a render may take for its pictures, checked before the first frame: a size
/// whose buffers do not fit is refused with what it would need, where it would otherwise
/// fail an allocation (a trap) part of the way through.
enum MemoryBudget {
  /// Address space kept for the program itself (its code, libraries, thread stacks, the
  /// scene and the simulator) beside the picture's buffers.
  static let reserve = 512 << 20

  /// The memory this process may use: its address-space limit (`ulimit -v`) when one is
  /// set, else the machine's physical memory.
  static var available: (bytes: Int, what: String) {
    if let limit = addressSpaceLimit() { return (limit, "the address-space limit (ulimit -v)") }
    let physical = ProcessInfo.processInfo.physicalMemory
    return (physical >= UInt64(Int.max) ? Int.max : Int(physical), "the machine's memory")
  }

  static func addressSpaceLimit() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return nil }
    #else
      guard getrlimit(RLIMIT_AS, &limit) == 0 else { return nil }
    #endif
    // No limit (RLIM_INFINITY, all ones on Linux, Int.max on Darwin) reads as none.
    guard limit.rlim_cur < rlim_t(Int.max) else { return nil }
    return Int(limit.rlim_cur)
  }

  static func check(_ picture: PictureOptions, _ format: OutputFormat) throws(UsageError) {
    let needed = picture.workingMemory(for: format)
    guard needed > 0 else { return }
    let (bytes, what) = available
    guard needed > bytes - reserve else { return }
    let total = needed > Int.max - reserve ? Int.max : needed + reserve
    let kind = format.destination == .folder ? "PNG sequence" : format.name.uppercased()
    throw UsageError(
      message:
        "a \(picture.width)×\(picture.height) \(kind) needs about \(mebibytes(total)) MiB of memory,"
        + " more than \(what) of \(mebibytes(bytes)) MiB allows; render it smaller (`--width`, `--scale`)")
  }

  /// Whole mebibytes, rounded up.
  static func mebibytes(_ bytes: Int) -> Int { bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1) }
}
