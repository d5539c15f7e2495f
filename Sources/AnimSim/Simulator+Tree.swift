import AnimIR
import AnimMath
import AnimModel

/// The layer tree (§14) of a scene whose top-level nodes or spawns declare children: each
/// top-level node's descendants, evaluated once per run, each spawn's descendants'
/// templates, evaluated with each spawn, and each live child's parent. A scene without
/// children has none, and its frames take the flat path.
/// An entry of a parents-first list of declared nodes (§14): what the list's walks read.
protocol DeclaredNode {
  /// The index in its list of its parent; -1 for the list's owner.
  var parent: Int { get }
  var declared: NodeTemplate { get }
  /// Its instances' id name.
  var idName: String { get }
}

struct LayerTree {
  /// A declared descendant of a top-level node.
  struct Child: DeclaredNode {
    let body: InstanceBody
    /// The index in its top-level node's list of its parent; -1 for the top-level node.
    let parent: Int
    /// Its place among its parent's declared children (paint order's tie-break).
    let ordinal: Int
    var declared: NodeTemplate { body.template }
    var idName: String { body.template.name }
  }

  /// By top-level node index, in declaration order, each parent before its children.
  var children: [[Child]]
  /// A live child's parent's `seq`, by the child's `seq`.
  var parentSeq: [Int: Int] = [:]
  /// A live child's `Child.ordinal`, by its `seq`.
  var ordinal: [Int: Int] = [:]
  /// A nested node's index (§14's numbering, `NODE.position` and taps: top-level nodes,
  /// replicator children, then nested nodes in source order) → its top-level node and
  /// its place in that node's `children`.
  var nested: [Int: (top: Int, at: Int)] = [:]
  /// The first nested index of each top-level node's descendants.
  var firstNested: [Int] = []
  /// One past the last nested index: how many node indices the scene has.
  var nodeIndexCount = 0

  /// A node declared in a spawn's block or in a replicator child's (§14), at any depth:
  /// made with each spawn, or with each copy.
  struct SpawnChild: DeclaredNode {
    let template: NodeTemplate
    /// The index in its list of its parent; -1 for the spawned instance or the copy.
    let parent: Int
    let ordinal: Int
    /// Its id's name: the emitter's (or the replicator child's) name and the names down
    /// to it, joined by `/`.
    let idName: String
    /// Its timeline laid out, kept for every instance made of it (`TimelinePlan`).
    let plan: TimelinePlan
    var declared: NodeTemplate { template }
  }

  /// By replicator child (all replicators' children in order), its descendants, each
  /// parent before its children: every copy has them (§14).
  var copyChildren: [[SpawnChild]]
  /// A node declared in a replicator child (it stands for many instances): by its node
  /// index, the replicator child and its place in that child's `copyChildren`.
  var copyNested: [Int: (child: Int, at: Int)] = [:]

  /// By emitter index, its spawn's descendants, each parent before its children.
  var spawnChildren: [[SpawnChild]]
  /// A node declared in a spawn (it stands for many instances, §14): by its node index,
  /// its emitter and its place in that emitter's `spawnChildren`.
  var spawnNested: [Int: (emitter: Int, at: Int)] = [:]

  init(_ scene: SceneIR) {
    children = Array(repeating: [], count: scene.nodes.count)
    spawnChildren = scene.emitters.map { Self.descendants(of: $0.spawn, named: $0.name) }
    copyChildren = scene.replicators.flatMap(\.children).map { Self.descendants(of: $0, named: $0.name) }
    // Nested nodes are numbered in source order, whether in a node, a spawn or a
    // replicator child; a top-level node's descendants lie together in its block.
    var blocks: [(start: Int, top: Int?, emitter: Int?, count: Int)] = []
    for (top, node) in scene.nodes.enumerated() {
      blocks.append((node.range.start, top, nil, Self.descendants(node)))
    }
    for (e, emitter) in scene.emitters.enumerated() {
      blocks.append((emitter.spawn.range.start, nil, e, Self.descendants(emitter.spawn)))
    }
    var copyBlocks: [Int: Int] = [:]
    for (c, child) in scene.replicators.flatMap(\.children).enumerated() {
      copyBlocks[child.range.start] = c
      blocks.append((child.range.start, nil, nil, Self.descendants(child)))
    }
    blocks.sort { $0.start < $1.start }
    firstNested = Array(repeating: 0, count: scene.nodes.count)
    var next = scene.nodes.count + scene.replicators.reduce(0) { $0 + $1.children.count }
    for block in blocks {
      if let top = block.top {
        firstNested[top] = next
        for at in 0..<block.count { nested[next + at] = (top, at) }
      }
      // Numbered as `spawnChildren` lists them: depth first, in source order.
      if let e = block.emitter { for at in 0..<block.count { spawnNested[next + at] = (e, at) } }
      if block.top == nil && block.emitter == nil, let c = copyBlocks[block.start] {
        for at in 0..<block.count { copyNested[next + at] = (c, at) }
      }
      next += block.count
    }
    nodeIndexCount = next
  }

