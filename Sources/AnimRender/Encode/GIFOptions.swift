/// Options for GIF output.
package struct GIFOptions: Sendable {
  /// GIF has only on/off transparency, so each frame's semi-transparent pixels are
  /// composited onto this colour (the scene background, or with `transparency` the
  /// matte) before quantizing.
  package var background: (red: UInt8, green: UInt8, blue: UInt8)
  /// Ordered (4×4 Bayer) dithering for frames with more than 256 colours. Off by default:
  /// flat shapes on flat backgrounds look cleaner without it.
  package var dither: Bool
  /// Encode only the rectangle that changed since the previous frame, each unchanged
  /// pixel inside it written as transparent or as its own colour, whichever makes the
  /// LZW codes shorter. Much smaller files for mostly static scenes.
  package var onlyChangedRegion: Bool
  /// How many times the animation plays in all; 0 plays it forever. Players repeat a
  /// GIF as its NETSCAPE2.0 extension says: no extension plays once, a count of n plays
  /// n more times after the first, and 0 forever.
  package var plays: Int

  /// Pixels under half coverage (alpha < 128) become the transparent index; the others
  /// are composited on `background` (the matte). Every frame is then disposed to
  /// transparent after it shows (disposal 2) and the next holds the box of its visible
  /// pixels (the first, the whole picture): a changed region over the previous frame
  /// could not turn a pixel transparent again, so `onlyChangedRegion` is not used.
  package var transparency: Bool

  /// The most plays a GIF can say, short of forever (a 16-bit repeat count, plus one).
  package static let maxPlays = 65536

  package init(
    background: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0), dither: Bool = false,
    onlyChangedRegion: Bool = true, plays: Int = 0, transparency: Bool = false
  ) {
    self.background = background
    self.dither = dither
    self.onlyChangedRegion = onlyChangedRegion
    self.plays = min(max(plays, 0), Self.maxPlays)
    self.transparency = transparency
  }
}
