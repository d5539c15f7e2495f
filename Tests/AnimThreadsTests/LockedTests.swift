import AnimThreads
import Dispatch
import Testing

/// `Locked` against the plain count: increments made on several threads at once all
/// arrive, which unguarded read-modify-writes of one value would not promise.
@Suite struct LockedTests {
  @Test func concurrentIncrementsAllArrive() {
    let threads = 4
    let increments = 20_000
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<increments { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == threads * increments)
  }

  @Test func theValueIsReturnedAndAThrowReleasesTheLock() {
    struct Refused: Error {}
    let list = Locked([1, 2])
    let count = list.withLock { list -> Int in
      list.append(3)
      return list.count
    }
    #expect(count == 3)
    #expect(throws: Refused.self) { try list.withLock { _ in throw Refused() } }
    // A lock still held after the throw would make this wait forever.
    #expect(list.withLock { $0 } == [1, 2, 3])
  }
}
