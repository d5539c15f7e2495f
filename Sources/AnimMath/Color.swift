/// An sRGB colour with straight (not premultiplied) alpha, channels in 0…1.
/// Animations interpolate it per channel (§6.1).
public struct Color: Hashable, Sendable {
  public var r, g, b, a: Double

  @inlinable public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// From 8-bit channels, as `#RRGGBBAA` writes them.
  public init(rgba8 r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.init(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: Double(a) / 255)
  }

  public static let black = Color(r: 0, g: 0, b: 0)
  public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
  public static let white = Color(r: 1, g: 1, b: 1)

  /// Channels rounded to 8 bits, clamped.
  public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
    func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    return (q(r), q(g), q(b), q(a))
  }

  /// `#RRGGBBAA`, upper case, as dumps write colours (§9).
  public var hex: String {
    let (r, g, b, a) = rgba8
    let digits = Array("0123456789ABCDEF")
    var s = "#"
    for v in [r, g, b, a] {
      s.append(digits[Int(v >> 4)])
      s.append(digits[Int(v & 15)])
    }
    return s
  }

  /// Per-channel linear interpolation.
  public func lerp(to other: Color, _ t: Double) -> Color {
    Color(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
  }
}
