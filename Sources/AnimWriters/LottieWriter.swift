import AnimImage
import AnimJSON
import AnimMath
import AnimModel

/// The run as a Lottie animation (§13): an instance's values are kept frame by frame while
/// it is present, and when it leaves the frames it becomes one shape layer whose
/// properties are reduced to keyframes within §13's tolerances, kept as JSON text; its
/// samples go. Memory is then the live instances' samples plus the finished layers'
/// text (the document itself), whatever the number of instances. The background is a
/// solid layer at the bottom unless it is clear. As a sticker (`.tgs`) the same JSON carries `"tgs":1` and is
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
  /// Instances present in the last frame, by number (counted from 0 in order of
  /// appearance).
  private var live: [Int: LottieInstance] = [:]
  /// Instances present in the last frame, by id.
  private var present: [InstanceID: Int] = [:]
  /// Paint order, bottom first, as a list linked by instance number: the instance above
  /// each one (-1 for the top), and the bottom one. A new instance goes right above the
  /// one painted below it in its first frame, in constant time.
  private var above: [Int] = []
  private var bottom = -1
  /// Each finished instance's layers as JSON text, top first, by instance number.
  private var finishedLayers: [Int: [UInt8]] = [:]
  /// The `ind` the next finished layer takes: unique, in order of finishing.
  private var nextLayerIndex = 1
  /// The `ind` of each instance that is a parent in a tree, by instance number: taken
  /// when its first child appears, so that the child's layer can name it as `parent`
  /// whichever of the two finishes first.
  /// An entry goes when both the parent and its last child have finished (`forgetParentNumbers`), so
  /// a long run of spawned subtrees holds only its present parents' numbers.
  private var layerIndex: [Int: Int] = [:]
  /// Children not yet finished, per parent instance: a child never outlives its parent
  /// (§14), but one may finish in the same frame, after it.
  private var unfinishedChildren: [Int: Int] = [:]
  private var images: [ImageAsset] = []
  private var imageLayers = 0
  /// Timing curves to try when reducing, chosen at the first finished layer.
  private var candidates: [LottieEasing]?
  /// Timing curves to try before sampling, after the scene's own (`RunHeader.timingCurves`)
  /// and the named ones.
  package var easings: [(Double, Double, Double, Double)] = []
  /// The most frames one instance's samples are kept for. A layer is reduced only when
  /// its instance leaves, so one present throughout a long run holds a sample (hundreds
  /// of bytes) per frame: a million stay within a 2 GiB address space with room for the
  /// array's growth, and a node over 24 h at 60 fps (5,184,000 frames) is refused with an
  /// error rather than ended by a failed allocation.
  package var maxLayerFrames = 1_000_000
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
    let n = frameCount
    frameCount += 1
    var next: [InstanceID: Int] = [:]
    next.reserveCapacity(frame.nodes.count)
    var below: Int? = nil
    // A tree (§14) is written with Lottie's parenting where it can be
    // (`LottieTreeFrame`): such a layer's transform is relative to its parent's layer, a
    // group is a null layer. The rest is flat: each drawn record is a layer with its whole
    // transform. Lottie does not pass opacity to children, so every drawn layer has its
    // ancestors' opacities multiplied in and a group's null layer has none.
    let opacities = frame.drawnOpacities()
    let tree = LottieTreeFrame(frame)
    for (k, node) in frame.nodes.enumerated() where tree?.isLayer[k] ?? !node.shape.isGroup {
      let parentRecord = tree?.parentRecord[k]
      // The parent's record is earlier, so it is in `next` already.
      let parentInstance = parentRecord.flatMap { next[frame.nodes[$0].id] }
      let index: Int
      if let i = present[node.id], let instance = live[i], instance.endFrame == n, instance.shape === node.shape,
        instance.parentInstance == parentInstance
      {
        index = i
      } else {
        index = above.count
        live[index] = LottieInstance(node, frame: n, parentInstance: parentInstance)
        if let p = parentInstance {
          unfinishedChildren[p, default: 0] += 1
          if layerIndex[p] == nil {
            // Two numbers: a shear's null layer takes the second (`LottieLayer.json`).
            layerIndex[p] = nextLayerIndex
            nextLayerIndex += 2
          }
        }
        if let below {
          above.append(above[below])
          above[below] = index
        } else {
          above.append(bottom)
          bottom = index
        }
      }
      let opacity = node.shape.isGroup ? 1 : opacities?[k] ?? node.state.opacity
      var sample: LottieSample
      if let p = parentRecord, let inverse = frame.nodes[p].matrix.inverted {
        // Relative to the parent's box, which is its layer's space; the position the
        // anchor is found from is in that box too (`LottieInstance.anchor`).
        var local = node
        local.matrix = inverse * node.matrix
        let position = scale.inverted?.apply(node.state.position) ?? node.state.position
        sample = LottieInstance.sample(local, opacity: opacity, position: position, scale: .identity)
        let stretch = LottieTreeFrame.stretch(scale * frame.nodes[p].matrix)
        if let held = live[index]?.parentStretch { live[index]?.parentStretch = max(held, stretch) }
      } else {
        // A child's position is in its parent's box; the layer's anchor needs it in the scene.
        let position = node.parent.map { frame.nodes[$0].matrix.apply(node.state.position) } ?? node.state.position
        sample = LottieInstance.sample(node, opacity: opacity, position: position, scale: scale)
      }
      if let tree, parentRecord != nil || tree.reach[k] != nil {
        if var instance = live.removeValue(forKey: index) {
          instance.reach = LottieTreeFrame.union(instance.reach, tree.reach[k])
          instance.treeDepth = max(instance.treeDepth, tree.depth)
          live[index] = instance
        }
      }
      // A gradient in 3-D that one Lottie gradient cannot follow stops the export here.
      try sample.bakeGradients(node, hasStroke: node.hasStroke, unit: min(scale.a, scale.d))
      if let held = live[index]?.samples.count, held >= maxLayerFrames {
        throw LottieExportError(
          "`\(node.id)` is present for more than \(maxLayerFrames) frames, more than a Lottie export keeps of one"
            + " layer; export a shorter run (`--duration`) or a lower `--fps`")
      }
      live[index]?.samples.append(sample)
      next[node.id] = index
      below = index
    }
    // In order of appearance, so that layer numbers do not depend on hashing.
    for i in present.values.sorted() where live[i]?.endFrame == n { finishLayer(i) }
    present = next
  }

  /// How many instances' samples are held: those of the last frame written.
  package var heldInstances: Int { live.count }
  /// How many parents' layer numbers are held: those of parents or children still present.
  package var heldParentIndices: Int { layerIndex.count }

  /// Reduces the instance `i`, which has left the frames, to its layers' text.
  private mutating func finishLayer(_ i: Int) {
    guard let header, let instance = live.removeValue(forKey: i) else { return }
    // A parented layer's errors are in its parent's space, grown by the parent's
    // stretch; the layers of a chain share the tolerance, since their errors add.
    var unit = min(scale.a, scale.d) / Double(instance.treeDepth)
    if instance.parentInstance != nil, instance.parentStretch > 0 { unit /= instance.parentStretch }
    var layer = LottieLayer(instance: instance, tolerance: LottieTolerance(unit: unit), scale: scale)
    layer.easings = easingCandidates(header)
    layer.rlottieTrim = sticker
    let index = layerIndex[i] ?? nextLayerIndex
    let (json, skewed) = layer.json(index: index, parent: instance.parentInstance.flatMap { layerIndex[$0] })
    if layerIndex[i] == nil { nextLayerIndex += json.count }
    if skewed { skewedLayers.append(instance.id.description) }
    forgetParentNumbers(finished: i, parent: instance.parentInstance)
    var layers = json
    if let image = instance.drawImage, let shape = json.first {
      let id = LottieImage.id(of: image.asset, in: &images)
      imageLayers += 1
      // Image layers are numbered apart from the others.
      let imageIndex = LottieImage.firstIndex + imageLayers
      layers = LottieImage.layers(shape, image: image, assetID: id, imageIndex: imageIndex) + json.dropFirst()
    }
    var text = ""
    for (k, value) in layers.enumerated() {
      if k > 0 { text += "," }
      value.write(to: &text)
    }
    finishedLayers[i] = Array(text.utf8)
  }

  /// Drops the layer numbers no later layer can name: `i`'s own once it has no child
  /// left, and its parent's once that parent has finished and `i` was its last child.
  private mutating func forgetParentNumbers(finished i: Int, parent: Int?) {
    if unfinishedChildren[i] == nil { layerIndex[i] = nil }
    guard let p = parent, let left = unfinishedChildren[p] else { return }
    if left > 1 {
      unfinishedChildren[p] = left - 1
    } else {
      unfinishedChildren[p] = nil
      if live[p] == nil { layerIndex[p] = nil }
    }
  }

  /// The scene's own curves first (a value one of them drives is a pair with that
  /// curve), then the named ones and `easings`.
  private mutating func easingCandidates(_ header: RunHeader) -> [LottieEasing] {
    if let candidates { return candidates }
    var found: [LottieEasing] = []
    let own = header.timingCurves.compactMap(LottieEasing.init)
    let extra = easings.map { LottieEasing(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
    for easing in own + LottieEasing.named + extra where !found.contains(easing) { found.append(easing) }
    candidates = found
    return found
  }

  package mutating func finish() throws {
    guard let header else { return }
    for i in live.keys.sorted() { finishLayer(i) }
    // Top first: the reverse of paint order.
    var paint: [Int] = []
    paint.reserveCapacity(above.count)
    var i = bottom
    while i >= 0 {
      paint.append(i)
      i = above[i]
    }
    var layers = paint.reversed().compactMap { finishedLayers.removeValue(forKey: $0) }
    if header.background.a > 0 {
      var text = ""
      background(header, index: nextLayerIndex, frames: frameCount).write(to: &text)
      layers.append(Array(text.utf8))
    }
    var members: [(String, JSONValue)] = sticker ? [("tgs", LottieJSON.int(1))] : []
    members += [
      ("v", .string("5.7.4")), ("nm", .string(header.title)), ("fr", .number(header.fps)),
      ("ip", LottieJSON.int(0)), ("op", LottieJSON.int(frameCount)), ("w", LottieJSON.int(options.width)),
      ("h", LottieJSON.int(options.height)), ("ddd", LottieJSON.int(0)), ("assets", .array(LottieImage.assets(images))),
    ]
    // The members, then the layers' text as it is: `{…,"layers":[L,L,…]}`.
    var head = ""
    JSONValue.object(members).write(to: &head)
    head.removeLast()
    head += ",\"layers\":["
    if sticker {
      var bytes = Array(head.utf8)
      for (k, layer) in layers.enumerated() {
        if k > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes += layer
      }
      bytes += Array("]}".utf8)
      let packed = LottieSticker.gzip(bytes)
      try LottieSticker.check(compressedBytes: packed.count)
      try sink.write(packed)
      return
    }
    try sink.write(Array(head.utf8))
    for (k, layer) in layers.enumerated() {
      if k > 0 { try sink.write([UInt8(ascii: ",")]) }
      try sink.write(layer)
    }
    try sink.write(Array("]}".utf8))
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
