import AnimMath
import Testing

@testable import AnimModel

/// `Frame.keepingSubtrees` (what `--only` applies): a picked record keeps its whole
/// subtree, slots are renumbered, and a picked record whose parent is dropped draws with
/// the opacity it had.
struct FrameSubtreeTests {
  static func record(_ name: String, _ kind: InstanceID.Kind, opacity: Double, parent: Int32) -> NodeFrame {
    var state = NodeState()
    state.opacity = opacity
    var node = NodeFrame(
      matrix: .identity, state: state, id: InstanceID(name: name, kind: kind), shape: .group, hasStroke: false,
      hasTrim: false, tint: nil, z: 0)
    node.parentSlot = parent
    return node
  }

  /// Records: 0 cart (0.5) → 1 wheel (0.8) → 2 hub (1); 3 other; 4 spark, a spawn in the
  /// cart (0.6) → 5 its label (0.5). Keeping the emitter `spark` keeps 4 and 5: the
  /// spark's parent is dropped, so it becomes top level with 0.5 × 0.6 = 0.3, and the
  /// label's parent slot becomes 0. Keeping the node `cart` keeps 0, 1, 2, 4 and 5 with
  /// slots 0, 0, 1, 0, 3.
  @Test func aPickedRecordKeepsItsSubtree() {
    var frame = Frame()
    frame.nodes = [
      Self.record("cart", .node, opacity: 0.5, parent: -1),
      Self.record("wheel", .node, opacity: 0.8, parent: 0),
      Self.record("hub", .node, opacity: 1, parent: 1),
      Self.record("other", .node, opacity: 1, parent: -1),
      Self.record("spark", .spawn, opacity: 0.6, parent: 0),
      Self.record("spark/label", .spawnChild, opacity: 0.5, parent: 4),
    ]
    let sparks = frame.keepingSubtrees { $0.kind == .spawn && $0.name == "spark" }
    #expect(sparks.nodes.map(\.id.name) == ["spark", "spark/label"])
    #expect(sparks.nodes.map(\.parentSlot) == [-1, 0])
    #expect(abs(sparks.nodes[0].state.opacity - 0.3) < 1e-12)
    #expect(sparks.nodes[1].state.opacity == 0.5)

    let cart = frame.keepingSubtrees { $0.kind == .node && $0.name == "cart" }
    #expect(cart.nodes.map(\.id.name) == ["cart", "wheel", "hub", "spark", "spark/label"])
    #expect(cart.nodes.map(\.parentSlot) == [-1, 0, 1, 0, 3])
    #expect(cart.nodes.map(\.state.opacity) == [0.5, 0.8, 1, 0.6, 0.5])
  }

  /// A flat frame keeps only what is picked, with opacities untouched.
  @Test func aFlatFrameKeepsOnlyThePicked() {
    var frame = Frame()
    frame.nodes = [
      Self.record("a", .copy, opacity: 0.25, parent: -1), Self.record("b", .node, opacity: 1, parent: -1),
      Self.record("a", .copy, opacity: 0.75, parent: -1),
    ]
    let kept = frame.keepingSubtrees { $0.name == "a" }
    #expect(kept.nodes.map(\.state.opacity) == [0.25, 0.75])
    #expect(kept.nodes.allSatisfy { $0.parentSlot == -1 })
  }
}
