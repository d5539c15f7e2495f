// animc-grammar: writes the editor grammars' word lists from animc's vocabulary.
//
//   swift run animc-grammar [PACKAGE-ROOT]     write the grammars (default: the current folder)
//   swift run animc-grammar --check [ROOT]     exit 1, naming them, when a grammar is stale
import AnimCheck
import AnimIR
import AnimModel
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
let checkOnly = arguments.first == "--check"
if checkOnly { arguments.removeFirst() }
let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)

var stale: [String] = []
do {
  for file in GrammarLists.files {
    let template = try String(contentsOf: root.appendingPathComponent(file.template), encoding: .utf8)
    let text = try GrammarLists.fill(template, separator: file.separator)
    let output = root.appendingPathComponent(file.output)
    let current = try? String(contentsOf: output, encoding: .utf8)
    guard current != text else { continue }
    if checkOnly {
      stale.append(file.output)
    } else {
      try Data(text.utf8).write(to: output, options: .atomic)
      print("wrote \(file.output)")
    }
  }
} catch {
  FileHandle.standardError.write(Data("animc-grammar: \(error)\n".utf8))
  exit(1)
}
if !stale.isEmpty {
  FileHandle.standardError.write(
    Data("animc-grammar: stale (run `swift run animc-grammar`): \(stale.joined(separator: ", "))\n".utf8))
  exit(1)
}
