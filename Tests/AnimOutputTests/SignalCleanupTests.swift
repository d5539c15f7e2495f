import Testing

@testable import AnimOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal handler's table: fixed slots, reused and never freed, each holding a path
/// and the room to spell a folder's numbered files after it.
@Suite struct SignalCleanupTests {
  /// A slot holds the path, `/.`, up to 20 digits of a file number and a NUL, in
  /// `PATH_MAX + 32` bytes: a path of up to `PATH_MAX + 8` bytes fits, and no longer.
  @Test func aPathLongerThanASlotIsNotRegistered() {
    let longest = Int(PATH_MAX) + 32 - 24
    #expect(SignalCleanup.add(String(repeating: "a", count: longest + 1), .folder) == nil)
    #expect(SignalCleanup.add(String(repeating: "a", count: longest + 1), .file) == nil)
  }

  /// Other suites may hold slots meanwhile, so this counts only its own: distinct slots
  /// inside the table, each free again once removed (the table is not used up).
  @Test func slotsAreDistinctAndReusedAfterRemoval() {
    for _ in 0..<3 {
      var taken: [Int] = []
      while taken.count <= SignalCleanup.capacity,
        let slot = SignalCleanup.add("/nonexistent/animc-signal-\(taken.count)", .file)
      {
        taken.append(slot)
      }
      #expect(!taken.isEmpty && taken.count <= SignalCleanup.capacity)
      #expect(Set(taken).count == taken.count)
      #expect(taken.allSatisfy { $0 >= 0 && $0 < SignalCleanup.capacity })
      for slot in taken { SignalCleanup.remove(slot) }
    }
  }

  /// A temporary is registered before it is made, so a signal just after it appears
  /// still removes it; a failed make releases its slot.
  @Test func aTemporaryIsRegisteredBeforeItIsMade() throws {
    let path = "/nonexistent/animc-signal-made"
    let made = try SignalCleanup.creating(.file, path) { () throws(SystemError) in SignalCleanup.holds(path) }
    #expect(made.made)
    #expect(made.slot != nil)
    SignalCleanup.remove(made.slot)
    #expect(!SignalCleanup.holds(path))
    #expect(throws: SystemError.self) {
      try SignalCleanup.creating(.folder, path) { () throws(SystemError) -> Int in
        throw SystemError(EEXIST)
      }
    }
    #expect(!SignalCleanup.holds(path))
  }
}
