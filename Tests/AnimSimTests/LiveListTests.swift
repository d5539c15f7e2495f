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
