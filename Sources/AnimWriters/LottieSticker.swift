import AnimChecksum
import AnimModel
import AnimRender

/// A run that Telegram would not take as an animated sticker, naming the limit (§13).
/// The command line reports it as a bad argument (exit 2).
package struct LottieStickerError: Error, CustomStringConvertible, Sendable {
  package let description: String

  package init(_ message: String) { description = message }
}

/// What Lottie cannot express even approximately: a 3-D image (§13), whose picture would
/// need a perspective warp that Lottie's players do not have. The run stops with exit 1,
/// naming the node, as for any other error of the scene's own making.
package struct LottieExportError: Error, CustomStringConvertible, Sendable {
  package let description: String

  package init(_ message: String) { description = message }
}

/// Telegram's limits on an animated sticker (`.tgs`), and its container: the Lottie JSON
/// gzip-compressed (RFC 1952) over the project's own DEFLATE.
package enum LottieSticker {
  package static let side = 512
  package static let rates: [Double] = [30, 60]
  package static let maxFrames = 180
  package static let maxBytes = 65_536

  /// Throws unless a sticker of this size, rate and length is allowed.
  package static func check(width: Int, height: Int, fps: Double, frames: Int) throws(LottieStickerError) {
    guard width == side && height == side else {
      throw LottieStickerError(
        "a Telegram sticker must be 512×512, not \(width)×\(height) (leave out --width and --height: the scene is fitted into 512×512)"
      )
    }
    guard rates.contains(fps) else {
      throw LottieStickerError("a Telegram sticker must run at 30 or 60 fps, not \(fps) (use --fps)")
    }
    guard frames <= maxFrames else {
      throw LottieStickerError(
        "a Telegram sticker holds at most 180 frames, and this run has \(frames) (use --duration)")
    }
  }

  /// Throws unless the compressed sticker fits Telegram's 64 KiB.
  package static func check(compressedBytes count: Int) throws(LottieStickerError) {
    guard count <= maxBytes else {
      throw LottieStickerError(
        "a Telegram sticker is at most 65,536 bytes compressed, and this one is \(count) bytes")
    }
  }

  /// `bytes` in a gzip member: a fixed header (no name, no time), raw DEFLATE, then the
  /// CRC-32 and length of the input, little-endian.
  package static func gzip(_ bytes: [UInt8]) -> [UInt8] {
    // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 2 (best), OS = 255 (unknown).
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 255]
    out += Deflate.compress(bytes, level: .best)
    let crc = CRC32.checksum(bytes)
    let size = UInt32(truncatingIfNeeded: bytes.count)
    for v in [crc, size] {
      out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }
    return out
  }
}
