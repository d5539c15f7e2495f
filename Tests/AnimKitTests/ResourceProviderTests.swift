import AnimKit
import Foundation
import Testing

/// An app's fonts and images come from a `ResourceProvider`, by name, and from nowhere
/// else: the same scene compiled without one cannot find them.
@Suite struct ResourceProviderTests {
  /// A 1 × 1 opaque red 8-bit RGB PNG (written with Python's zlib).
  static let redPixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
    0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
  ]
  /// The font the font tests use, given to the app's provider under a name no folder has.
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  static let scene = """
    scene "Bundle" {
      size 100, 60
      fps 10
      duration 1s
      background white
    }
    node pic = image("red.png", width: 40, height: 20) {
      position (30, 20)
    }
    node byFile = text("Hi", size: 20, font: "AppSans.ttf") {
      position (75, 20)
      fill black
    }
    node byFamily = text("Hi", size: 20, font: "DejaVu Sans") {
      position (50, 45)
      fill black
    }
    """

  static func provider() throws -> ResourceProvider {
    let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejaVu)))
    let png = redPixelPNG
    return ResourceProvider(fonts: ["AppSans.ttf": font]) { name in name == "red.png" ? png : nil }
  }

  @Test func aSceneDrawsWithTheAppsFontAndImage() throws {
    // A source in a folder that does not exist: nothing beside it can be read.
    let compiled = compile(source: Self.scene, fileName: "/nonexistent/app/scene.anim", resources: try Self.provider())
    #expect(compiled.diagnostics.isEmpty, "\(compiled.renderedDiagnostics())")
    let simulation = try Simulation(try #require(compiled.scene))
    let frame = try simulation.step()
    #expect(frame.nodes.map(\.id.description) == ["pic", "byFile", "byFamily"])
    #expect(frame.nodes[0].shape.image?.fileBytes == Self.redPixelPNG)
    // Both texts are laid out from face 0 of the given file, under its given name.
    #expect(frame.nodes[1].shape.fonts == ["AppSans.ttf#0"] && frame.nodes[2].shape.fonts == ["AppSans.ttf#0"])

    let picture = try simulation.picture(of: frame)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.pixels[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
    // The 40 × 20 image centred at (30, 20) covers x 10…50, y 10…30: its centre is red,
    // the scene's corner is the white background.
    #expect(pixel(30, 20) == [255, 0, 0, 255])
    #expect(pixel(1, 1) == [255, 255, 255, 255])
    // Each text draws black ink somewhere in its half of the picture.
    let inkRight = (0..<35).contains { y in (55..<100).contains { x in pixel(x, y)[0] < 64 } }
    let inkBottom = (35..<60).contains { y in (0..<100).contains { x in pixel(x, y)[0] < 64 } }
    #expect(inkRight && inkBottom)
  }

  @Test func withoutTheProviderNeitherIsFound() {
    let compiled = compile(source: Self.scene, fileName: "/nonexistent/app/scene.anim")
    #expect(compiled.scene == nil)
    let messages = compiled.diagnostics.map(\.message)
    #expect(messages.contains { $0.hasPrefix("cannot use the image `red.png`") })
    #expect(messages.contains { $0.hasPrefix("cannot read font file \"AppSans.ttf\"") })
  }

  @Test func aNameTheAppLacksIsAnErrorAtTheCall() throws {
    let compiled = compile(
      source: Self.scene.replacingOccurrences(of: "red.png", with: "blue.png")
        .replacingOccurrences(of: "\"DejaVu Sans\"", with: "\"Helvetica\""),
      resources: try Self.provider())
    let messages = compiled.diagnostics.map(\.message)
    #expect(messages.contains("cannot use the image `blue.png`: the app gives no image by that name"))
    #expect(messages.contains { $0.hasPrefix("no installed font family is named \"Helvetica\"") })
  }
}
