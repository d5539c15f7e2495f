import AnimImage
import AnimKit
import Foundation
import Testing

/// AnimKit's pictures are `animc render`'s: the same PNG file, and pixels that are that
/// file's decoded and premultiplied.
@Suite struct PictureTests {
  /// The repository's root, where `swift build` puts `.build/debug/animc`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs the built `animc` with `args`; its exit status.
  static func animc(_ args: [String]) throws -> Int32 {
    let binary = root.appendingPathComponent(".build/debug/animc")
    try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build animc first")
    let process = Process()
    process.executableURL = binary
    process.arguments = args
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The tap scene (`LibraryTests.scene`) with a translucent background and a stroke, so
  /// that premultiplying and antialiased edges are both in the picture.
  static let scene = """
    scene "Tap" {
      size 200, 200
      fps 60
      duration 2s
      background rgba(20, 40, 200, 0.5)
    }
    node button = circle(20) {
      position (100, 150)
      fill #FF2D55
      stroke white
      lineWidth 3
    }
    emitter sparks {
      on tap button
      burst 5
      origin button.position
      spawn circle(4) {
        animate y by -80 over 1.5s
        animate opacity to 0 over 1.5s
      }
    }
    """

  @Test func frameThirtyWithTapsIsTheCLIsStill() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animkit-picture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = dir.appendingPathComponent("tap.anim")
    try Data(Self.scene.utf8).write(to: source)
    let out = dir.appendingPathComponent("cli.png")
    let status = try Self.animc([
      "render", source.path, "--frame", "30", "--scale", "2", "--tap", "0s@100,150", "--tap", "0.25s", "-o", out.path,
    ])
    #expect(status == 0)
    let cli = [UInt8](try Data(contentsOf: out))

    let simulation = try Simulation(try #require(compile(source: Self.scene).scene))
    var frame: Frame? = nil
    for n in 0...30 {
      // `--tap 0s@100,150` fires at frame 0, `--tap 0.25s` at frame 0.25 × 60 = 15.
      if n == 0 { simulation.tap(at: Point(100, 150)) }
      if n == 15 { simulation.tap() }
      frame = try simulation.step()
    }
    let last = try #require(frame)
    #expect(last.index == 30)
    // The button, five sparks from the first tap and five from the second.
    #expect(last.nodes.count == 11)
    #expect(try simulation.png(of: last, scale: 2) == cli)

    let picture = try simulation.picture(of: last, scale: 2)
    let decoded = try PNGImage.decode(cli)
    #expect(picture.width == 400 && picture.height == 400 && picture.scale == 2)
    #expect(decoded.width == 400 && decoded.height == 400)
    let straight = decoded.rgba8
    var expected = straight
    for i in stride(from: 0, to: straight.count, by: 4) {
      let a = Double(straight[i + 3])
      for c in i..<i + 3 { expected[c] = UInt8((Double(straight[c]) * a / 255).rounded()) }
    }
    #expect(picture.pixels == expected)
    // The background, 50% of (20, 40, 200): alpha 128 (0.5 × 255 rounded), colour × 128/255.
    #expect(Array(picture.pixels[0..<4]) == [10, 20, 100, 128])
  }

  @Test func aScaleOutsideThePictureLimitsIsAnError() throws {
    let simulation = try Simulation(try #require(compile(source: Self.scene).scene))
    let frame = try simulation.step()
    #expect(throws: PictureError.self) { try simulation.picture(of: frame, scale: 0) }
    #expect(throws: PictureError.self) { try simulation.picture(of: frame, scale: .nan) }
    #expect(throws: PictureError.self) { try simulation.picture(of: frame, scale: 100) }
  }
}
