import AnimImage
import AnimJSON
import AnimMath
import AnimModel
import AnimRender

/// Images in a Lottie document (§12.3, §13): each PNG once in `assets`, its file's bytes
/// as a data URI, and each image instance as two layers: a null layer (`ty` 3) carrying
/// the instance's transform over its box, exactly as a shape layer would, and an image
/// layer (`ty` 2) parented to it that maps the image's pixels onto the box. Lottie does
/// not pass a parent's opacity to its children, so the opacity moves to the image layer.
/// A contentsRect other than the whole image is a rectangular mask on the image layer,
/// whose transform stretches that part over the box. (A replicator copy's tint is not
/// expressed: Lottie has no colour multiply for image layers.)
enum LottieImage {
  /// The id of `asset` in `assets`, added when new.
  static func id(of asset: ImageAsset, in assets: inout [ImageAsset]) -> String {
    if let i = assets.firstIndex(where: { $0 === asset }) { return "image_\(i)" }
    assets.append(asset)
    return "image_\(assets.count - 1)"
  }

  /// The `assets` entries, embedded.
  static func assets(_ assets: [ImageAsset]) -> [JSONValue] {
    assets.enumerated().map { i, a in
      .object([
        ("id", .string("image_\(i)")), ("w", LottieJSON.int(a.image.width)), ("h", LottieJSON.int(a.image.height)),
        ("u", .string("")), ("p", .string("data:image/png;base64," + Base64.encode(a.fileBytes))),
        ("e", LottieJSON.int(1)),
      ])
    }
  }

  /// Replaces the shape layer `shapeLayer` of an image instance (its `ks` computed over
  /// the box) with the image layer and its null parent, in drawing order (image first).
  /// Where image layers' `ind` numbers start: above any other layer's.
  static let firstIndex = 1_000_000

  static func layers(
    _ shapeLayer: JSONValue, image: DrawImage, assetID: String, imageIndex: Int
  ) -> [JSONValue] {
    guard case .object(let members) = shapeLayer, case .object(let ks)? = shapeLayer["ks"] else { return [shapeLayer] }
    let opacity = shapeLayer["ks"]?["o"] ?? LottieJSON.fixed(100)
    let parentKS: JSONValue = .object(ks.map { $0.0 == "o" ? ("o", LottieJSON.fixed(100)) : $0 })
    var parent: [(String, JSONValue)] = []
    for (key, value) in members where key != "shapes" {
      switch key {
      case "ty": parent.append((key, LottieJSON.int(3)))
      case "ks": parent.append((key, parentKS))
      default: parent.append((key, value))
      }
    }
    let iw = Double(image.asset.image.width)
    let ih = Double(image.asset.image.height)
    let r = image.contentsRect
    let origin = [r.x * iw, r.y * ih]
    let size = [r.width * iw, r.height * ih]
    let imageKS: JSONValue = .object([
      ("o", opacity), ("r", LottieJSON.fixed(0)), ("p", LottieJSON.fixed([0, 0])),
      ("a", LottieJSON.fixed(origin)),
      ("s", LottieJSON.fixed([100 * image.width / size[0], 100 * image.height / size[1]])),
    ])
    var layer: [(String, JSONValue)] = [
      ("ddd", LottieJSON.int(0)), ("ind", LottieJSON.int(imageIndex)), ("ty", LottieJSON.int(2)),
      ("nm", shapeLayer["nm"] ?? .string("")), ("refId", .string(assetID)), ("sr", LottieJSON.int(1)),
      ("ks", imageKS), ("ao", LottieJSON.int(0)), ("parent", shapeLayer["ind"] ?? LottieJSON.int(0)),
    ]
    if r != .full {
      let corners = [
        origin, [origin[0] + size[0], origin[1]], [origin[0] + size[0], origin[1] + size[1]],
        [origin[0], origin[1] + size[1]],
      ]
      let zero = Array(repeating: LottieJSON.numbers([0, 0]), count: 4)
      let shape: JSONValue = .object([
        ("c", .bool(true)), ("v", .array(corners.map(LottieJSON.numbers))), ("i", .array(zero)), ("o", .array(zero)),
      ])
      layer.append(("hasMask", .bool(true)))
      layer.append(
        (
          "masksProperties",
          .array([
            .object([
              ("inv", .bool(false)), ("mode", .string("a")), ("pt", .object([("a", LottieJSON.int(0)), ("k", shape)])),
              ("o", LottieJSON.fixed(100)), ("x", LottieJSON.fixed(0)),
            ])
          ])
        ))
    }
    for key in ["ip", "op", "st", "bm"] { layer.append((key, shapeLayer[key] ?? LottieJSON.int(0))) }
    return [.object(layer), .object(parent)]
  }
}

extension LottieInstance {
  /// The image this instance draws over its box, or nil for an outline shape.
  var drawImage: DrawImage? {
    guard let asset = shape.image else { return nil }
    return DrawImage(
      asset: asset, width: shape.outline.width, height: shape.outline.height, contentsRect: contentsRect ?? .full)
  }
}
