import AnimFormat
import AnimSyntax

/// `animc fmt FILE… | -`: rewrite files in the canonical layout (only those that change,
/// atomically), or check that they already are.
enum FmtCommand {
  static let summary = "Format .anim files in the canonical layout."

  static let spec = CommandSpec(
    name: "fmt",
    summary: summary,
    usage: "[--check] FILE… | -",
    options: [
      OptionSpec(names: ["--check"], help: "Write nothing; list the files that would change on stdout."),
      OptionSpec(
        names: ["--color"], value: "auto|always|never",
        help: "Colour in diagnostics (default: auto, only on a terminal)."),
    ],
    details: """
      Files are rewritten in place, atomically, and only when their layout changes; `-` reads
      standard input and writes the result to standard output. A file with syntax errors is
      never formatted: its diagnostics go to stderr and it is left untouched.
      Exit status: 0 done (or, with --check, nothing would change), 1 a file has syntax errors
      (or, with --check, a file would change), 2 the command could not run (bad arguments,
      unreadable or unwritable file).
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    let paths = parsed.positionals
    guard !paths.isEmpty else {
      return Console.fail("no input files (give paths, or `-` for stdin)\n\n" + spec.helpText)
    }
    guard !paths.contains("-") || paths.count == 1 else {
      return Console.fail("`-` (standard input) cannot be combined with other files")
    }
    let check = parsed.has("--check")
    let renderer = DiagnosticRenderer(useColor: Console.useColor(parsed.value("--color")))
    var status = ExitStatus.success
    for path in paths {
      let outcome = format(path, check: check, renderer: renderer)
      if outcome.rawValue > status.rawValue { status = outcome }
    }
    return status
  }

  /// Formats one input; the status it alone would give.
  static func format(_ path: String, check: Bool, renderer: DiagnosticRenderer) -> ExitStatus {
    let file: SourceFile
    do { file = try InputFiles.read(path) } catch { return Console.fail(error.message) }
    let result = Formatter.format(file)
    guard let text = result.formatted else {
      Console.err(renderer.render(result.diagnostics, in: file))
      return .failure
    }
    if check {
      guard result.changed else { return .success }
      Console.out((path == "-" ? file.name : path) + "\n")
      return .failure
    }
    if path == "-" {
      Console.out(text)
      return .success
    }
    guard result.changed else { return .success }
    do { try OutputFile.write(Array(text.utf8), to: path) } catch { return Console.fail(error.message) }
    return .success
  }
}
