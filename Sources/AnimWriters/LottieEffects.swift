import AnimJSON
import AnimMath

// §15's `blend` and `blur` in Lottie: blend mode 16 (add) on the layer, and After
// Effects' Gaussian Blur effect (`ty` 29), whose blurriness b lottie-web and Skottie draw
// as a standard deviation of 0.3·b in layer space. rlottie draws neither (the export
// says so once, `LottieWriter.usesEffects`).
extension LottieLayer {
  /// lottie-web's and Skottie's standard deviation per unit of blurriness.
  static let blurSigmaPerBlurriness = 0.3

  /// `layer` with the instance's blend mode and blur. `layerMatrices` are the layer's
  /// transforms (layer space to output units) frame by frame; nil when its paths are
  /// baked in output units (an identity transform).
  func withEffects(_ layer: JSONValue, layerMatrices: [AffineTransform]?) -> JSONValue {
    guard case .object(var members) = layer else { return layer }
    if instance.additive, let i = members.firstIndex(where: { $0.0 == "bm" }) {
      members[i].1 = LottieJSON.int(16)
    }
    let samples = instance.samples
    guard samples.contains(where: { $0.blur > 0 }) else { return .object(members) }
    let blurriness = samples.indices.map { k -> [Double] in
      let det = layerMatrices.map { abs($0[k].determinant) } ?? 1
      let b = samples[k].blur / (Self.blurSigmaPerBlurriness * det.squareRoot())
      return [b.isFinite ? b : 0]
    }
    let track = reduce(blurriness) { abs($0 - $1) <= 0.001 }
    members.append(("ef", .array([Self.gaussianBlur(LottieJSON.property(track, scalar: true))])))
    return .object(members)
  }

  /// The Gaussian Blur effect with `blurriness`, in both dimensions, edges not repeated.
  static func gaussianBlur(_ blurriness: JSONValue) -> JSONValue {
    func control(_ ty: Int, _ name: String, _ index: Int, _ value: JSONValue) -> JSONValue {
      .object([
        ("ty", LottieJSON.int(ty)), ("nm", .string(name)), ("mn", .string("ADBE Gaussian Blur 2-000\(index)")),
        ("ix", LottieJSON.int(index)), ("v", value),
      ])
    }
    return .object([
      ("ty", LottieJSON.int(29)), ("nm", .string("Gaussian Blur")), ("mn", .string("ADBE Gaussian Blur 2")),
      ("ix", LottieJSON.int(1)), ("en", LottieJSON.int(1)), ("np", LottieJSON.int(5)),
      (
        "ef",
        .array([
          control(0, "Blurriness", 1, blurriness),
          control(7, "Blur Dimensions", 2, LottieJSON.fixed(1)),
          control(7, "Repeat Edge Pixels", 3, LottieJSON.fixed(0)),
        ])
      ),
    ])
  }
}
