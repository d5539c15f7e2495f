import AnimKit
import AnimThreads

/// The pictures of the session's current run, served once each by URL
/// (`/image/KEY.png`), where KEY names the content: a page loads a picture once and its
/// browser keeps it (`Cache-Control: immutable`), however often the run starts again, and
/// a stream sends a short URL instead of the picture.
///
/// The bytes served are the asset's (`ImageAsset.fileBytes`: the chunks that draw, no
/// metadata). A run's pictures replace the last run's; a page still loading an older one
/// gets 404 and has the new run's URLs in the same moment.
final class PreviewImages: Sendable {
  private struct Entries: Sendable {
    /// By content key: what `/image/KEY.png` serves.
    var byKey: [String: ImageAsset] = [:]
    /// The key of each asset registered (the assets are held in `byKey`, so an identifier
    /// is not reused while it is here).
    var keyOf: [ObjectIdentifier: String] = [:]
  }
  private let entries = Locked(Entries())

  /// Makes `assets` the pictures served, keeping the keys of those already registered.
  func register(_ assets: [ImageAsset]) {
    let known = entries.withLock { $0.keyOf }
    var fresh = Entries()
    for asset in assets {
      let key = known[ObjectIdentifier(asset)] ?? Self.key(asset.fileBytes)
      fresh.byKey[key] = asset
      fresh.keyOf[ObjectIdentifier(asset)] = key
    }
    entries.withLock { $0 = fresh }
  }

  /// The path that serves `asset`; nil when it is not among the current run's pictures.
  func path(of asset: ImageAsset) -> String? {
    entries.withLock { $0.keyOf[ObjectIdentifier(asset)] }.map { "/image/\($0).png" }
  }

  /// The bytes `path` serves, nil when it names no current picture.
  func bytes(path: String) -> [UInt8]? {
    guard path.hasPrefix("/image/"), path.hasSuffix(".png") else { return nil }
    let key = String(path.dropFirst("/image/".count).dropLast(".png".count))
    return entries.withLock { $0.byKey[key]?.fileBytes }
  }

  /// A name for `bytes` by content: 64-bit FNV-1a and the length, in hex. Not a secret
  /// (the token guards every request); two pictures of one run that collide would show
  /// one picture twice, at odds of 2⁻⁶⁴ among those of equal length.
  static func key(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return String(hash, radix: 16) + "-" + String(bytes.count, radix: 16)
  }
}
