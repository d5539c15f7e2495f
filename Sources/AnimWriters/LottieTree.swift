import AnimMath
import AnimModel

/// How one frame of a layer tree (§14) maps onto Lottie's parenting: which records are
/// layers, and which of those take another record's layer as `parent` and carry only
/// their transform relative to it.
///
/// A record is parented when it and all its ancestors are 2-D, it has no blur (Lottie
/// measures a blur in the space of the layer's whole transform, which the flat path
/// bakes), and its parent's matrix can be inverted. Anything else is written flat, as
/// before trees were parented: its whole transform baked into its own layer. Flat is
/// always exact, so a 3-D ancestor (whose projection no parent transform can express)
/// keeps its whole subtree flat.
struct LottieTreeFrame {
  /// Per record: the record whose layer is its layer's parent; nil when flat or top-level.
  var parentRecord: [Int?]
  /// Per record: whether it is a layer. A drawn record always is; a group is a null
  /// layer (`ty` 3) when a child is parented to it.
  var isLayer: [Bool]
  /// Per record: the box, in its own box's points, holding its parented descendants'
  /// boxes (minX, minY, maxX, maxY); nil without any. A parent's keyframes must hold
  /// its transform within tolerance there, where its children draw, not only on its
  /// own outline (a group has none).
  var reach: [[Double]?]
  /// The most layers on one chain of parented layers in the frame: each layer's
  /// tolerance is this share of the whole, since the errors along a chain add.
  var depth = 1

  /// Nil for a frame without a tree, which is written exactly as before.
  init?(_ frame: Frame) {
    let nodes = frame.nodes
    guard nodes.contains(where: { $0.parent != nil }) else { return nil }
    var planar: [Bool] = []
    var chain: [Int] = []
    parentRecord = []
    isLayer = []
    planar.reserveCapacity(nodes.count)
    for node in nodes {
      // A parent's record always comes earlier (`NodeFrame.parentSlot`).
      let flat2D = node.matrix3d == nil && (node.parent.map { planar[$0] } ?? true)
      planar.append(flat2D)
      isLayer.append(!node.shape.isGroup || flat2D)
      var parent: Int? = nil
      if flat2D, let p = node.parent, !(node.state.blur > 0), nodes[p].matrix.inverted != nil { parent = p }
      parentRecord.append(parent)
      let links = parent.map { chain[$0] + 1 } ?? 1
      chain.append(links)
      depth = max(depth, links)
    }
    // Children come after their parents: walking back gathers each subtree's reach.
    reach = Array(repeating: nil, count: nodes.count)
    for k in nodes.indices.reversed() {
      guard let p = parentRecord[k], let local = nodes[p].matrix.inverted.map({ $0 * nodes[k].matrix }) else {
        continue
      }
      let outline = nodes[k].shape.outline
      var corners = [
        Point(0, 0), Point(outline.width, 0), Point(0, outline.height), Point(outline.width, outline.height),
      ]
      if let r = reach[k] { corners += [Point(r[0], r[1]), Point(r[2], r[1]), Point(r[0], r[3]), Point(r[2], r[3])] }
      for c in corners.map(local.apply) { reach[p] = Self.union(reach[p], c) }
    }
    // A group none of whose children is parented to it would be an empty null layer.
    for k in nodes.indices where nodes[k].shape.isGroup && reach[k] == nil { isLayer[k] = false }
  }

  /// `box` grown to hold `point`.
  static func union(_ box: [Double]?, _ point: Point) -> [Double] {
    guard let b = box else { return [point.x, point.y, point.x, point.y] }
    return [min(b[0], point.x), min(b[1], point.y), max(b[2], point.x), max(b[3], point.y)]
  }

  /// `a` grown to hold `b`.
  static func union(_ a: [Double]?, _ b: [Double]?) -> [Double]? {
    guard let b else { return a }
    return union(union(a, Point(b[0], b[1])), Point(b[2], b[3]))
  }

  /// The largest factor by which `m` stretches a length (its largest singular value).
  static func stretch(_ m: AffineTransform) -> Double {
    let e = (m.a + m.d) / 2
    let f = (m.a - m.d) / 2
    let g = (m.b + m.c) / 2
    let h = (m.b - m.c) / 2
    return (e * e + h * h).squareRoot() + (f * f + g * g).squareRoot()
  }
}
