import AnimMath
import AnimModel
import AnimRender

/// How pictures are made: their size in pixels, and how the scene (in points) goes into
/// it: scaled per axis to fill it, or fitted inside it (`fitsScene`, `ScenePlacement`).
public struct PictureOptions: Sendable, Equatable {
  public var width: Int
  public var height: Int
  /// How many times an animation plays in all (GIF); 0 plays it forever.
  public var plays: Int
  /// The scene keeps its aspect ratio: uniformly scaled to fit inside the picture and
  /// centred, the rest of the picture its background (`render --width W --height H`).
  /// False: the scene is stretched per axis to fill the picture (`--stretch`, and the
  /// size made from the scene's own aspect ratio, which only rounding makes uneven).
  public var fitsScene: Bool
  /// The opaque colour a GIF's translucent pixels are composited on when the scene's
  /// background is not opaque (`render --matte`); opaque backgrounds never use it.
  public var matte: Color
  /// The ffmpeg that encodes MP4 and WebM (`render --ffmpeg`); nil: the first on `PATH`.
  public var ffmpeg: String?
  /// How many frames the whole run has, when only a slice of it is written: a PNG
  /// sequence's names then have as many digits in every slice, and sort as one run.
  public var runFrames: Int?

  public init(
    width: Int, height: Int, plays: Int = 0, fitsScene: Bool = false, matte: Color = .white, ffmpeg: String? = nil
  ) {
    self.width = width
    self.height = height
    self.plays = plays
    self.fitsScene = fitsScene
    self.matte = matte
    self.ffmpeg = ffmpeg
  }

  /// An upper bound on the memory a writer of `format` holds for pictures of this size:
  /// what a caller compares with the memory it may use before the first frame, so that a
  /// picture too large is refused up front rather than failing an allocation half-way.
  public func workingMemory(for format: OutputFormat) -> Int {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: format.bytesPerPixel)
    return overflow || overflow2 ? Int.max : bytes
  }
}

extension OutputFormat {
  /// The most bytes per pixel a writer of this format holds at once (the picture's
  /// buffers, not the scene's): 0 when it draws no bitmap.
  ///
  /// - PNG still: the RGBA bitmap (4), its filtered rows (4 and a byte a row), the
  ///   compressed stream, which for pixels deflate cannot shrink is their size again (4,
  ///   and the block headers), and the file made of it (4): 16, with one more for the rows'
  ///   filter bytes and the compressor's own buffers.
  /// - PNG sequence: the same, and a second bitmap, since frame N is encoded on another
  ///   thread while frame N + 1 is drawn (`PNGSequenceWriter`): 21.
  /// - GIF: the RGBA bitmap (4), the previous and current frames as packed RGB (4 + 4),
  ///   the changed region (4) and its colour indices (1), and the quantizer's per-pixel
  ///   buffers (up to 4): 21. The file is written out frame by frame, so it holds none.
  /// - SVG and the dumps draw nothing: their memory is the scene's.
  public var bytesPerPixel: Int {
    switch name {
    case OutputFormat.png.name: 17
    case OutputFormat.pngSequence.name, OutputFormat.gif.name: 21
    // The RGBA bitmap and the copy sent to ffmpeg (whose own memory is its own).
    case OutputFormat.mp4.name, OutputFormat.webm.name: 8
    // The RGBA bitmap, the last frame, the changed part, its filtered rows and stream;
    // the compressed frames are the file's size.
    case OutputFormat.apng.name: 21
    default: 0
    }
  }
}

/// Draws frames into one reused bitmap, so memory does not grow with the frames. The
/// bitmap is made at the first frame drawn: a writer that makes a raster but never draws
/// allocates no picture. A fitted scene (`ScenePlacement`) is drawn into its rectangle of
/// that same bitmap, and the bars around it are then set to the background.
struct FrameRaster {
  let rasterizer = Rasterizer()
  let options: PictureOptions
  private var drawn: Bitmap? = nil

  init(_ options: PictureOptions) { self.options = options }

  /// The last frame drawn (an empty bitmap before the first).
  var bitmap: Bitmap { drawn ?? Bitmap(width: 0, height: 0) }

  mutating func draw(_ frame: Frame, _ header: RunHeader) {
    // Taken out while drawing, so the rasterizer holds the only reference and draws in
    // place rather than copying the picture.
    var target = drawn ?? Bitmap(width: options.width, height: options.height)
    drawn = nil
    let drawing = Drawing(frame, header)
    if let place = options.placement(sceneWidth: header.width, sceneHeight: header.height) {
      rasterizer.render(
        drawing, into: &target, placement: place.transform(sceneWidth: header.width, sceneHeight: header.height))
      // What the rasterizer leaves where nothing is drawn: the background, as a pixel.
      let empty = Drawing(width: 1, height: 1, background: drawing.background)
      place.fillOutside(&target, with: rasterizer.render(empty, width: 1, height: 1).pixels)
    } else {
      rasterizer.render(drawing, into: &target)
    }
    drawn = target
  }
}

extension PictureOptions {
  /// `frame` drawn as the PNG writers draw it (`FrameRaster`): the picture, straight
  /// alpha, that they encode. `header` gives the canvas and background.
  package func bitmap(of frame: Frame, _ header: RunHeader) -> Bitmap {
    var raster = FrameRaster(self)
    raster.draw(frame, header)
    return raster.bitmap
  }
}