  /// Drops what is kept of an ended instance: spawns' subtrees come and go all run long.
  mutating func forget(_ seq: Int) {
    parentSeq[seq] = nil
    ordinal[seq] = nil
  }

  /// The nodes `template` declares, at any depth, parents first in source order, their
  /// ids' names under `name`.
  private static func descendants(of template: NodeTemplate, named name: String) -> [SpawnChild] {
    var list: [SpawnChild] = []
    var pending = template.children.enumerated().reversed().map { ($0.element, -1, $0.offset, name) }
    while let (template, parent, ordinal, prefix) = pending.popLast() {
      let idName = prefix + "/" + template.name
      list.append(
        SpawnChild(
          template: template, parent: parent, ordinal: ordinal, idName: idName, plan: TimelinePlan(template.body)))
      let at = list.count - 1
      pending.append(contentsOf: template.children.enumerated().reversed().map { ($0.element, at, $0.offset, idName) })
    }
    return list
  }

  /// How many nodes `template` declares, at any depth.
  private static func descendants(_ template: NodeTemplate) -> Int {
    template.children.reduce(template.children.count) { $0 + descendants($1) }
  }

  /// Whether any top-level node, spawn or replicator child of `scene` declares a child,
  /// or a spawn is made `in` a node.
  static func needed(_ scene: SceneIR) -> Bool {
    scene.nodes.contains { !$0.children.isEmpty }
      || scene.emitters.contains { !$0.spawn.children.isEmpty || $0.parent != nil }
      || scene.replicators.contains { $0.children.contains { !$0.children.isEmpty } }
  }
}

extension Simulator {
  /// Evaluates the descendants of top-level node `node` (each with its own name's
  /// stream, §7, and a default position of its parent box's origin), in declaration order.
  func evaluateChildren(of node: NodeTemplate, index: Int, _ ctx: inout EvaluationContext) throws(EvaluationError) {
    guard tree != nil else { return }
    var list: [LayerTree.Child] = []
    // Parents before children: each entry pushes its children with its own index.
    var pending = node.children.enumerated().reversed().map { (template: $0.element, parent: -1, ordinal: $0.offset) }
    while let next = pending.popLast() {
      ctx.random = RandomStream(seed: seed, name: next.template.name)
      let body = try BlockEvaluator.evaluate(next.template, defaultPosition: .zero, groups: &timingGroups, &ctx)
      list.append(LayerTree.Child(body: body, parent: next.parent, ordinal: next.ordinal))
      if let first = tree?.firstNested[index] {
        let slot = first + list.count - 1
        if slot < ctx.nodePositions.count { ctx.nodePositions[slot] = body.model.position }
      }
      let at = list.count - 1
      pending.append(
        contentsOf: next.template.children.enumerated().reversed().map {
          (template: $0.element, parent: at, ordinal: $0.offset)
        })
    }
    tree?.children[index] = list
  }

  /// Creates the declared descendants of top-level node `node`, whose instance `seq`
  /// lives from `created` to `end`: each appears its `at` after its parent and ends by its
  /// parent's end (§14).
  func appearChildren(of node: Int, seq parentSeq: Int, created: Double, end: Double) {
    guard let list = tree?.children[node], !list.isEmpty else { return }
    let root = PlacedInstance(seq: parentSeq, created: created, end: end)
    let made = addDescendants(count: list.count, under: root) { k in
      DescendantEntry(
        parent: list[k].parent, ordinal: list[k].ordinal, body: list[k].body,
        id: InstanceID(name: list[k].idName, kind: .node))
    }
    if let first = tree?.firstNested[node] {
      for (k, instance) in made.enumerated() { seqOfNode[first + k] = instance.seq }
    }
    fixedInstances += made.count
  }

  /// Writes a tree scene's records into `out` in paint order (§14, `TreeArrangement`),
  /// without those whose parent is absent, each record's matrices composed with its
  /// parent's and linked to its parent's record. `nodes` are the sampled records, in live
  /// order, `locals` their 3-D matrices (by `NodeFrame.depthSlot`), and `seqs` their
  /// instances; they are left as they were, so that the next frame finds each holding its
  /// instance (`FrameSampler.compose`).
  ///
  /// The whole 3-D matrices go into one new column, in paint order: a parent's, written
  /// before its children, is read from there by each of them, and the column is handed to
  /// the arranged records once all are written (`NodeFrame.publishDepth`).
  /// Returns the arranged records' instances, in order.
  @discardableResult
  func arrangeTree(_ nodes: [NodeFrame], seqs: [Int], locals: DepthColumn, into out: inout [NodeFrame]) -> [Int] {
    guard let tree else {
      out = nodes
      if !locals.isEmpty { for w in out.indices { out[w].publishDepth(locals) } }
      return seqs
    }
    if arrangement.seqs != seqs {
      arrangement = TreeArrangement(
        seqs: seqs, z: { nodes[$0].z }, parentSeq: tree.parentSeq, ordinal: tree.ordinal)
    }
    out.removeAll(keepingCapacity: true)
    out.reserveCapacity(arrangement.order.count)
    var wholes = DepthColumn()
    for (j, k) in arrangement.order.enumerated() {
      out.append(nodes[k])
      let parent = arrangement.parents[j]
      out[j].parentSlot = parent
      Self.compose(&out, j, under: Int(parent), locals, &wholes)
    }
    if !wholes.isEmpty { for j in out.indices { out[j].publishDepth(wholes) } }
    return arrangement.orderedSeqs
  }

