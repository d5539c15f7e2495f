import AnimIR
import AnimMath
import AnimModel

/// What a run with §16's drags and live bindings keeps between frames; a scene without
/// them has none (`Simulator.interaction` is nil) and its frames pay nothing for it.
struct InteractionState {
  /// The bindings in evaluation order: each after the bindings it reads (§16).
  var program: [BindingSite]
  /// The press in progress, if any.
  var drag: DragSession? = nil
  /// Bound properties' values taken over from the composition, by instance `seq`.
  var overrides: [Int: BindingOverride] = [:]
  /// The instances of the last frame's records, in the records' order (hit testing).
  var frameSeqs: [Int] = []
  /// What the last frame's bindings read, for the release's last evaluation.
  var lastFrame = BindingFrame()
  /// The latest reported pointer and the reports of the last 0.1 s (`drag.velocity`).
  var pointer = Point.zero
  var history: [(t: Double, p: Point)] = []

  init(program: [BindingSite]) { self.program = program }
}

/// One binding and whose it is.
struct BindingSite {
  enum Owner: Equatable {
    /// A node, by node index.
    case node(Int)
    /// Every spawn of an emitter, by emitter index.
    case spawn(Int)
    /// Every copy of a replicator's child (§16: all copies share the child's blocks), by
    /// the child's name.
    case copies(String)
    /// Every instance of a node declared in a spawn or a replicator child (§14: each
    /// spawn and each copy has the node's blocks), by its id's kind and name
    /// (`EMITTER/…/NODE`, `CHILD/…/NODE`).
    case descendants(InstanceID.Kind, String)
  }
  let owner: Owner
  let binding: Binding
  /// An `on drag` binding: it applies while its instance is pressed.
  let whileDragged: Bool
}

/// A press in progress (§16).
struct DragSession {
  /// The instance that receives it; -1 for none (a short press is then only a tap).
  let receiver: Int
  /// Run and scene time of the press, where it was, and how the pointer moves.
  let pressedAt: Double
  let pressedScene: Double
  let pressPoint: Point
  let path: PointerPath
  /// The receiver's `position` at the press (`drag.start`).
  let start: Point
  /// The bound values of the last frame, by property.
  var lastBound: [Property: Value] = [:]
}

/// Properties whose values an instance takes from `body` rather than from its own
/// composition: at a press its bound properties (the composed values become model values,
/// their animations removed), at a release those and the ones `on release` sets or
/// animates (§16). `body` is sampled at scene time − `since`.
struct BindingOverride {
  let body: InstanceBody
  let since: Double
  let properties: [Property]

  /// Writes the overridden properties into `state` at scene time `s`.
  func apply(to state: inout NodeState, at s: Double) {
    let (values, extra) = body.sample(s - since)
    for property in properties {
      for slot in property.spec.slots { state[slot] = values[slot] }
      if property == .rotation { state.rotation += extra }
    }
  }
}
