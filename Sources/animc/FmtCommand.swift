import AnimFormat
import AnimOutput
import AnimSource
import AnimSyntax

/// `animc fmt FILE… | -`: rewrite files in the canonical layout (only those that change,
/// atomically), or check that they already are.
enum FmtCommand {
  static let summary = "Format .anim files in the canonical layout."

  static let spec = CommandSpec(
    name: "fmt",
    summary: summary,
    usage: "[--check] [--force] FILE… | -",
    options: [
      OptionSpec(names: ["--check"], help: "Write nothing; list the files that would change on stdout."),
      OptionSpec(
        names: ["--force"], help: "Rewrite a file that has other hard links in place, so the links share the result."),
      OptionSpec(
        names: ["--color"], value: "auto|always|never",
        help: "Colour in diagnostics (default: auto, only on a terminal)."),
    ],
    details: """
      Files are rewritten in place, atomically, and only when their layout changes; `-` reads
      standard input and writes the result to standard output. A file with syntax errors is
      never formatted: its diagnostics go to stderr and it is left untouched. A rewritten
      file keeps its mode, owner and group; a symbolic link is followed and kept; a file with
      other hard links is refused unless --force is given. CRLF line endings and a leading
      byte-order mark are kept.
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
    let options = OutputOptions(force: parsed.has("--force"))
    let renderer = DiagnosticRenderer(useColor: Console.useColor(parsed.value("--color")))
    var status = ExitStatus.success
    for path in paths {
      let outcome = format(path, check: check, options: options, renderer: renderer)
      if outcome.rawValue > status.rawValue { status = outcome }
    }
    return status
  }

  /// Formats one input; the status it alone would give.
  static func format(_ path: String, check: Bool, options: OutputOptions, renderer: DiagnosticRenderer)
    -> ExitStatus
  {
    let read: SourceFile
    do { read = try InputFiles.read(path) } catch { return Console.fail(error.message) }
    let layout = LineLayout(read.bytes)
    let file = SourceFile(name: read.name, bytes: layout.normalized)
    let result = Formatter.format(file)
    guard let text = result.formatted else {
      Console.err(renderer.render(result.diagnostics, in: file))
      return .failure
    }
    let bytes = layout.restore(text)
    let changed = bytes != read.bytes
    if check {
      guard changed else { return .success }
      Console.out((path == "-" ? file.name : path) + "\n")
      return .failure
    }
    guard path == "-" || changed else { return .success }
    do { try AnimOutput.OutputFile.write(bytes, to: path, options: options) } catch {
      return Console.fail(error.message)
    }
    return .success
  }
}

/// A file's byte-order mark and line endings, which the formatter's canonical layout does
/// not choose: it formats text with neither, and the result gets the file's back. A file
/// uses CRLF when its first line ends in one; then every line of the result does.
struct LineLayout {
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  let hasByteOrderMark: Bool
  let usesCRLF: Bool
  /// The bytes without the mark, and with CRLF as LF when the file uses CRLF.
  let normalized: [UInt8]

  init(_ bytes: [UInt8]) {
    hasByteOrderMark = bytes.starts(with: Self.byteOrderMark)
    let body = hasByteOrderMark ? Array(bytes.dropFirst(3)) : bytes
    let firstNewline = body.firstIndex(of: 0x0A)
    usesCRLF = firstNewline.map { $0 > 0 && body[$0 - 1] == 0x0D } ?? false
    guard usesCRLF else {
      normalized = body
      return
    }
    var out: [UInt8] = []
    out.reserveCapacity(body.count)
    for (i, byte) in body.enumerated() where !(byte == 0x0D && i + 1 < body.count && body[i + 1] == 0x0A) {
      out.append(byte)
    }
    normalized = out
  }

  /// `text` with the file's mark and line endings.
  func restore(_ text: String) -> [UInt8] {
    var out = hasByteOrderMark ? Self.byteOrderMark : []
    out.reserveCapacity(out.count + text.utf8.count)
    for byte in text.utf8 {
      if usesCRLF && byte == 0x0A { out.append(0x0D) }
      out.append(byte)
    }
    return out
  }
}
