import AnimModel
import AnimRender
import Testing

@testable import AnimWriters

/// Where a fitted scene goes (`PictureOptions.placement`), computed by hand: the scale is
/// s = min(W / w, H / h); the scene takes round(w·s) × round(h·s) whole pixels, centred
/// (the odd pixel of a bar goes right or below).
@Suite struct ScenePlacementTests {
  static func place(_ picture: (Int, Int), _ scene: (Double, Double), fits: Bool = true) -> ScenePlacement? {
    PictureOptions(width: picture.0, height: picture.1, fitsScene: fits)
      .placement(sceneWidth: scene.0, sceneHeight: scene.1)
  }

  @Test func fittedRectangles() {
    // s = min(1.5, 1) = 1: 200 × 200 at x = (300 − 200) / 2 = 50.
    #expect(Self.place((300, 200), (200, 200)) == ScenePlacement(x: 50, y: 0, width: 200, height: 200))
    // s = min(0.8, 200/667 = 0.29985): 375 · 0.29985 = 112.44 → 112, x = (300 − 112) / 2 = 94.
    #expect(Self.place((300, 200), (375, 667)) == ScenePlacement(x: 94, y: 0, width: 112, height: 200))
    // s = min(33.3, 100) = 33.3: 1 · 33.3 → 33 rows, y = (100 − 33) / 2 = 33.
    #expect(Self.place((100, 100), (3, 1)) == ScenePlacement(x: 0, y: 33, width: 100, height: 33))
  }

  @Test func noPlacementWhenTheSceneFillsThePicture() {
    #expect(Self.place((300, 200), (200, 200), fits: false) == nil)
    #expect(Self.place((400, 400), (200, 200)) == nil)
    #expect(Self.place((400, 300), (4, 3)) == nil)
    // Degenerate scenes draw as before rather than trap.
    #expect(Self.place((300, 200), (0, 200)) == nil)
    #expect(Self.place((300, 200), (.nan, 200)) == nil)
    #expect(Self.place((300, 200), (.infinity, 200)) == nil)
    #expect(Self.place((300, 200), (Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude)) == nil)
  }

  /// The tiniest side still gets a pixel.
  @Test func atLeastOnePixel() {
    #expect(Self.place((100, 100), (1e6, 1)) == ScenePlacement(x: 0, y: 49, width: 100, height: 1))
  }

  @Test func fillOutsideLeavesTheRectangle() {
    var bitmap = Bitmap(width: 4, height: 3, fill: (1, 2, 3, 4))
    ScenePlacement(x: 1, y: 1, width: 2, height: 1).fillOutside(&bitmap, with: [9, 8, 7, 6])
    let pixels = stride(from: 0, to: bitmap.pixels.count, by: 4).map { Array(bitmap.pixels[$0..<$0 + 4]) }
    let inside: Set<Int> = [5, 6]  // row 1, columns 1 and 2
    for (i, p) in pixels.enumerated() {
      #expect(p == (inside.contains(i) ? [1, 2, 3, 4] : [9, 8, 7, 6]), "pixel \(i)")
    }
  }
}
