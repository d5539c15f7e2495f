import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import AnimThreads

/// Checking a large file's templates on two cores. Once every top-level value is
/// resolved, a template's check reads the declarations but changes only their `used`
/// marks, so the templates split into two runs checked by two checkers. Their results
/// are joined in source order: the diagnostics and the IR are those of one checker.
extension Checker {
  /// The top-level nodes, emitters and replicators, in source order.
  var templateDeclarations: [NodeID] {
    tree.children(tree.root).filter {
      let kind = tree.kind($0)
      return kind == .nodeDecl || kind == .emitterDecl || kind == .replicateDecl
    }
  }

  func checkTemplates() {
    let templates = templateDeclarations
    guard tree.nodeCount >= schedule.minimumNodes, templates.count >= 2 else {
      checkTemplates(templates[...])
      return
    }
    let split = balancedSplit(templates)
    // Each checker writes only itself and the declarations' `used` marks (see above).
    let other = Checker(continuing: self)
    ForkJoin.run({ self.checkTemplates(templates[..<split]) }, { other.checkTemplates(templates[split...]) })
    join(other)
  }

  /// Where to cut so both runs hold about as many syntax nodes. Nodes are numbered in
  /// post-order, so a declaration's id bounds the nodes of everything before it.
  func balancedSplit(_ templates: [NodeID]) -> Int {
    let first = Int(templates[0].index)
    let half = first + (Int(templates[templates.count - 1].index) - first) / 2
    let i = templates.firstIndex { Int($0.index) >= half } ?? templates.count / 2
    return min(max(i, 1), templates.count - 1)
  }

  /// A checker that goes on from where `other` is, with no diagnostics or templates yet.
  convenience init(continuing other: Checker) {
    self.init(
      file: other.file, tree: other.tree, schedule: .serial, facts: other.facts,
      constants: other.folder.constants, globalSlots: other.loweringFacts.globalSlots,
      resources: other.resources)
    keepsScene = other.keepsScene
    declarations = other.declarations
    order = other.order
    scene = other.scene
    loweringFacts.settings = other.loweringFacts.settings
    scene.nodes = []
    scene.emitters = []
    scene.replicators = []
  }

  /// Appends what `later` found after what this checker found. Its templates, and the
  /// lowering facts of their nodes, only when they are kept: nothing after the templates
  /// lowers them otherwise (the checks that follow read declarations and syntax).
  func join(_ later: Checker) {
    diagnostics += later.diagnostics
    if keepsScene {
      loweringFacts.adopt(later.loweringFacts)
      scene.nodes += later.scene.nodes
      scene.emitters += later.scene.emitters
      scene.replicators += later.scene.replicators
    }
    for file in later.scene.fontFiles where !scene.fontFiles.contains(file) { scene.fontFiles.append(file) }
    adoptUses(of: later)
  }

  /// Marks as used here what `other` found used.
  func adoptUses(of other: Checker) {
    declarations.adoptUses(from: other.declarations)
  }
}
