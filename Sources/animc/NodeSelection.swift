import AnimCheck
import AnimIR
import AnimModel
import AnimSim
import AnimWriters

/// `--only NAME` (§13): the instances of one node, emitter or replicator, and their
/// descendants (§14), with times and positions unchanged. Applied to frames on their way to the writer, so the simulation
/// itself (and what other instances do to it) is untouched.
struct NodeSelection: Sendable {
  /// Ids kept: a node's own, an emitter's spawns, or a replicator's children's copies.
  private let kind: InstanceID.Kind
  private let names: Set<String>

  /// The selection `name` makes in `scene`, or a usage error naming what exists.
  init(_ name: String, in scene: SceneIR) throws(UsageError) {
    if scene.nodes.contains(where: { $0.name == name }) {
      kind = .node
      names = [name]
    } else if scene.emitters.contains(where: { $0.name == name }) {
      kind = .spawn
      names = [name]
    } else if let r = scene.replicators.first(where: { $0.name == name }) {
      kind = .copy
      names = Set(r.children.map(\.name))
    } else {
      let known = scene.nodes.map(\.name) + scene.emitters.map(\.name) + scene.replicators.map(\.name)
      throw UsageError(
        message: "`--only \(name)`: no node, emitter or replicator of that name"
          + (known.isEmpty ? "" : " (the scene has \(known.map { "`\($0)`" }.joined(separator: ", ")))"))
    }
  }

  func keeps(_ id: InstanceID) -> Bool { id.kind == kind && names.contains(id.name) }

  /// `writer` given only the selected instances.
  func filtering<W: FrameWriter>(_ writer: W) -> any FrameWriter { SelectedFrames(inner: writer, selection: self) }
}

/// A writer that passes on only the selected instances of each frame.
struct SelectedFrames<Inner: FrameWriter>: FrameWriter {
  var inner: Inner
  let selection: NodeSelection

  mutating func begin(_ header: RunHeader) throws { try inner.begin(header) }

  mutating func write(_ frame: Frame) throws {
    try inner.write(frame.keepingSubtrees(where: selection.keeps))
  }

  mutating func finish() throws { try inner.finish() }
}
