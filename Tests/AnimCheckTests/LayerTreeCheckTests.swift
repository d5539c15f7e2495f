import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Testing

/// The checker and the IR for the layer tree (§14). Node indices follow the rule the
/// name pass documents (top-level nodes, then replicator children, then nested nodes,
/// each in source order), counted here by hand from the source.
@Suite struct LayerTreeCheckTests {
  static let scene = LayerTreeSample.scene

  func analysis(_ text: String) -> Analysis { analyze(SourceFile(name: "t.anim", text: text)) }

  @Test func aValidTreeChecksWithoutDiagnostics() {
    let a = analysis(Self.scene)
    #expect(a.diagnostics.isEmpty, "\(a.diagnostics.map(\.message))")
    #expect(a.ir != nil)
  }

  @Test func childrenAndGroupsAreInTheTemplates() throws {
    let ir = try #require(analysis(Self.scene).ir)
    #expect(ir.nodes.map(\.name) == ["card", "wheels", "marker"])
    let card = ir.nodes[0]
    #expect(!card.isGroup)
    #expect(card.children.map(\.name) == ["face"])
    #expect(card.children[0].children.map(\.name) == ["label"])
    let wheels = ir.nodes[1]
    #expect(wheels.isGroup)
    #expect(wheels.shapeID == nil)
    #expect(wheels.children.map(\.name) == ["left", "right"])
    #expect(wheels.children.allSatisfy { !$0.isGroup && $0.children.isEmpty })
    let spawn = try #require(ir.emitters.first).spawn
    #expect(spawn.children.map(\.name) == ["sparkle"])
  }

  @Test func nestedNodesAreNumberedAfterTheTopLevel() throws {
    let ir = try #require(analysis(Self.scene).ir)
    // Top level: card 0, wheels 1, marker 2; nested in source order: face 3, label 4,
    // left 5, right 6, sparkle 7.
    let emitter = try #require(ir.emitters.first)
    #expect(emitter.parent == 0)
    guard case .tap(let node)? = emitter.triggers.first else {
      Issue.record("no tap trigger: \(emitter.triggers)")
      return
    }
    #expect(node == 4)
    let marker = ir.nodes[2]
    guard case .set(.position, .nodeScenePosition(let i))? = marker.body.first else {
      Issue.record("marker's position is not a scene position: \(marker.body)")
      return
    }
    #expect(i == 3)
  }

  @Test func theIRPrintsTheTree() throws {
    let text = "node card = rect(20, 10) {\n  node dot = circle(2)\n}\nnode g {\n  z 1\n}\n"
    let ir = try #require(analysis(text).ir)
    let lines = IRPrinter.print(ir).split(separator: "\n").map(String.init)
    let nodeLines = lines.filter { $0.contains("card") || $0.contains("dot") || $0.contains("group") }
    try #require(nodeLines.count == 3, "\(lines)")
    #expect(nodeLines[0].hasPrefix("node card shape card = "))
    #expect(nodeLines[1].hasPrefix("  node dot shape dot = "))
    #expect(nodeLines[2] == "group g locals 0")
    #expect(lines.last == "  z 1")
  }

  @Test func theIRPrintsASpawnsParentAndAScenePosition() throws {
    let text = """
      node card = rect(20, 10)
      node dot = circle(2) { position card.scenePosition }
      emitter e {
        on tap
        spawn circle(1) in card
      }

      """
    let printed = IRPrinter.print(try #require(analysis(text).ir))
    #expect(printed.contains("set position = node[0].scenePosition\n"))
    #expect(printed.contains("emitter e burst 1 max 10000 origin scene.center in node[0]\n"))
  }

  @Test func aNameIsUniqueAcrossLevels() {
    let text = "node a = circle(1) {\n  node b = circle(1)\n}\nnode c = circle(1) {\n  node b = circle(2)\n}\n"
    let d = analysis(text).diagnostics
    #expect(d.map(\.code) == [SemanticCode.duplicateName])
    // The second `b`: line 5, column 8.
    let file = SourceFile(name: "t.anim", text: text)
    #expect(d.first.map { file.lineColumn($0.range.start).line } == 5)
    #expect(d.first.map { file.lineColumn($0.range.start).column } == 8)
  }

  @Test func positionsOfAReplicatorsNodesStandForMany() {
    let text = """
      replicate row count 3 {
        node dot = circle(2)
      }
      node m = circle(1) { position dot.position }

      """
    let d = analysis(text).diagnostics
    #expect(d.map(\.code) == [SemanticCode.standsForMany])
    #expect(
      d.first?.message
        == "`dot` stands for many instances (it is declared inside replicator `row`): `dot.position` needs a node that stands for one"
    )
  }

