import AnimImage
import AnimJSON
import AnimMath
import AnimModel

/// The run as a Lottie animation (§13): every instance's values are kept frame by frame,
/// and at `finish` each instance becomes one shape layer whose properties are reduced to
/// keyframes within §13's tolerances; the background is a solid layer at the bottom
/// unless it is clear. As a sticker (`.tgs`) the same JSON carries `"tgs":1` and is
/// gzip-compressed, within Telegram's limits or refused.
///
/// Lottie's layer order is fixed, so instances keep the paint order of the frame each
/// first appears in: one drawn below another then stays below it.
package struct LottieWriter: FrameWriter {
  private let sink: ByteSink
  private let options: PictureOptions
  private let sticker: Bool
  private var header: RunHeader?
  private var scale = AffineTransform.identity
  private var frameCount = 0
  private var instances: [LottieInstance] = []
  /// Instances present in the last frame, by id.
  private var present: [InstanceID: Int] = [:]
  /// Instance indices in paint order, bottom first.
  private var order: [Int] = []
  /// Timing curves to try before sampling, after the scene's own (`RunHeader.timingCurves`)
  /// and the named ones.
  package var easings: [(Double, Double, Double, Double)] = []
  /// Ids of layers whose shear a parent null layer carries (`LottieShearSample`).
  package private(set) var skewedLayers: [String] = []

  package init(to sink: ByteSink, _ options: PictureOptions, sticker: Bool = false) {
    self.sink = sink
    self.options = options
    self.sticker = sticker
  }

  package mutating func begin(_ header: RunHeader) throws {
    if sticker {
      try LottieSticker.check(
        width: options.width, height: options.height, fps: header.fps, frames: header.frames)
    }
    self.header = header
    // Fitted and centred as PNG fits it (`PictureOptions.placement`), or stretched.
    if let p = options.placement(sceneWidth: header.width, sceneHeight: header.height) {
      scale = p.transform(sceneWidth: header.width, sceneHeight: header.height)
    } else {
      let kx = header.width > 0 ? Double(options.width) / header.width : 1
      let ky = header.height > 0 ? Double(options.height) / header.height : 1
      scale = .scale(kx, ky)
    }
  }

  package mutating func write(_ frame: Frame) throws {
    if sticker, frame.nodes.contains(where: { $0.shape.image != nil }) {
      throw LottieStickerError("a Telegram sticker cannot hold an image (§13)")
    }
    if let node = frame.nodes.first(where: { $0.matrix3d != nil && $0.shape.image != nil }) {
      throw LottieExportError(
        "`\(node.id)` is an image in 3-D, which Lottie cannot draw: its players have no perspective for pictures (§13)")
    }
    // A 3-D layer is baked to paths under a solid fill (`depthJSON`): a gradient there
    // would come out as one colour, so the export stops instead of drawing it wrong.
    if let node = frame.nodes.first(where: {
      $0.matrix3d != nil && ($0.gradients?.fill != nil || $0.gradients?.stroke != nil)
    }) {
      throw LottieExportError(
        "`\(node.id)` has a gradient in 3-D, which the Lottie export cannot draw yet (§13); "
          + "render it as GIF or PNG, or give it a solid `fill`/`stroke`")
    }
    let n = frameCount
    frameCount += 1
    var next: [InstanceID: Int] = [:]
    next.reserveCapacity(frame.nodes.count)
    var below: Int? = nil
    for node in frame.nodes {
      let index: Int
      if let i = present[node.id], instances[i].endFrame == n, instances[i].shape === node.shape {
        index = i
      } else {
        index = instances.count
        instances.append(LottieInstance(node, frame: n))
        let at = below.flatMap { b in order.firstIndex(of: b).map { $0 + 1 } } ?? 0
        order.insert(index, at: at)
      }
      instances[index].samples.append(LottieInstance.sample(node, scale: scale))
      next[node.id] = index
      below = index
    }
    present = next
  }

  package mutating func finish() throws {
    guard let header else { return }
    let document = self.document(header)
    var text = ""
    document.write(to: &text)
    let bytes = Array(text.utf8)
    if sticker {
      let packed = LottieSticker.gzip(bytes)
      try LottieSticker.check(compressedBytes: packed.count)
      try sink.write(packed)
    } else {
      try sink.write(bytes)
    }
  }

  /// The whole Lottie document.
  private mutating func document(_ header: RunHeader) -> JSONValue {
    let tolerance = LottieTolerance(unit: min(scale.a, scale.d))
    // The scene's own curves first: a value one of them drives is a pair with that curve.
    var candidates: [LottieEasing] = []
    let own = header.timingCurves.compactMap(LottieEasing.init)
    let extra = easings.map { LottieEasing(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
    for easing in own + LottieEasing.named + extra where !candidates.contains(easing) { candidates.append(easing) }
    var layers: [JSONValue] = []
    var images: [ImageAsset] = []
    var imageLayers = 0
    // Top first: the last instance in paint order is the first layer.
    for i in order.reversed() {
      var layer = LottieLayer(instance: instances[i], tolerance: tolerance, scale: scale)
      layer.easings = candidates
      layer.rlottieTrim = sticker
      let (json, skewed) = layer.json(index: layers.count + 1)
      if skewed { skewedLayers.append(instances[i].id.description) }
      if let image = instances[i].drawImage, let shape = json.first {
        let id = LottieImage.id(of: image.asset, in: &images)
        imageLayers += 1
        // Image layers are numbered apart from the others (whose numbers follow the list).
        let imageIndex = LottieImage.firstIndex + imageLayers
        layers += LottieImage.layers(shape, image: image, assetID: id, imageIndex: imageIndex) + json.dropFirst()
        continue
      }
      layers += json
    }
    let frames = frameCount
    if header.background.a > 0 {
      layers.append(background(header, index: layers.count + 1, frames: frames))
    }
    var members: [(String, JSONValue)] = sticker ? [("tgs", LottieJSON.int(1))] : []
    members += [
      ("v", .string("5.7.4")), ("nm", .string(header.title)), ("fr", .number(header.fps)),
      ("ip", LottieJSON.int(0)), ("op", LottieJSON.int(frames)), ("w", LottieJSON.int(options.width)),
      ("h", LottieJSON.int(options.height)), ("ddd", LottieJSON.int(0)), ("assets", .array(LottieImage.assets(images))),
      ("layers", .array(layers)),
    ]
    return .object(members)
  }

  /// The background as a solid layer covering the canvas for the whole run.
  private func background(_ header: RunHeader, index: Int, frames: Int) -> JSONValue {
    let c = header.background
    let (r, g, b, _) = c.rgba8
    let hex = "#" + [r, g, b].map { v in (v < 16 ? "0" : "") + String(v, radix: 16) }.joined()
    let ks: JSONValue = .object([
      ("o", LottieJSON.fixed(lottieUnit(c.a) * 100)), ("r", LottieJSON.fixed(0)),
      ("p", LottieJSON.fixed([0, 0])), ("a", LottieJSON.fixed([0, 0])), ("s", LottieJSON.fixed([100, 100])),
    ])
    return .object([
      ("ddd", LottieJSON.int(0)), ("ind", LottieJSON.int(index)), ("ty", LottieJSON.int(1)),
      ("nm", .string("background")), ("sr", LottieJSON.int(1)), ("ks", ks), ("ao", LottieJSON.int(0)),
      ("sw", LottieJSON.int(options.width)), ("sh", LottieJSON.int(options.height)), ("sc", .string(hex)),
      ("ip", LottieJSON.int(0)), ("op", LottieJSON.int(frames)), ("st", LottieJSON.int(0)), ("bm", LottieJSON.int(0)),
    ])
  }
}
