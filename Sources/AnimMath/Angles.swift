#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Degrees ↔ radians. The language and dumps speak degrees; the math speaks radians.
@inlinable package func radians(fromDegrees d: Double) -> Double { d * .pi / 180 }
@inlinable package func degrees(fromRadians r: Double) -> Double { r * 180 / .pi }

/// The sine and cosine of an angle in degrees, together.
///
/// The angle is reduced exactly: d − 90k is exact for |d| < 2⁴⁷ (both terms are
/// multiples of d's unit in the last place, and the difference is at most 45), so only
/// the conversion of the remainder to radians rounds. The kernels are fdlibm's
/// `__kernel_sin` and `__kernel_cos` on [−π/4, π/4], within 1 ulp. Whole quarter turns
/// come out exact (sin 180° = 0, not 1.2e−16), and the pair costs less than one call to
/// the C library's `sin`: the simulator takes it for every rotated instance in every frame.
@inlinable package func sinCos(degrees d: Double) -> (sin: Double, cos: Double) {
  guard abs(d) < 0x1p47 else {
    let r = radians(fromDegrees: d)
    return (sin(r), cos(r))
  }
  // The nearest whole number of quarter turns, without a call: adding 1.5·2⁵² drops
  // the fraction (|d/90| < 2⁴⁷ keeps the sum's unit at 1).
  let k = (d / 90 + 0x1.8p52) - 0x1.8p52
  let x = (d - k * 90) * (Double.pi / 180)
  let s = sinKernel(x)
  let c = cosKernel(x)
  // Quarter turn q: (sin, cos) is (s, c), (c, −s), (−s, −c) or (−c, s); chosen without
  // branches, which the random angles of particles would mispredict.
  let q = Int(k) & 3
  let odd = q & 1 == 1
  let sine = odd ? c : s
  let cosine = odd ? s : c
  return (q >= 2 ? -sine : sine, q == 1 || q == 2 ? -cosine : cosine)
}

/// fdlibm's `__kernel_sin` for |x| ≤ π/4 (with a zero tail).
@inlinable @inline(__always) func sinKernel(_ x: Double) -> Double {
  let z = x * x
  let v = z * x
  let r =
    8.333_333_333_322_489_461_24e-03 + z
    * (-1.984_126_982_985_794_931_34e-04 + z
      * (2.755_731_370_707_006_767_89e-06 + z
        * (-2.505_076_025_340_686_341_95e-08 + z * 1.589_690_995_211_550_102_21e-10)))
  return x + v * (-1.666_666_666_666_663_243_48e-01 + z * r)
}

/// fdlibm's `__kernel_cos` for |x| ≤ π/4 (with a zero tail).
@inlinable @inline(__always) func cosKernel(_ x: Double) -> Double {
  let z = x * x
  let r =
    z
    * (4.166_666_666_666_660_190_37e-02 + z
      * (-1.388_888_888_887_410_957_49e-03 + z
        * (2.480_158_728_947_672_941_78e-05 + z
          * (-2.755_731_435_139_066_330_35e-07 + z
            * (2.087_572_321_298_174_827_90e-09 + z * -1.135_964_755_778_819_482_65e-11)))))
  if abs(x) < 0.3 { return 1 - (0.5 * z - z * r) }
  // 1 − x²/2 loses bits when x²/2 is not small: fdlibm takes off qx ≈ |x|/4 first,
  // truncated to its high word so that 1 − qx is exact.
  let qx = abs(x) > 0.781_25 ? 0.281_25 : Double(bitPattern: (abs(x) / 4).bitPattern & 0xFFFF_FFFF_0000_0000)
  let hz = 0.5 * z - qx
  let a = 1 - qx
  return a - (hz - z * r)
}

