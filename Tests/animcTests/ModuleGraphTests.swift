import Foundation
import Testing

/// The pipeline's layering, read from the sources' imports: the model sits below the
/// simulator and the writers, the simulator does not see the checker, and the writers do
/// not see the simulator (they meet in `AnimModel`: `Frame`, `RunHeader`, `FrameWriter`).
/// SwiftPM lets a module import another that happens to be built first, so the package's
/// dependency lists alone do not hold this.
@Suite struct ModuleGraphTests {
  /// Module → modules its sources may not import.
  static let forbidden: [String: Set<String>] = [
    "AnimModel": ["AnimIR", "AnimCheck", "AnimSyntax", "AnimSim", "AnimRender", "AnimWriters", "AnimKit"],
    "AnimIR": ["AnimCheck", "AnimSyntax", "AnimSim", "AnimRender", "AnimWriters", "AnimKit"],
    "AnimSim": ["AnimCheck", "AnimSyntax", "AnimRender", "AnimWriters", "AnimKit"],
    "AnimWriters": ["AnimIR", "AnimCheck", "AnimSyntax", "AnimSim", "AnimKit"],
    "AnimRender": ["AnimModel", "AnimIR", "AnimCheck", "AnimSim", "AnimWriters", "AnimKit"],
  ]

  static func imports(in text: String) -> Set<String> {
    var found = Set<String>()
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if let i = words.firstIndex(of: "import"), i + 1 < words.count, i == 0 || words[0] == "@testable" {
        found.insert(String(words[i + 1]))
      }
    }
    return found
  }

  @Test func layersImportOnlyWhatIsBelowThem() throws {
    var checked = 0
    for file in try SourceTree.swiftFiles() {
      let module = String(file.path.prefix { $0 != "/" })
      guard let banned = Self.forbidden[module] else { continue }
      checked += 1
      let wrong = Self.imports(in: file.text).intersection(banned)
      #expect(wrong.isEmpty, "\(file.path) imports \(wrong.sorted())")
    }
    #expect(checked > 50)
  }

  @Test func importsAreFound() {
    #expect(
      Self.imports(in: "import AnimSim\n@testable import AnimCheck\nlet x = 1 // import Foo") == [
        "AnimSim", "AnimCheck",
      ])
  }
}
