import AnimMath

/// The animatable properties (§6.1). What each one is (type, default, composition,
/// interpolation, dump keys, documentation) is its `PropertySpec`, below: a new property
/// is a case and its entry here, and the switch is exhaustive, so one without the other
/// does not compile. The simulator's `NodeState` and the dump writers hold its value.
@usableFromInline package enum Property: String, Sendable, CaseIterable {
  case position, x, y, scale, scaleX, scaleY, rotation, opacity, fill, stroke, lineWidth, strokeStart, strokeEnd
  case rotationX, rotationY, perspective
  case doubleSided
  case blend, blur

  /// Whether setting or animating it puts `group` into the instance's records (§9).
  package func brings(_ group: PropertySpec.DumpGroup) -> Bool {
    let spec = self.spec
    return spec.dumpGroup == group && spec.bringsDumpGroup
  }

  package var spec: PropertySpec {
    switch self {
    case .position: return Properties.position
    case .x: return Properties.x
    case .y: return Properties.y
    case .scale: return Properties.scale
    case .scaleX: return Properties.scaleX
    case .scaleY: return Properties.scaleY
    case .rotation: return Properties.rotation
    case .opacity: return Properties.opacity
    case .fill: return Properties.fill
    case .stroke: return Properties.stroke
    case .lineWidth: return Properties.lineWidth
    case .strokeStart: return Properties.strokeStart
    case .strokeEnd: return Properties.strokeEnd
    case .rotationX: return Properties.rotationX
    case .rotationY: return Properties.rotationY
    case .perspective: return Properties.perspective
    case .doubleSided: return Properties.doubleSided
    case .blend: return Properties.blend
    case .blur: return Properties.blur
    }
  }
}