/// `sinCos(degrees:)` of two angles at once: lane by lane the same operations in the same
/// order, so the same bits, with the two lanes in one vector register (the simulator
/// takes a sine and cosine for every rotated instance in every frame).
@inlinable package func sinCos(degrees d: SIMD2<Double>) -> (sin: SIMD2<Double>, cos: SIMD2<Double>) {
  // Selections and signs by integer masks on the bits: SSE2 has no 64-bit compares.
  let bits = unsafeBitCast(d, to: SIMD2<UInt64>.self)
  let magnitude = unsafeBitCast(bits & 0x7FFF_FFFF_FFFF_FFFF, to: SIMD2<Double>.self)
  guard all(magnitude .< 0x1p47) else {
    let (s0, c0) = sinCos(degrees: d[0])
    let (s1, c1) = sinCos(degrees: d[1])
    return (SIMD2(s0, s1), SIMD2(c0, c1))
  }
  let shifted = d / 90 + 0x1.8p52
  let k = shifted - 0x1.8p52
  let x = (d - k * 90) * (Double.pi / 180)
  let s = unsafeBitCast(sinKernel(x), to: SIMD2<UInt64>.self)
  let c = unsafeBitCast(cosKernel(x), to: SIMD2<UInt64>.self)
  // k's two lowest bits, which `Int(k) & 3` gives, are the shifted sum's.
  let q = unsafeBitCast(shifted, to: SIMD2<UInt64>.self)
  let odd = 0 &- (q & 1)  // all ones in an odd quarter turn
  let sine = (s & ~odd) | (c & odd)
  let cosine = (c & ~odd) | (s & odd)
  // Sign flips: the sine's in quarters 2 and 3 (bit 1), the cosine's in 1 and 2.
  let sineSign = (q & 2) &<< 62
  let cosineSign = ((q ^ (q &>> 1)) & 1) &<< 63
  return (
    unsafeBitCast(sine ^ sineSign, to: SIMD2<Double>.self), unsafeBitCast(cosine ^ cosineSign, to: SIMD2<Double>.self)
  )
}

/// `sinKernel` on two lanes.
@inlinable @inline(__always) func sinKernel(_ x: SIMD2<Double>) -> SIMD2<Double> {
  let z = x * x
  let v = z * x
  var r = z * 1.589_690_995_211_550_102_21e-10
  r = z * (-2.505_076_025_340_686_341_95e-08 + r)
  r = z * (2.755_731_370_707_006_767_89e-06 + r)
  r = z * (-1.984_126_982_985_794_931_34e-04 + r)
  r = 8.333_333_333_322_489_461_24e-03 + r
  return x + v * (-1.666_666_666_666_663_243_48e-01 + z * r)
}

/// `cosKernel` on two lanes: both of its branches, each lane taking its own.
@inlinable @inline(__always) func cosKernel(_ x: SIMD2<Double>) -> SIMD2<Double> {
  let z = x * x
  var r = z * -1.135_964_755_778_819_482_65e-11
  r = z * (2.087_572_321_298_174_827_90e-09 + r)
  r = z * (-2.755_731_435_139_066_330_35e-07 + r)
  r = z * (2.480_158_728_947_672_941_78e-05 + r)
  r = z * (-1.388_888_888_887_410_957_49e-03 + r)
  r = z * (4.166_666_666_666_660_190_37e-02 + r)
  let magnitude = unsafeBitCast(
    unsafeBitCast(x, to: SIMD2<UInt64>.self) & 0x7FFF_FFFF_FFFF_FFFF, to: SIMD2<Double>.self)
  let small = 1 - (0.5 * z - z * r)
  let quarter = unsafeBitCast(
    unsafeBitCast(magnitude / 4, to: SIMD2<UInt64>.self) & 0xFFFF_FFFF_0000_0000, to: SIMD2<Double>.self)
  let qx = quarter.replacing(with: 0.281_25, where: magnitude .> 0.781_25)
  let hz = 0.5 * z - qx
  let a = 1 - qx
  let large = a - (hz - z * r)
  return large.replacing(with: small, where: magnitude .< 0.3)
}