  /// Arranged record `j`'s whole transform: its parent's (record `parent`'s, -1 for none)
  /// whole transform times its own (§14), with 4 × 4 matrices when either is 3-D, the
  /// product going to the end of `wholes`; its facing is decided again from the product.
  /// Its own 3-D matrix is `locals[j's slot]`; its parent's whole one is already in `wholes`.
  @inline(__always)
  static func compose(
    _ out: inout [NodeFrame], _ j: Int, under parent: Int, _ locals: DepthColumn, _ wholes: inout DepthColumn
  ) {
    let slot = Int(out[j].depthSlot)
    guard parent >= 0 else {
      // Top level: its own transform is its whole one, and its facing was decided so.
      if slot >= 0 {
        wholes.append(locals[slot])
        out[j].placeDepth(at: wholes.count &- 1)
      }
      return
    }
    let own = out[j].matrix
    let parentMatrix = out[parent].matrix
    out[j].matrix = parentMatrix * own
    let parentSlot = Int(out[parent].depthSlot)
    if parentSlot >= 0 || slot >= 0 {
      let whole =
        (parentSlot >= 0 ? wholes[parentSlot] : Matrix3D(parentMatrix))
        * (slot >= 0 ? locals[slot] : Matrix3D(own))
      wholes.append(whole)
      out[j].placeDepth(at: wholes.count &- 1)
      out[j].decideFacing(matrix3d: whole)
    } else {
      out[j].decideFacing(matrix3d: nil)
    }
  }
}

extension Simulator {
  /// A node of a tree scene at scene time `s`: where each of its top-level node's family
  /// lies then, for taps (§14). nil when node `i` is not present.
  private struct Family {
    /// The top-level node's descendants' whole transforms (nil: absent at `s`), and its own.
    var wholes: [Matrix3D?]
    var top: Matrix3D
    /// Node `i`'s place in the list; -1 for the top-level node itself.
    var at: Int
    /// When node `i`'s instance ends.
    var end: Double
  }

  /// `closed`: node `i` counts as present at its end too (a limit from below).
  private func family(_ i: Int, at s: Double, closed: Bool = false) -> Family? {
    guard let tree else { return nil }
    let (top, at): (Int, Int)
    if i >= 0 && i < nodeBodies.count {
      (top, at) = (i, -1)
    } else if let place = tree.nested[i] {
      (top, at) = place
    } else {
      return nil
    }
    guard let appeared = nodeAppeared[top] else { return nil }
    let body = nodeBodies[top]
    let end = appeared + body.nodeLifetime
    guard s >= appeared, s < end || (closed && s <= end) else { return nil }
    func local(_ body: InstanceBody, since created: Double) -> Matrix3D {
      var (state, extra) = body.sample(s - created)
      state.rotation += extra
      return Self.matrix3D(state, boxOrigin: body.boxOrigin)
    }
    let topWhole = local(body, since: appeared)
    var wholes: [Matrix3D?] = []
    var times: [(created: Double, end: Double)] = []
    for child in tree.children[top] {
      let parent = child.parent < 0 ? (appeared, end) : times[child.parent]
      let created = parent.0 + child.body.appearAt
      let stop = min(created + child.body.nodeLifetime, parent.1)
      times.append((created, stop))
      let parentWhole = child.parent < 0 ? topWhole : wholes[child.parent]
      guard let parentWhole, s >= created, s < stop || (closed && s <= stop) else {
        wholes.append(nil)
        continue
      }
      wholes.append(parentWhole * local(child.body, since: created))
    }
    if at >= 0 && wholes[at] == nil { return nil }
    return Family(wholes: wholes, top: topWhole, at: at, end: at < 0 ? end : times[at].end)
  }

  /// Node `i`'s whole transform at scene time `s` (§14) and its instance's end; nil when
  /// it is not present then. `closed`: present at its end too.
  func nodePlacement(_ i: Int, at s: Double, closed: Bool = false) -> (whole: Matrix3D, end: Double)? {
    guard let f = family(i, at: s, closed: closed) else { return nil }
    return (f.at < 0 ? f.top : f.wholes[f.at] ?? f.top, f.end)
  }

  /// Where `tap NODE` taps a tree scene's node: the centre of its box mapped to the
  /// scene (a group's box is 0 × 0 at its anchor: its scene position).
  func treeTapPoint(_ i: Int, at s: Double) -> Point? {
    guard let f = family(i, at: s) else { return nil }
    let body = f.at < 0 ? nodeBodies[i] : tree?.children[tree?.nested[i]?.top ?? 0][f.at].body
    guard let body else { return nil }
    let whole = f.at < 0 ? f.top : f.wholes[f.at] ?? f.top
    return whole.planar.apply(Point(body.shape.outline.width / 2, body.shape.outline.height / 2))
  }

}
