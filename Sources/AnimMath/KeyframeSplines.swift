/// The two smooth keyframe curves of §6.5, on any `Interpolatable` value.
enum KeyframeSplines {
  /// Catmull-Rom tangents per unit of key time, m_i = (v_{i+1} − v_{i−1}) / (k_{i+1} − k_{i−1}).
  /// The ends act as if the first and last values were repeated one segment's width
  /// beyond them, so for even spacing this is the textbook (v_{i+1} − v_{i−1})/2 per
  /// segment, and uneven key times scale each tangent to its segments as Core Animation's
  /// Kochanek–Bartels curves with zero tension, bias and continuity do.
  static func catmullRomTangents<V: Interpolatable>(_ v: [V], _ k: [Double]) -> [V] {
    let n = v.count
    guard n > 1 else { return v.map { $0 - $0 } }
    return (0..<n).map { i in
      let prev = i > 0 ? v[i - 1] : v[0]
      let next = i < n - 1 ? v[i + 1] : v[n - 1]
      let before = i > 0 ? k[i - 1] : k[0] - (k[1] - k[0])
      let after = i < n - 1 ? k[i + 1] : k[n - 1] + (k[n - 1] - k[n - 2])
      let span = after - before
      return span > 0 ? (next - prev) * (1 / span) : next - next
    }
  }

  /// Cubic Hermite between a and b with end derivatives ta, tb (per unit f), at f in 0…1.
  static func hermite<V: Interpolatable>(_ a: V, _ b: V, _ ta: V, _ tb: V, _ f: Double) -> V {
    let f2 = f * f
    let f3 = f2 * f
    return a * (2 * f3 - 3 * f2 + 1) + ta * (f3 - 2 * f2 + f) + b * (-2 * f3 + 3 * f2)
      + tb * (f3 - f2)
  }

  /// Second derivatives M_i of the natural cubic spline through (k_i, v_i): M_0 = M_{n−1}
  /// = 0 and, inside, h_{i−1}M_{i−1} + 2(h_{i−1} + h_i)M_i + h_iM_{i+1} =
  /// 6[(v_{i+1} − v_i)/h_i − (v_i − v_{i−1})/h_{i−1}], solved by the Thomas algorithm
  /// (the system is diagonally dominant, so no pivoting is needed).
  static func naturalSecondDerivatives<V: Interpolatable>(_ v: [V], _ k: [Double]) -> [V] {
    let n = v.count
    let zero = v[0] - v[0]
    guard n > 2 else { return Array(repeating: zero, count: n) }
    func slope(_ i: Int) -> V {
      let h = k[i + 1] - k[i]
      return h > 0 ? (v[i + 1] - v[i]) * (1 / h) : zero
    }
    // Forward sweep over the interior unknowns 1…n−2.
    var diag: [Double] = Array(repeating: 0, count: n)
    var rhs: [V] = Array(repeating: zero, count: n)
    for i in 1..<(n - 1) {
      let hPrev = k[i] - k[i - 1]
      let h = k[i + 1] - k[i]
      diag[i] = 2 * (hPrev + h)
      rhs[i] = (slope(i) - slope(i - 1)) * 6
      if i > 1 {
        let w = diag[i - 1] != 0 ? hPrev / diag[i - 1] : 0
        diag[i] -= w * hPrev
        rhs[i] = rhs[i] - rhs[i - 1] * w
      }
    }
    var m: [V] = Array(repeating: zero, count: n)
    for i in stride(from: n - 2, through: 1, by: -1) {
      let h = k[i + 1] - k[i]
      let known = i < n - 2 ? rhs[i] - m[i + 1] * h : rhs[i]
      m[i] = diag[i] != 0 ? known * (1 / diag[i]) : zero
    }
    return m
  }

  /// The natural spline on one segment of width h at fraction f, with A = 1 − f, B = f:
  /// A·a + B·b + ((A³ − A)·Ma + (B³ − B)·Mb)·h²/6.
  static func natural<V: Interpolatable>(_ a: V, _ b: V, _ ma: V, _ mb: V, _ h: Double, _ f: Double)
    -> V
  {
    let bb = f
    let aa = 1 - f
    let curve = (ma * (aa * aa * aa - aa) + mb * (bb * bb * bb - bb)) * (h * h / 6)
    return a * aa + b * bb + curve
  }
}
