import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files and folders being written, removed if a signal ends animc first
/// (Ctrl-C during a long render, a `kill`): a target is replaced only by a finished file,
/// and nothing half-written is left beside it either.
///
/// The handler may only make async-signal-safe calls, so everything it reads is made
/// before it can run: C strings in a fixed table, and for a temporary folder the number
/// of files in it, which are named `.0`, `.1`, … (`OutputDirectory`), with a buffer to
/// spell each path in. The tables are allocated once and never freed: a handler running
/// on another thread while a slot is released or reused still reads allocated,
/// NUL-terminated memory. A slot is used while its path's first byte is not NUL, so
/// `add` writes that byte last and `remove` clears it first.
package enum SignalCleanup {
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Lets SIGINT, SIGTERM and SIGHUP through, at startup. A parent may have started
  /// animc with them blocked (Foundation's `Process` passes on the mask of the thread
  /// that spawns, and Dispatch's threads block signals): Ctrl-C or `kill` then did
  /// nothing, and a temporary file could not be cleaned up.
  package static func unblockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for s in signals { sigaddset(&set, s) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Makes a temporary file or folder with `create`, registered before it exists: a
  /// signal arriving just after `create` returns still finds it in the table. (When
  /// registered after, a `kill` in between left the file behind.) The slot is nil when
  /// the table is full or the path longer than a slot: the file is then still removed on
  /// every error, only not on a signal. A failed `create` releases the slot.
  static func creating<Made>(
    _ kind: TemporaryKind, _ path: String, _ create: () throws(SystemError) -> Made
  ) throws(SystemError) -> (made: Made, slot: Int?) {
    let slot = add(path, kind)
    do throws(SystemError) {
      return (try create(), slot)
    } catch {
      remove(slot)
      throw error
    }
  }

  /// A temporary file, or a folder whose files are named `.0` up to `.(count - 1)`.
  enum TemporaryKind { case file, folder }

  /// How many numbered files the folder in `slot` holds now.
  static func setCount(_ slot: Int?, _ count: Int) {
    guard let slot else { return }
    counts[slot] = count
  }

  /// The temporary path was renamed into place or removed.
  static func remove(_ slot: Int?) {
    guard let slot else { return }
    lock.lock()
    defer { lock.unlock() }
    guard paths[slot * slotBytes] != 0 else { return }
    paths[slot * slotBytes] = 0
    active -= 1
    if active == 0 { for s in signals { signal(s, SIG_DFL) } }
  }

  /// Registers `path`; nil when the table is full or the path longer than a slot.
  static func add(_ path: String, _ kind: TemporaryKind) -> Int? {
    let count = kind == .file ? -1 : 0
    let bytes = Array(path.utf8)
    // Room for the path, `/.`, a decimal count and a NUL, within a slot.
    guard !bytes.isEmpty, !bytes.contains(0), bytes.count + 24 <= slotBytes else { return nil }
    lock.lock()
    defer { lock.unlock() }
    guard let slot = (0..<capacity).first(where: { paths[$0 * slotBytes] == 0 }) else { return nil }
    counts[slot] = count
    let base = slot * slotBytes
    for k in 1..<bytes.count { paths[base + k] = CChar(bitPattern: bytes[k]) }
    paths[base + bytes.count] = 0
    paths[base] = CChar(bitPattern: bytes[0])
    if active == 0 { for s in signals { signal(s, removePendingAndReraise) } }
    active += 1
    return slot
  }

  /// Whether `path` is registered, for tests.
  static func holds(_ path: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return (0..<capacity).contains { slot in
      let start = paths + slot * slotBytes
      return start[0] != 0 && String(cString: start) == path
    }
  }

  static let capacity = 16
  /// The bytes of one slot of `paths` and `scratches`: the longest path animc writes,
  /// `/.` and a count's digits, and a NUL.
  static let slotBytes = Int(PATH_MAX) + 32
  private static let lock = NSLock()
  nonisolated(unsafe) private static var active = 0
}

/// `capacity` slots of `slotBytes` each, all NUL: the temporary paths, and the room the
/// handler spells a folder's file paths in. Allocated once, never freed.
nonisolated(unsafe) private let paths = zeroedTable(SignalCleanup.capacity * SignalCleanup.slotBytes)
nonisolated(unsafe) private let scratches = zeroedTable(SignalCleanup.capacity * SignalCleanup.slotBytes)
nonisolated(unsafe) private let counts = UnsafeMutablePointer<Int>.allocate(capacity: SignalCleanup.capacity)

private func zeroedTable(_ count: Int) -> UnsafeMutablePointer<CChar> {
  let table = UnsafeMutablePointer<CChar>.allocate(capacity: count)
  table.initialize(repeating: 0, count: count)
  return table
}

/// Only async-signal-safe calls: remove the files, then end as the signal would have.
private func removePendingAndReraise(_ number: Int32) {
  for slot in 0..<SignalCleanup.capacity {
    let path = paths + slot * SignalCleanup.slotBytes
    guard path[0] != 0 else { continue }
    let count = counts[slot]
    if count < 0 {
      unlink(path)
      continue
    }
    let scratch = scratches + slot * SignalCleanup.slotBytes
    // Each slot's last byte stays NUL, so the copy stops inside the slot.
    var length = 0
    while length < SignalCleanup.slotBytes - 24 && path[length] != 0 {
      scratch[length] = path[length]
      length += 1
    }
    scratch[length] = 0x2F  // "/"
    scratch[length + 1] = 0x2E  // "."
    for file in 0..<count {
      spellDecimal(file, into: scratch + length + 2)
      unlink(scratch)
    }
    rmdir(path)
  }
  signal(number, SIG_DFL)
  raise(number)
}

/// Writes `n`'s decimal digits and a NUL at `out`, without allocating.
private func spellDecimal(_ n: Int, into out: UnsafeMutablePointer<CChar>) {
  var digits = 1
  var rest = n / 10
  while rest > 0 {
    digits += 1
    rest /= 10
  }
  var value = n
  for i in stride(from: digits - 1, through: 0, by: -1) {
    out[i] = CChar(48 + value % 10)
    value /= 10
  }
  out[digits] = 0
}
