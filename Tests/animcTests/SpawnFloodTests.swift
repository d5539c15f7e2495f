import AnimTestSupport
import Foundation
import Testing

/// Item 9 of issue 17: a flood of spawns that live forever (`every 1ms`, `burst 1000`,
/// `max 100000000`) reaches the 1,000,000 live instances of §10 at 1 s, frame 60. The run
/// must end there with E0902, under a 2 GiB address-space limit and in bounded time,
/// rather than sample and write some 30 million records (6 GB) first or run out of memory.
@Suite struct SpawnFloodTests {
  static let flood = """
    scene "flood" {
      size 100, 100
      fps 60
      duration 60s
    }

    emitter e {
      every 1ms
      burst 1000
      max 100000000
      spawn circle(1) {
        position (random(0..100), random(0..100))
      }
    }

    """

  @Test(arguments: ["dump", "render"])
  func aFloodEndsWithTheLiveInstanceLimit(_ command: String) throws {
    let dir = try FmtSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FmtSafetyTests.save(dir + "/flood.anim", Array(Self.flood.utf8))
    let output = dir + (command == "dump" ? "/out.jsonl" : "/out.gif")
    let start = Date()
    let r = try PictureMemoryTests.animc(
      limit: PictureMemoryTests.twoGiBInKiB, [command, dir + "/flood.anim", "-o", output])
    let seconds = Date().timeIntervalSince(start)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(
      r.stderr.contains("error: emitter `e` would make more than 1000000 live instances; the run stops [E0902]"),
      "\(r.stderr)")
    // A debug build on a shared machine: the release build takes a few seconds.
    #expect(seconds < 120, "took \(seconds) s")
    #expect(FmtSafetyTests.names(dir) == ["flood.anim"])
  }
}
