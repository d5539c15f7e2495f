import AnimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `image("…")` end to end (§12.3), judged by programs that share no code with animc:
/// Pillow writes the PNGs and measures the pictures, librsvg draws the SVG.
@Suite("animc with images") struct ImageCommandTests {
  /// A folder with `card.png` (12 × 8, made by Pillow: a left half red, a right half blue,
  /// a translucent green row at the bottom) and the files the cases below add.
  static func folder(_ name: String) throws -> URL {
    let dir = try RenderCommandTests.workDirectory("image-" + name)
    _ = try RenderCommandTests.python(
      """
      import sys, json
      from PIL import Image
      im = Image.new('RGBA', (12, 8), (220, 30, 40, 255))
      for x in range(6, 12):
          for y in range(8):
              im.putpixel((x, y), (30, 60, 230, 255))
      for x in range(12):
          im.putpixel((x, 7), (20, 200, 60, 128))
      im.save(sys.argv[1])
      print(json.dumps({}))
      """, [dir.appendingPathComponent("card.png").path])
    return dir
  }

  static func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
  }

  /// The first line of `animc check FILE`'s report.
  static func firstError(_ scene: URL) throws -> (status: Int32, line: String) {
    let r = try CLITests.animc(["check", scene.path])
    return (r.status, r.stderr.split(separator: "\n").first.map(String.init) ?? "")
  }

  @Test func unusableFilesAreErrorsAtTheString() throws {
    let dir = try Self.folder("check")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
    try Self.write("GIF89a, not a PNG at all", to: dir.appendingPathComponent("text.png"))
    #expect(mkfifo(dir.appendingPathComponent("pipe.png").path, 0o600) == 0)
    // A valid signature and IHDR for a 20000 × 10 image: beyond 16384 pixels each way.
    try Data(Self.pngHeader(width: 20000, height: 10)).write(to: dir.appendingPathComponent("wide.png"))
    // 16384 × 16384 is within each side but 1 GiB as RGBA, beyond 256 MiB.
    try Data(Self.pngHeader(width: 16384, height: 16384)).write(to: dir.appendingPathComponent("huge.png"))
    let cases: [(file: String, message: String)] = [
      ("missing.png", "cannot use the image `missing.png`: the file does not exist or cannot be examined"),
      ("folder.png", "cannot use the image `folder.png`: the path names a directory, not a regular file"),
      ("pipe.png", "cannot use the image `pipe.png`: the path names a pipe or socket, not a regular file"),
      ("text.png", "cannot use the image `text.png`: not a PNG file: the PNG signature is missing (at byte 0)"),
      (
        "wide.png",
        "cannot use the image `wide.png`: the image is 20000×10 pixels; at most 16384 are allowed each way (at byte 16)"
      ),
      (
        "huge.png",
        "cannot use the image `huge.png`: the image is 16384×16384 pixels, more than the 67108864 allowed (at byte 16)"
      ),
    ]
    for c in cases {
      let scene = dir.appendingPathComponent("scene.anim")
      // Line 2, column 16: the string literal, quotes included.
      try Self.write("// \(c.file)\nnode n = image(\"\(c.file)\") { position (50, 50) }\n", to: scene)
      let r = try Self.firstError(scene)
      #expect(r.status == 1, "\(c.file)")
      #expect(r.line == "\(scene.path):2:16: error: \(c.message) [E0362]", "\(c.file)")
    }
  }

  @Test func aPathIsAStringLiteralAndContentsRectHasFourNumbers() throws {
    let dir = try Self.folder("literal")
    let scene = dir.appendingPathComponent("scene.anim")
    try Self.write("let name = \"card.png\"\nnode n = image(name)\n", to: scene)
    #expect(
      try Self.firstError(scene).line.hasSuffix(
        ":2:16: error: `image` takes its file's path as a string literal [E0363]"))
    try Self.write("node n = image(\"card.png\", width: 0)\n", to: scene)
    #expect(
      try Self.firstError(scene).line.hasSuffix(
        ":1:35: error: an image's `width:` must be more than 0, found 0 [E0350]"))
    try Self.write("node n = image(\"card.png\") {\n  contentsRect [0, 0, 1]\n}\n", to: scene)
    #expect(
      try Self.firstError(scene).line.hasSuffix(
        ":2:16: error: `contentsRect` takes four numbers `[x, y, w, h]`, found 3 [E0363]"))
    try Self.write("node n = image(\"card.png\") {\n  animate contentsRect to [0, 0, 1, 1] over 1s\n}\n", to: scene)
    #expect(try Self.firstError(scene).line.hasSuffix(":2:11: error: `contentsRect` is not animated (§12.3) [E0330]"))
  }

  /// The path is relative to the `.anim` file, not to the current directory (animc runs
  /// in the package root here); from stdin it is relative to the current directory.
  @Test func pathsResolveBesideTheSource() throws {
    let dir = try Self.folder("relative")
    let scene = dir.appendingPathComponent("scene.anim")
    try Self.write("node n = image(\"card.png\", height: 16) { position (50, 50) }\n", to: scene)
    let r = try CLITests.animc(["dump", scene.path, "--frames", "0..0"])
    #expect(r.status == 0, "\(r.stderr)")
    // height 16 alone keeps the aspect ratio: 12 × 8 pixels make a 24 × 16 box.
    #expect(r.stdout.contains(#"{"type":"shape","id":"n","image":"card.png","width":24,"height":16}"#))
    let stdin = try CLITests.animc(["check", "-"], stdin: "node n = image(\"card.png\")\n")
    #expect(stdin.status == 1)
    #expect(stdin.stderr.contains("cannot use the image `card.png`: the file does not exist"))
  }

  @Test func corruptImageDataStopsTheRun() throws {
    let dir = try Self.folder("corrupt")
    var bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("card.png")))
    // The header is intact (33 bytes); one flipped bit in the last chunk's CRC.
    bytes[bytes.count - 1] ^= 1
    try Data(bytes).write(to: dir.appendingPathComponent("card.png"))
    let scene = dir.appendingPathComponent("scene.anim")
    try Self.write("node n = image(\"card.png\")\n", to: scene)
    #expect(try Self.firstError(scene).status == 0)
    let r = try CLITests.animc(["dump", scene.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("error: cannot read the image `card.png`: chunk IEND: CRC mismatch"), "\(r.stderr)")
  }

  @Test func noOutputOverwritesAnImage() throws {
    let dir = try Self.folder("inputs")
    let scene = dir.appendingPathComponent("scene.anim")
    try Self.write("node n = image(\"card.png\")\n", to: scene)
    let before = try Data(contentsOf: dir.appendingPathComponent("card.png"))
    let r = try CLITests.animc([
      "render", scene.path, "--time", "0s", "-o", dir.appendingPathComponent("card.png").path,
    ])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(try Data(contentsOf: dir.appendingPathComponent("card.png")) == before)
  }

  /// animc's raster and librsvg's drawing of animc's SVG agree: a rotated, scaled,
  /// translucent image cut by contentsRect, and replicator copies tinted (§12.3), over a
  /// coloured background.
  @Test func svgAgreesWithTheRaster() throws {
    let dir = try Self.folder("svg")
    let scene = dir.appendingPathComponent("scene.anim")
    try Self.write(
      """
      scene { size 200, 160; background #F0E8D0 }
      node whole = image("card.png", width: 96) { position (60, 60); rotation 20deg }
      node half = image("card.png", width: 60, height: 80) {
        position (150, 90)
        contentsRect [0.25, 0, 0.5, 1]
        opacity 0.8
        rotation -10deg
      }
      replicate copies count 2 {
        position (20, 110)
        instance transform translate(40, 0)
        instance color #FF8040
        node small = image("card.png", width: 30) { position (15, 15) }
      }
      """, to: scene)
    let png = dir.appendingPathComponent("frame.png").path
    let svg = dir.appendingPathComponent("frame.svg").path
    try RenderCommandTests.animcOK(["render", scene.path, "--time", "0s", "-o", png, "--scale", "2"])
    try RenderCommandTests.animcOK(["render", scene.path, "--time", "0s", "-o", svg, "--scale", "2"])
    let svgText = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(svgText.contains("<image "))
    // The data URI is the file itself, base64 (decoded here by Foundation).
    let card = try Data(contentsOf: dir.appendingPathComponent("card.png"))
    let uri = svgText.components(separatedBy: "data:image/png;base64,").dropFirst().first?.prefix { $0 != "\"" }
    #expect(uri.flatMap { Data(base64Encoded: String($0)) } == card)
    let result = try RenderCommandTests.python(
      """
      import sys, json, math, subprocess
      from PIL import Image, ImageChops
      png, svg, out = sys.argv[1:4]
      subprocess.run(['rsvg-convert', '-f', 'png', '-o', out, svg], check=True)
      a = Image.open(png).convert('RGB')
      b = Image.open(out).convert('RGB')
      h = ImageChops.difference(a, b).histogram()
      se = sum(v * (i % 256) ** 2 for i, v in enumerate(h))
      mse = se / (a.size[0] * a.size[1] * 3)
      print(json.dumps({'psnr': 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse), 'size': list(b.size)}))
      """, [png, svg, dir.appendingPathComponent("rsvg.png").path])
    let psnr = RenderCommandTests.number(result["psnr"]) ?? 0
    #expect(psnr >= RenderCommandTests.minimumPSNR, "PSNR \(psnr) dB")
  }

  /// A PNG signature and an IHDR chunk (8-bit RGBA) with a correct CRC, and nothing more:
  /// enough for the checker, which reads only the header.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + chunk + be(crc32(chunk))
  }

  /// CRC-32 (ISO 3309, as PNG uses), bit by bit.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
  }
}
