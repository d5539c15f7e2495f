import Foundation
import Testing

/// Modules other than the product give other animc modules `package` access (SE-0386);
/// `public` is kept for the types AnimKit re-exports and the few types their API names.
/// Read from the sources: a `public` declaration outside AnimKit must sit inside the
/// top-level declaration (or an extension) of one of those types.
@Suite struct AccessLevelTests {
  /// Types that re-exported types' public API names, beyond the re-exports themselves.
  static let named: Set<String> = ["Severity", "TextEdit", "Fix", "Label", "SourceRange", "Spring"]
  /// Targets whose `public` is the product's surface or an executable's own.
  static let surfaces: Set<String> = ["AnimKit", "animc", "animc-bench", "animc-grammar"]

  /// The names `Exports.swift` re-exports: `public typealias X = Module.Name` → `Name`.
  static func reexported(_ exports: String) -> Set<String> {
    var names = Set<String>()
    for line in exports.split(separator: "\n") where line.hasPrefix("public typealias ") {
      if let target = line.split(separator: "=").last?.split(separator: ".").last {
        names.insert(target.trimmingCharacters(in: .whitespaces))
      }
    }
    return names
  }

  /// The top-level type or extension a line at column 0 opens, if any.
  static func topLevelName(_ line: Substring) -> String? {
    let words = line.split(whereSeparator: { " :<{(".contains($0) })
    let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "extension", "actor"]
    guard let i = words.firstIndex(where: { kinds.contains($0) }), i + 1 < words.count else { return nil }
    return String(words[i + 1])
  }

  /// `public` declarations outside the allowed types, as "path:line".
  static func strayPublic(in text: String, path: String, allowed: Set<String>) -> [String] {
    var owner: String?
    var stray: [String] = []
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let first = line.first, first != " ", first != "}", first != "/", first != "#" {
        owner = topLevelName(line)
      }
      let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      if code.split(separator: " ").contains("public"), !allowed.contains(owner ?? "") {
        stray.append("\(path):\(n + 1)")
      }
      if line.hasPrefix("}") { owner = nil }
    }
    return stray
  }

  @Test func publicIsOnlyWhatAnimKitReexports() throws {
    let files = try SourceTree.swiftFiles()
    let exports = try #require(files.first { $0.path == "AnimKit/Exports.swift" })
    let allowed = Self.reexported(exports.text).union(Self.named)
    #expect(allowed.contains("Frame") && allowed.contains("NodeState"))
    var stray: [String] = []
    for file in files where !Self.surfaces.contains(String(file.path.prefix { $0 != "/" })) {
      stray += Self.strayPublic(in: file.text, path: file.path, allowed: allowed)
      #expect(!file.text.contains("@_exported"), "\(file.path) re-exports a module")
    }
    #expect(stray.isEmpty, "public outside AnimKit's re-exported types: \(stray.prefix(20))")
  }

  @Test func aStrayPublicIsFound() {
    let text = "public struct Frame {\n  public var a: Int\n}\n\npublic struct Hidden {\n  public var b: Int\n}\n"
    #expect(Self.strayPublic(in: text, path: "M/F.swift", allowed: ["Frame"]) == ["M/F.swift:5", "M/F.swift:6"])
  }

  /// The type an `@inlinable` member belongs to must be `@usableFromInline` (or public):
  /// Swift inlines no member of a plain `package` type across modules unless built with
  /// `-package-cmo`, which needs unsafe flags, and then the checker's calls into the syntax
  /// tree and the IR's generic inits stay calls (check ran at a third of its speed).
  static func inlinableInHiddenTypes(_ files: [(path: String, text: String)]) -> [String] {
    let kinds: Set<Substring> = ["struct", "enum", "class", "actor"]
    var declarations: [String: Substring] = [:]
    for file in files {
      for line in file.text.split(separator: "\n") {
        let words = line.split(whereSeparator: { " :<{(".contains($0) })
        if let i = words.firstIndex(where: { kinds.contains($0) }), i + 1 < words.count, words[..<i].contains("package")
        {
          declarations[String(words[i + 1])] = line
        }
      }
    }
    var hidden: [String] = []
    for file in files {
      // The innermost type or extension open at each indentation.
      var open: [(indent: Int, name: String)] = []
      for (n, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let indent = line.prefix { $0 == " " }.count
        let words = line.split(whereSeparator: { " :<{(".contains($0) })
        if let i = words.firstIndex(where: { kinds.contains($0) || $0 == "extension" }), i + 1 < words.count,
          line.hasSuffix("{")
        {
          open.removeAll { $0.indent >= indent }
          open.append((indent, String(words[i + 1].split(separator: ".").last ?? words[i + 1])))
        }
        guard line.contains("@inlinable"), let owner = open.last(where: { $0.indent < indent }) else { continue }
        if let declaration = declarations[owner.name], !declaration.contains("@usableFromInline") {
          hidden.append("\(file.path):\(n + 1) (\(owner.name))")
        }
      }
    }
    return hidden
  }

  @Test func inlinableMembersBelongToUsableFromInlineTypes() throws {
    let files = try SourceTree.swiftFiles().map { (path: $0.path, text: $0.text) }
    let hidden = Self.inlinableInHiddenTypes(files)
    #expect(hidden.isEmpty, "@inlinable members of types that are not @usableFromInline: \(hidden.prefix(20))")
  }

  @Test func anInlinableMemberOfAHiddenTypeIsFound() {
    let text =
      "package struct Tree {\n  @inlinable package func a() {}\n}\n\n@usableFromInline package struct Seen {\n  @inlinable package func b() {}\n}\nextension Tree {\n  @inlinable package func c() {}\n}\n"
    #expect(Self.inlinableInHiddenTypes([("M/F.swift", text)]) == ["M/F.swift:2 (Tree)", "M/F.swift:9 (Tree)"])
  }
}
