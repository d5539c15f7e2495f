import AnimSource
import AnimSyntax
import Testing

@testable import AnimCheck

/// A check whose IR no one asks for drops each template once checked. Dropping them must
/// change nothing it reports: on every corpus file and example, on one thread and on
/// two, the diagnostics are those of the check that keeps its scene.
@Suite struct DroppedSceneTests {
  @Test(arguments: [CheckSchedule.serial, .alwaysParallel])
  func droppingTheTemplatesReportsTheSame(schedule: CheckSchedule) throws {
    let files = try ParallelCheckDifferentialTests.sources()
    #expect(files.count > 200)
    var checkedWithTemplates = 0
    for (name, bytes) in files {
      let file = SourceFile(name: name, bytes: bytes)
      let parsed = Parser.parse(file)
      guard !parsed.diagnostics.hasErrors else { continue }
      let kept = checkSemantics(file, parsed.tree, schedule: schedule)
      let dropped = checkSemantics(file, parsed.tree, schedule: schedule, keepingScene: false)
      #expect(kept.diagnostics.sortedBySource() == dropped.diagnostics.sortedBySource(), "\(name)")
      #expect(dropped.scene.nodes.isEmpty && dropped.scene.emitters.isEmpty && dropped.scene.replicators.isEmpty)
      if !kept.scene.nodes.isEmpty || !kept.scene.emitters.isEmpty { checkedWithTemplates += 1 }
    }
    // The comparison means something only where there were templates to drop.
    #expect(checkedWithTemplates > 50)
  }
}