/// The property entries, in `Property`'s order.
package enum Properties {
  static let position = PropertySpec(
    .position, .point, default: .point(.zero), slots: 0..<2, dumpKeys: ["x", "y"], form: "position (x, y)",
    doc: "Point: where the anchor sits in the parent's space.")
  static let x = PropertySpec(
    .x, .number, default: .number(0), composition: .component(of: .position), slots: 0..<1, dumpKeys: ["x"],
    form: "x N",
    doc: "Number: the x component of position.")
  static let y = PropertySpec(
    .y, .number, default: .number(0), composition: .component(of: .position), slots: 1..<2, dumpKeys: ["y"],
    form: "y N",
    doc: "Number: the y component of position.")
  /// A Number sets both components (§6.1).
  static let scale = PropertySpec(
    .scale, .number, default: .number(1), composition: .bothComponents, slots: 2..<4, dumpKeys: ["scaleX", "scaleY"],
    form: "scale N", doc: "Number: sets scaleX and scaleY (default 1).")
  static let scaleX = PropertySpec(
    .scaleX, .number, default: .number(1), composition: .component(of: .scale), slots: 2..<3, dumpKeys: ["scaleX"],
    form: "scaleX N", doc: "Number: horizontal scale.")
  static let scaleY = PropertySpec(
    .scaleY, .number, default: .number(1), composition: .component(of: .scale), slots: 3..<4, dumpKeys: ["scaleY"],
    form: "scaleY N", doc: "Number: vertical scale.")
  static let rotation = PropertySpec(
    .rotation, .angle, default: .number(0), slots: 4..<5, dumpKeys: ["rotation"], form: "rotation A",
    doc: "Angle, clockwise (default 0°).")
  static let opacity = PropertySpec(
    .opacity, .number, default: .number(1), slots: 8..<9, dumpKeys: ["opacity"], form: "opacity N",
    doc: "Number, clamped to 0…1 when drawn (default 1).")
  static let fill = PropertySpec(
    .fill, .color, default: .color(.black), interpolation: .colorChannels, slots: 9..<13, dumpKeys: ["fill"],
    form: "fill COLOR",
    doc: "Color, interpolated per sRGB channel, straight alpha (default black).")
  /// A node has a stroke only when its source gives it one (a clear one is none).
  static let stroke = PropertySpec(
    .stroke, .color, default: .color(.clear), interpolation: .colorChannels, slots: 13..<17, dumpKeys: ["stroke"],
    dumpGroup: .stroke, form: "stroke COLOR", doc: "Color of the outline (default none).")
  static let lineWidth = PropertySpec(
    .lineWidth, .number, default: .number(1), slots: 17..<18, dumpKeys: ["lineWidth"], dumpGroup: .stroke,
    bringsDumpGroup: false,
    form: "lineWidth N",
    doc: "Number: stroke width (default 1).")
  static let strokeStart = PropertySpec(
    .strokeStart, .number, default: .number(0), slots: 18..<19, dumpKeys: ["strokeStart"], dumpGroup: .trim,
    form: "strokeStart N", doc: "Number 0…1: draw the outline from this fraction of its length (default 0).")
  static let strokeEnd = PropertySpec(
    .strokeEnd, .number, default: .number(1), slots: 19..<20, dumpKeys: ["strokeEnd"], dumpGroup: .trim,
    form: "strokeEnd N",
    doc: "Number 0…1: draw the outline up to this fraction of its length (default 1).")
  /// The 3-D properties (§12.1): a node that sets or animates any of them is 3-D.
  static let rotationX = PropertySpec(
    .rotationX, .angle, default: .number(0), slots: 5..<6, dumpKeys: ["rotationX"], dumpGroup: .depth,
    form: "rotationX A",
    doc: "Angle about the x axis (3-D, §12.1; default 0°): the top edge towards the viewer for a negative angle.")
  static let rotationY = PropertySpec(
    .rotationY, .angle, default: .number(0), slots: 6..<7, dumpKeys: ["rotationY"], dumpGroup: .depth,
    form: "rotationY A",
    doc: "Angle about the y axis (3-D, §12.1; default 0°).")
  static let perspective = PropertySpec(
    .perspective, .number, default: .number(0), slots: 7..<8, dumpKeys: ["perspective"], dumpGroup: .depth,
    form: "perspective N",
    doc: "Number: the eye's distance in points for 3-D rotations (`m34 = −1/d`; default 0 = none).")
  /// Core Animation's `isDoubleSided` (§14): set, never animated. A node with `false`
  /// does not draw its shape in a frame where it faces away (`NodeFrame.backFacing`).
  static let doubleSided = PropertySpec(
    .doubleSided, .bool, default: .bool(true), slots: 20..<21, dumpKeys: ["doubleSided"], dumpGroup: .unlessDefault,
    animatable: false, form: "doubleSided B",
    doc: "Bool, fixed (§14; default true): with `false`, the shape is not drawn while its back faces the viewer.")
  /// CAEmitterLayer's `renderMode = .additive` (§15): how the node's own shape is
  /// composited, held as the index of its case in `values`.
  static let blend = PropertySpec(
    .blend, .enumeration(.blendMode), default: .enumCase("normal"), slots: 21..<22, dumpKeys: ["blend"],
    dumpGroup: .unlessDefault, animatable: false, shapeOnly: true,
    values: [
      ("normal", "source over: the shape covers what is below it (default)"),
      ("additive", "adds the premultiplied colour, alpha included: `min(1, below + shape)` per channel"),
    ],
    form: "blend .normal | .additive",
    doc: "Blend mode, fixed (§15; default `.normal`): `.additive` adds the shape's light to what is below it.")
  /// Soft particles (§15): a Gaussian blur of the node's own shape.
  static let blur = PropertySpec(
    .blur, .number, default: .number(0), slots: 22..<23, dumpKeys: ["blur"], dumpGroup: .unlessDefault,
    shapeOnly: true, form: "blur R",
    doc:
      "Number: the standard deviation in points of a Gaussian blur of the shape (§15; default 0), clamped to ≥ 0 when drawn."
  )
}
