/// One colour of a histogram: the mean of the pixels in a bin, and how many there were.
struct WeightedColor {
  var r: Float
  var g: Float
  var b: Float
  var weight: Float
  /// The caller's tag (a histogram bin), carried through reordering.
  var tag: Int32
}

/// Palette design by recursive box splitting (Heckbert's median cut, refined): the box
/// with the largest weighted squared error is split along its highest-variance channel at
/// the point that minimises the two halves' error. On few-colour scenes (red hearts on
/// black) this spends entries on the anti-aliased edges instead of the big flat areas.
enum MedianCut {
  /// Channel weights for squared distances, roughly following perceived luminance.
  static let weights: (r: Float, g: Float, b: Float) = (3, 4, 2)

  private struct Box {
    var start: Int
    var end: Int
    var error: Float
    var axis: Int
    var mean: (Float, Float, Float)
  }

  /// Partitions `colors` (reordered in place) into at most `maxColors` boxes. Returns the
  /// palette (box means) and, per color, the index of its box in `membership`.
  static func palette(
    _ colors: inout [WeightedColor], maxColors: Int, membership: inout [UInt8]
  ) -> [(r: Float, g: Float, b: Float)] {
    guard !colors.isEmpty, maxColors > 0 else { return [] }
    var boxes = [makeBox(colors, 0, colors.count)]
    while boxes.count < maxColors {
      var pick = -1
      var worst: Float = 0
      for (i, box) in boxes.enumerated() where box.end - box.start > 1 && box.error > worst {
        pick = i
        worst = box.error
      }
      guard pick >= 0 else { break }
      let box = boxes[pick]
      let split = bestSplit(&colors, box)
      boxes[pick] = makeBox(colors, box.start, split)
      boxes.append(makeBox(colors, split, box.end))
    }
    membership = [UInt8](repeating: 0, count: colors.count)
    for (index, box) in boxes.enumerated() {
      for i in box.start..<box.end { membership[i] = UInt8(truncatingIfNeeded: index) }
    }
    return boxes.map { (r: $0.mean.0, g: $0.mean.1, b: $0.mean.2) }
  }

  @inline(__always)
  private static func channel(_ c: WeightedColor, _ axis: Int) -> Float {
    axis == 0 ? c.r : (axis == 1 ? c.g : c.b)
  }

  private static func makeBox(_ colors: [WeightedColor], _ start: Int, _ end: Int) -> Box {
    var w: Double = 0
    var s = (0.0, 0.0, 0.0)
    var q = (0.0, 0.0, 0.0)
    for i in start..<end {
      let c = colors[i]
      let cw = Double(c.weight)
      w += cw
      s.0 += cw * Double(c.r)
      s.1 += cw * Double(c.g)
      s.2 += cw * Double(c.b)
      q.0 += cw * Double(c.r) * Double(c.r)
      q.1 += cw * Double(c.g) * Double(c.g)
      q.2 += cw * Double(c.b) * Double(c.b)
    }
    let safeW = max(w, 1e-9)
    let e = (
      Double(weights.r) * max(0, q.0 - s.0 * s.0 / safeW),
      Double(weights.g) * max(0, q.1 - s.1 * s.1 / safeW),
      Double(weights.b) * max(0, q.2 - s.2 * s.2 / safeW)
    )
    let axis = e.0 >= e.1 && e.0 >= e.2 ? 0 : (e.1 >= e.2 ? 1 : 2)
    return Box(
      start: start, end: end, error: Float(e.0 + e.1 + e.2), axis: axis,
      mean: (Float(s.0 / safeW), Float(s.1 / safeW), Float(s.2 / safeW)))
  }

  /// Sorts the box along its axis and returns the split index (strictly inside the box)
  /// minimising the summed squared error of the two halves along that axis.
  private static func bestSplit(_ colors: inout [WeightedColor], _ box: Box) -> Int {
    let axis = box.axis
    colors[box.start..<box.end].sort { channel($0, axis) < channel($1, axis) }
    var totalW = 0.0
    var totalS = 0.0
    var totalQ = 0.0
    for i in box.start..<box.end {
      let v = Double(channel(colors[i], axis))
      let w = Double(colors[i].weight)
      totalW += w
      totalS += w * v
      totalQ += w * v * v
    }
    var best = box.start + 1
    var bestError = Double.infinity
    var w = 0.0
    var s = 0.0
    var q = 0.0
    for i in box.start..<(box.end - 1) {
      let v = Double(channel(colors[i], axis))
      let cw = Double(colors[i].weight)
      w += cw
      s += cw * v
      q += cw * v * v
      // Equal values must stay together, or the split would not separate anything.
      if channel(colors[i + 1], axis) == channel(colors[i], axis) { continue }
      let rw = totalW - w
      let error =
        (q - s * s / max(w, 1e-9)) + (totalQ - q - (totalS - s) * (totalS - s) / max(rw, 1e-9))
      if error < bestError {
        bestError = error
        best = i + 1
      }
    }
    return best
  }
}
