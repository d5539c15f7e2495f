import AnimJSON
import AnimMath

// A 3-D node's projected polygons, frame by frame, as Lottie path items (§13).

extension LottieLayer {
  /// Path items for each frame's polygons: slot k holds each frame's k-th polygon, keyed
  /// only where it changes and held between keys. rlottie draws a held key wrongly when
  /// the next key has another vertex count, and clipping (to W > 0, to a strip) changes
  /// the count, so a slot has one item per count its polygons take: the item of count c
  /// holds the polygons of c vertices, and c copies of one point, drawing nothing, in
  /// the frames where the slot's polygon has another count or there is none.
  func bakedPaths(_ frames: [[[Point]]]) -> [JSONValue] {
    let slots = frames.map(\.count).max() ?? 0
    return (0..<slots).flatMap { k -> [JSONValue] in
      var counts: [Int] = []
      for polygons in frames where k < polygons.count && !counts.contains(polygons[k].count) {
        counts.append(polygons[k].count)
      }
      return counts.map { c in
        let polygons = frames.map { k < $0.count && $0[k].count == c ? $0[k] : Array(repeating: .zero, count: c) }
        let name = counts.count == 1 ? "outline \(k + 1)" : "outline \(k + 1)/\(c)"
        return .object([("ty", .string("sh")), ("nm", .string(name)), ("ks", heldShapes(polygons))])
      }
    }
  }

  /// One polygon per frame as a shape property: fixed when they are all equal, else keys
  /// where it changes, each held to the next.
  private func heldShapes(_ polygons: [[Point]]) -> JSONValue {
    var keys: [JSONValue] = []
    var last: [Point]? = nil
    for (f, polygon) in polygons.enumerated() {
      if let last, last == polygon { continue }
      last = polygon
      keys.append(
        .object([
          ("t", LottieJSON.int(instance.firstFrame + f)), ("s", .array([Self.shape(polygon)])),
          ("h", LottieJSON.int(1)),
        ]))
    }
    if keys.count == 1, let only = last { return .object([("a", LottieJSON.int(0)), ("k", Self.shape(only))]) }
    return .object([("a", LottieJSON.int(1)), ("k", .array(keys))])
  }

  /// A closed polygon as a Lottie shape value (straight edges: zero tangents).
  private static func shape(_ polygon: [Point]) -> JSONValue {
    let zeros = JSONValue.array(polygon.map { _ in LottieJSON.point(.zero) })
    return .object([
      ("c", .bool(true)), ("v", .array(polygon.map(LottieJSON.point))), ("i", zeros), ("o", zeros),
    ])
  }
}
