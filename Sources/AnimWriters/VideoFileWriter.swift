import AnimMath
import AnimModel
import AnimRender
import Foundation

/// The run as a video made by ffmpeg (`FFmpegProcess`):
/// - MP4: H.264 in yuv420p with `+faststart`, its size padded to even numbers (yuv420p's
///   chroma is a pixel pair), what every player takes;
/// - WebM: VP9, in yuva420p (with alpha) when the background is not opaque;
/// - a Telegram video sticker: that WebM within Telegram's limits (`TelegramSticker`).
///
/// A video without alpha shows a translucent background on `PictureOptions.matte`, as a
/// GIF does. Frames are drawn as for PNG and sent as they are made; ffmpeg's file is
/// copied into the sink at the end.
package struct VideoFileWriter: FrameWriter {
  package enum Container: Sendable { case mp4, webm, telegramSticker }

  /// Telegram's video stickers: VP9 WebM, no audio, at most 3 s, 30 fps and 256 KB, one
  /// side 512 px and the other at most that.
  package enum TelegramSticker {
    package static let maxBytes = 256 * 1024
    package static let maxSeconds = 3.0
    package static let maxFPS = 30.0
    package static let side = 512
  }

  private let sink: ByteSink
  private let options: PictureOptions
  private let container: Container
  private var raster: FrameRaster
  private var header: RunHeader?
  private var ffmpeg: FFmpegProcess?
  /// Whether frames keep their alpha (WebM on a background that is not opaque).
  private var keepsAlpha = false

  package init(to sink: ByteSink, _ options: PictureOptions, _ container: Container) {
    self.sink = sink
    self.options = options
    self.container = container
    raster = FrameRaster(options)
  }

  package mutating func begin(_ header: RunHeader) throws {
    self.header = header
    let path = try FFmpegProcess.locate(options.ffmpeg)
    keepsAlpha = container != .mp4 && header.background.rgba8.3 < 255
    let encoding: [String]
    let vp9 = ["-c:v", "libvpx-vp9", "-pix_fmt", keepsAlpha ? "yuva420p" : "yuv420p"]
    switch container {
    case .mp4:
      encoding = [
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
        "-movflags", "+faststart",
      ]
    case .webm:
      encoding = vp9 + ["-b:v", "0", "-crf", "30"]
    case .telegramSticker:
      // Constrained quality: the bitrate that spends 90% of the byte limit over the run
      // caps what CRF 30 would spend (the rest is the container's and the rate control's
      // margin); the file is measured at the end all the same.
      let seconds = max(Double(header.frames) / header.fps, 1 / header.fps)
      let bitrate = Int(Double(TelegramSticker.maxBytes) * 8 * 0.9 / seconds)
      encoding = vp9 + ["-crf", "30", "-b:v", "\(bitrate)", "-maxrate", "\(bitrate)", "-bufsize", "\(bitrate)"]
    }
    ffmpeg = try FFmpegProcess(
      path, width: options.width, height: options.height, fps: header.fps, encoding: encoding,
      fileExtension: container == .mp4 ? "mp4" : "webm")
  }

  package mutating func write(_ frame: Frame) throws {
    guard let header, let ffmpeg else { return }
    raster.draw(frame, header)
    var pixels = raster.bitmap.pixels
    if !keepsAlpha { Self.flatten(&pixels, on: options.matte) }
    try ffmpeg.send(pixels)
  }

  package mutating func finish() throws {
    guard let ffmpeg else { return }
    defer {
      ffmpeg.removeFolder()
      self.ffmpeg = nil
    }
    try ffmpeg.finish()
    guard let file = try? FileHandle(forReadingFrom: ffmpeg.output) else {
      throw VideoError(description: "ffmpeg ended without writing the video")
    }
    // A read handle: closing it cannot lose data, and every byte read was checked.
    defer { do { try file.close() } catch {} }
    if container == .telegramSticker, let size = try? file.seekToEnd(), size > TelegramSticker.maxBytes {
      throw VideoError(
        description:
          "the sticker is \(size / 1024) KB, over Telegram's \(TelegramSticker.maxBytes / 1024) KB: shorten the run or lower `--fps`"
      )
    }
    do { try file.seek(toOffset: 0) } catch {
      throw VideoError(description: "could not read ffmpeg's video: \(error.localizedDescription)")
    }
    while true {
      let chunk: Data?
      do { chunk = try file.read(upToCount: 1 << 20) } catch {
        throw VideoError(description: "could not read ffmpeg's video: \(error.localizedDescription)")
      }
      guard let chunk, !chunk.isEmpty else { break }
      try sink.write([UInt8](chunk))
    }
  }

  /// Straight-alpha RGBA composited on an opaque `matte`, alpha set to 255: what a
  /// video without alpha shows.
  static func flatten(_ pixels: inout [UInt8], on matte: Color) {
    let (mr, mg, mb, _) = matte.rgba8
    let m = [UInt32(mr), UInt32(mg), UInt32(mb)]
    for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 255 {
      let a = UInt32(pixels[i + 3])
      for c in 0..<3 {
        // Rounded: (x·a + m·(255 − a) + 127) / 255.
        let mixed: UInt32 = UInt32(pixels[i + c]) * a + m[c] * (255 - a) + 127
        pixels[i + c] = UInt8(mixed / 255)
      }
      pixels[i + 3] = 255
    }
  }
}
