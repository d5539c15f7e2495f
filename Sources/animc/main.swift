import AnimSyntax
import Foundation

let path = CommandLine.arguments[1]
let data = FileManager.default.contents(atPath: path) ?? Data()
let file = SourceFile(name: path, bytes: Array(data))
let result = Parser.parse(file)
print(result.tree.sexpr())
FileHandle.standardError.write(DiagnosticRenderer().render(result.diagnostics, in: file).data(using: .utf8)!)