  @Test func onTapOfManyIsFine() {
    let text = """
      replicate row count 3 {
        node dot = circle(2)
      }
      emitter e {
        on tap dot
        spawn circle(1)
      }

      """
    #expect(analysis(text).diagnostics.isEmpty)
  }

  @Test func aSpawnsChildrenStandForManyAtAnyDepth() {
    let text = """
      emitter e {
        on tap
        spawn circle(4) {
          node a = circle(2) {
            node b = circle(1)
          }
        }
      }
      node m = circle(1) { position b.scenePosition }

      """
    let d = analysis(text).diagnostics
    #expect(d.map(\.code) == [SemanticCode.standsForMany])
  }

  @Test func layerTreeUsesAreFoundForTheRefusal() {
    func first(_ text: String) -> Int? {
      LayerTreeUse.first(in: Parser.parse(SourceFile(name: "t", text: text)).tree)?.start
    }
    #expect(first("node a = circle(1) { position (1, 2) }\nemitter e {\n  on tap\n  spawn circle(1)\n}\n") == nil)
    // The child's declaration starts at offset 23, after the first line (21 bytes) and two spaces.
    #expect(first("node a = circle(1) {\n  node b = circle(1)\n}\n") == 23)
    #expect(first("let x = 1\nnode g {\n}\n") == 10)
    // `in` parent `a`: `  spawn circle(1) in ` is 21 bytes into line 3.
    let spawnIn = "node a = circle(1)\nemitter e {\n  spawn circle(1) in a\n}\n"
    #expect(first(spawnIn) == "node a = circle(1)\nemitter e {\n".utf8.count + 21)
    #expect(first("node a = circle(1)\nlet p = a.scenePosition\n") == 27)
    // Children of nodes, of spawns and of replicator children run.
    #expect(LayerTreeUse.refusal(in: Parser.parse(SourceFile(name: "t", text: "node g {\n}\n")).tree) == nil)
    // `scenePosition` read at a trigger runs; read at the start of the run it does not.
    let atTrigger = "node a = circle(1)\nemitter e {\n  origin a.scenePosition\n  spawn circle(1)\n}\n"
    #expect(LayerTreeUse.unsimulated(in: Parser.parse(SourceFile(name: "t", text: atTrigger)).tree) == nil)
    let atStart = "node a = circle(1)\nlet p = a.scenePosition\n"
    #expect(LayerTreeUse.unsimulated(in: Parser.parse(SourceFile(name: "t", text: atStart)).tree)?.start == 27)
    let inSpawn = "emitter e {\n  spawn circle(1) {\n    node c = circle(1)\n  }\n}\n"
    #expect(LayerTreeUse.unsimulated(in: Parser.parse(SourceFile(name: "t", text: inSpawn)).tree) == nil)
    let inCopy = "replicate r count 2 {\n  node b = circle(1) {\n    node c = circle(1)\n  }\n}\n"
    #expect(LayerTreeUse.unsimulated(in: Parser.parse(SourceFile(name: "t", text: inCopy)).tree) == nil)
    let refusal = LayerTreeUse.refusal(in: Parser.parse(SourceFile(name: "t", text: atStart)).tree)
    #expect(refusal?.code == SemanticCode.layerTreeNotSimulated)
    #expect(refusal?.message == "the layer tree (§14) is checked but not simulated yet")
    #expect(refusal?.severity == .error)
  }
}
