import Foundation
import Testing

/// The package supports macOS 12 and iOS 15 (`Package.swift`). Linux has the whole
/// standard library, so a build there does not notice an API newer than that floor; this
/// test reads the sources, as `UnsafeKernelTests` does, and fails on the ones that came
/// later: `InlineArray` (macOS 26), `Mutex` and `Atomic` (the Synchronization module,
/// macOS 15), `String(validating:)` (macOS 15), the standard library's clocks (macOS 13).
/// `count(where:)` is kept out with them (issue 28), although it is compiled into the
/// program and so does not itself raise the floor.
@Suite struct PlatformFloorTests {
  static let newerThanTheFloor = [
    "InlineArray", "Mutex", "Atomic<", "import Synchronization", "count(where:", "String(validating:",
    "ContinuousClock", "SuspendingClock",
  ]

  /// The APIs of `newerThanTheFloor` that `text` names.
  static func uses(in text: String) -> [String] { newerThanTheFloor.filter { text.contains($0) } }

  @Test func theSourcesKeepToThePlatformFloor() throws {
    let files = try SourceTree.swiftFiles()
    for file in files {
      let found = Self.uses(in: file.text)
      #expect(found.isEmpty, "\(file.path) uses \(found), newer than macOS 12 and iOS 15")
    }
    #expect(files.count > 200)
  }

  @Test func theMatcherFindsEachAPI() {
    let sample = """
      import Synchronization
      let slots = InlineArray<8, Int32>(repeating: -1)
      let state = Mutex(0)
      let lost = Atomic<Int32>(0)
      let empty = nodes.count(where: { $0 == nil })
      let text = String(validating: bytes, as: UTF8.self)
      let start = ContinuousClock.now, other = SuspendingClock.now
      """
    #expect(Self.uses(in: sample) == Self.newerThanTheFloor)
    #expect(Self.uses(in: "let locked = Locked(0); let n = nodes.lazy.filter { $0 == nil }.count").isEmpty)
  }
}
