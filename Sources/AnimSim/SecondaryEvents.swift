import AnimIR
import AnimMath

/// A birth or a death of an instance that an `on birth of`/`on death of` trigger listens
/// to (§15), waiting in §8's queue for its scene time.
struct SecondaryEvent: HeapOrdered, Sendable {
  /// Scene time: the instance's creation, or its removal by its lifetime.
  var time: Double
  /// The instance's creation order (`LiveInstance.seq`).
  var seq: Int
  var isDeath: Bool
  /// The emitter whose instance it is.
  var emitter: Int
  /// The instance's anchor in the scene, and `trigger.velocity`, at that time.
  var position: Point
  var velocity: Point

  /// Queue order: time; at equal times the creation order of the instances, a birth
  /// before its own instance's death. The events an event causes have later instances,
  /// so they queue behind it (first in, first out).
  func precedes(_ other: SecondaryEvent) -> Bool {
    if time != other.time { return time < other.time }
    if seq != other.seq { return seq < other.seq }
    return !isDeath && other.isDeath
  }
}

/// The pending births and deaths, in `SecondaryEvent.precedes` order.
typealias SecondaryQueue = MinHeap<SecondaryEvent>

/// The emitters that listen to each emitter's births and deaths, in source order.
struct SecondaryListeners: Sendable {
  var births: [[Int]]
  var deaths: [[Int]]
  /// Whether no emitter listens to any: spawns then queue nothing (asked at each spawn).
  private(set) var isEmpty = true

  init(_ triggers: [[Trigger]]) {
    births = Array(repeating: [], count: triggers.count)
    deaths = Array(repeating: [], count: triggers.count)
    for (listener, list) in triggers.enumerated() {
      for trigger in list {
        switch trigger {
        case .birth(let e) where births.indices.contains(e) && births[e].last != listener:
          births[e].append(listener)
        case .death(let e) where deaths.indices.contains(e) && deaths[e].last != listener:
          deaths[e].append(listener)
        default: continue
        }
      }
    }
    isEmpty = births.allSatisfy(\.isEmpty) && deaths.allSatisfy(\.isEmpty)
  }
}
