import AnimCheck
import AnimIR
import AnimJSON
import AnimModel
import AnimSource
import AnimSyntax

/// `animc check FILE… | -`: report every problem; exit 0 clean, 1 errors, 2 unusable.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check",
    summary: "Check .anim files for errors and warnings.",
    usage: "[options] FILE… | -",
    options: [
      OptionSpec(
        names: ["--format"], value: "human|json", help: "Diagnostics as text on stderr (default) or LSP JSON on stdout."
      ),
      OptionSpec(
        names: ["--color"], value: "auto|always|never",
        help: "Colour in human output (default: auto, only on a terminal)."),
      OptionSpec(names: ["--emit-ir"], help: "Print the checked intermediate representation on stdout."),
      OptionSpec(names: ["--emit-syntax"], help: "Print the syntax tree as an S-expression on stdout."),
    ],
    details: """
      Exit status: 0 no errors (warnings allowed), 1 errors found, 2 the command could not run.
      JSON output is one array of LSP Diagnostic objects (0-based lines, UTF-16 characters);
      each has data.file (the path as given) and data.fixes ([{range, newText}]).
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    let format = parsed.value("--format") ?? "human"
    guard format == "human" || format == "json" else {
      return Console.fail("`--format` is `human` or `json`, not `\(format)`")
    }
    guard !parsed.positionals.isEmpty else {
      return Console.fail("no input files (give paths, or `-` for stdin)\n\n" + spec.helpText)
    }

    let renderer = DiagnosticRenderer(useColor: Console.useColor(parsed.value("--color")))
    var json: [JSONValue] = []
    var errors = 0
    var warnings = 0
    for path in parsed.positionals {
      Self.lastAnalysis = nil  // the previous file's, freed before the next is read
      let file: SourceFile
      do { file = try InputFiles.read(path) } catch { return Console.fail(error.message) }
      let analysis = analyze(file, keepingIR: parsed.has("--emit-ir"))
      Self.lastAnalysis = analysis
      let diagnostics = Verbosity.shown(analysis.diagnostics)
      if parsed.has("--emit-syntax") { Console.out(analysis.syntax.sexpr() + "\n") }
      if parsed.has("--emit-ir"), let ir = analysis.ir { Console.out(IRPrinter.print(ir)) }
      errors += diagnostics.filter { $0.severity == .error }.count
      warnings += diagnostics.filter { $0.severity == .warning }.count
      if format == "json" {
        let uri = InputFiles.uri(for: path)
        json += diagnostics.map {
          DiagnosticRenderer.lspDiagnostic($0, in: file, uri: uri, extraData: [("file", .string(file.name))])
        }
      } else {
        Console.err(renderer.render(diagnostics, in: file))
      }
    }
    if format == "json" {
      Console.out(JSONValue.array(json).serialized + "\n")
    } else if errors + warnings > 0 {
      Console.err(summary(errors: errors, warnings: warnings))
    }
    return errors > 0 ? .failure : .success
  }

  /// The last file's analysis, left for the process's exit to free. Freeing a large
  /// file's tree, names and diagnostics piece by piece would be the last serial step of
  /// `animc check`, for memory the exit returns at once.
  nonisolated(unsafe) private static var lastAnalysis: Analysis?

  static func summary(errors: Int, warnings: Int) -> String {
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var parts: [String] = []
    if errors > 0 { parts.append(plural(errors, "error")) }
    if warnings > 0 { parts.append(plural(warnings, "warning")) }
    return parts.joined(separator: ", ") + " generated.\n"
  }
}
