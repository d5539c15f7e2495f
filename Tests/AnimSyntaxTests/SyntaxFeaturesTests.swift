import AnimSource
import Testing

@testable import AnimSyntax

/// The parser notes which optional parts of the language a file uses; the checker skips
/// the checks of the others, so a part noted wrongly absent would be checked not at all.
/// Each expected set is written from the language (§14, §15, §16), by hand.
@Suite struct SyntaxFeaturesTests {
  static func features(_ source: String) -> SyntaxTree.Features {
    Parser.parse(SourceFile(name: "t.anim", text: source)).tree.features
  }

  @Test func aFlatSceneUsesNone() {
    let flat = "node a = circle(1) {\n  opacity 0.5\n}\nemitter e {\n  on tap\n  spawn circle(2)\n}\n"
    #expect(Self.features(flat) == [])
  }

  @Test func nodesInsideANodeOrASpawnAreNested() {
    #expect(Self.features("node a {\n  node b = circle(1)\n}\n") == .nestedNodes)
    let inSpawn = "emitter e {\n  on tap\n  spawn circle(1) {\n    node b = circle(2)\n  }\n}\n"
    #expect(Self.features(inSpawn) == .nestedNodes)
  }

  /// A replicator's own nodes are its instances, checked with it; a node inside one of
  /// them is nested.
  @Test func aReplicatorsNodesAreNotNestedButTheirChildrenAre() {
    #expect(Self.features("replicate r count 3 {\n  node bar = rect(3, 15)\n}\n") == [])
    #expect(
      Self.features("replicate r count 3 {\n  node bar = rect(3, 15) {\n    node tip = circle(1)\n  }\n}\n")
        == .nestedNodes)
  }

  @Test func birthAndDeathTriggersAreSecondary() {
    #expect(Self.features("emitter e {\n  on birth of f\n  spawn circle(1)\n}\n") == .secondaryTriggers)
    #expect(Self.features("emitter e {\n  on death of f\n  spawn circle(1)\n}\n") == .secondaryTriggers)
  }

  @Test(arguments: [
    "node k = circle(5) {\n  live opacity 0.5\n}\n",
    "node k = circle(5) {\n  on drag {\n    position drag.location\n  }\n}\n",
    "node k = circle(5) {\n  on release {\n    animate opacity to 0 over 1s\n  }\n}\n",
  ])
  func dragsAndLiveValuesAreInteractions(_ source: String) {
    #expect(Self.features(source) == .interactions)
  }
}
