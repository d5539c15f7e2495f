import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// Counts its live copies, so a test sees what a list keeps alive.
private final class Tracked {
  nonisolated(unsafe) static var alive = 0
  let value: Int
  init(_ value: Int) {
    self.value = value
    Tracked.alive += 1
  }
  deinit { Tracked.alive -= 1 }
}

/// Random appends, removals of the oldest and removals by predicate, checked after every
/// step against an array doing the same: same elements, same order, and no more removed
/// ones kept alive than live ones (or 16).
@Test func liveListBehavesLikeAnArray() {
  var random = SplitMix64(seed: 7)
  do {
    let list = LiveList<Tracked>()
    var model: [Int] = []
    var next = 0
    for step in 0..<5_000 {
      switch random.next() % 10 {
      case 0..<6:
        list.append(Tracked(next))
        model.append(next)
        next += 1
      case 6..<9:
        let n = model.isEmpty ? 0 : Int(random.next() % UInt64(min(model.count, 40) + 1))
        list.removeFirst(n)
        model.removeFirst(n)
      default:
        let modulus = Int(random.next() % 5) + 2
        list.removeAll { $0.value % modulus == 0 }
        model.removeAll { $0 % modulus == 0 }
        #expect(Tracked.alive == model.count, "step \(step): removing by predicate keeps no ended one")
      }
      #expect(list.map(\.value) == model, "step \(step)")
      #expect(Tracked.alive >= model.count && Tracked.alive <= 2 * model.count + 16, "step \(step)")
      let viaStorage = list.storage[list.head...].map(\.value)
      #expect(viaStorage == model, "step \(step)")
    }
    list.removeFirst(list.count)
    #expect(Tracked.alive == 0, "an emptied list keeps nothing alive")
  }
  #expect(Tracked.alive == 0, "the list's elements are released with it")
}

/// A list that keeps dropping its oldest and appending stops growing: under four times
/// its size.
@Test func liveListReusesItsFront() {
  let list = LiveList<Int>()
  for i in 0..<100 { list.append(i) }
  for round in 0..<1_000 {
    list.removeFirst(10)
    for i in 0..<10 { list.append(100 + round * 10 + i) }
    #expect(list.count == 100 && list.storage.capacity < 400, "round \(round)")
  }
  #expect(Array(list) == Array(10_000..<10_100))
}

/// Removing by predicate where the ended elements form runs (a burst ending together, an
/// element in between): the runs go, the rest keep their order. Expected lists written
/// out by hand from the ranges removed.
@Test func liveListRemovesRunsOfEnded() {
  let list = LiveList<Int>()
  for i in 0..<100 { list.append(i) }
  list.removeFirst(3)
  list.removeAll { (10..<20).contains($0) || (50..<53).contains($0) || $0 == 99 }
  #expect(Array(list) == Array(3..<10) + Array(20..<50) + Array(53..<99))
  // 21 runs (more than are removed as blocks): the even numbers below 40, and 60…69.
  list.removeAll { ($0 < 40 && $0 % 2 == 0) || (60..<70).contains($0) }
  let odd = [3, 5, 7, 9, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39]
  #expect(Array(list) == odd + Array(40..<50) + Array(53..<60) + Array(70..<99))
  list.removeAll { _ in true }
  #expect(list.isEmpty)
}
