import AnimRender
import Foundation

/// Renders SVG with an independent renderer (librsvg's `rsvg-convert`) and decodes the
/// PNG with Python's Pillow, for pixel comparisons with the rasterizer. Missing tools
/// are errors, never skips: CI installs both (`apt-get install librsvg2-bin`,
/// `pip install pillow`).
enum ReferenceRenderer {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Where rendered pairs are kept for inspection.
  static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "animc-raster-ref")

  /// `svg` rendered by rsvg-convert at `width × height`: straight-alpha RGBA bytes.
  static func render(svg: String, name: String, width: Int, height: Int) throws -> [UInt8] {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let svgFile = directory.appendingPathComponent("\(name).svg")
    let png = directory.appendingPathComponent("\(name)-rsvg.png")
    let raw = directory.appendingPathComponent("\(name)-rsvg.rgba")
    try svg.write(to: svgFile, atomically: true, encoding: .utf8)
    let (status, output) = try run([
      "rsvg-convert", "-f", "png", "-w", String(width), "-h", String(height), "-o", png.path,
      svgFile.path,
    ])
    if status == 127 {
      throw Failure(description: "rsvg-convert is not installed (apt-get install -y librsvg2-bin)")
    }
    guard status == 0 else {
      throw Failure(description: "rsvg-convert failed (\(status)): \(output)")
    }
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1]).convert('RGBA')
      if im.size != (int(sys.argv[3]), int(sys.argv[4])):
          sys.exit('size %r' % (im.size,))
      open(sys.argv[2], 'wb').write(im.tobytes())
      """
    try decode(script, [png.path, raw.path, String(width), String(height)])
    return [UInt8](try Data(contentsOf: raw))
  }

  /// Saves `bitmap` as `NAME-ours.png` next to the reference, for eyeballing failures.
  static func save(_ bitmap: Bitmap, name: String) throws {
    let raw = directory.appendingPathComponent("\(name)-ours.rgba")
    try Data(bitmap.pixels).write(to: raw)
    let script = """
      import sys
      from PIL import Image
      data = open(sys.argv[1], 'rb').read()
      Image.frombytes('RGBA', (int(sys.argv[3]), int(sys.argv[4])), data).save(sys.argv[2])
      """
    let png = directory.appendingPathComponent("\(name)-ours.png")
    try decode(script, [raw.path, png.path, String(bitmap.width), String(bitmap.height)])
  }

  private static func decode(_ script: String, _ args: [String]) throws {
    let (status, output) = try run(["python3", "-c", script] + args)
    if status == 127 { throw Failure(description: "python3 is not installed") }
    if output.contains("No module named 'PIL'") {
      throw Failure(description: "Pillow is not installed (pip install pillow)")
    }
    guard status == 0 else { throw Failure(description: "python3 failed (\(status)): \(output)") }
  }

  /// Peak signal-to-noise ratio in dB over the RGB channels (alpha too when `alpha`).
  static func psnr(_ a: [UInt8], _ b: [UInt8], alpha: Bool = false) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var sum = 0.0
    var n = 0
    for i in 0..<a.count where alpha || i % 4 != 3 {
      let d = Double(a[i]) - Double(b[i])
      sum += d * d
      n += 1
    }
    let mse = sum / Double(n)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  private static func run(_ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
