import AnimSource
import AnimSyntax

/// One option a command accepts. `value` names its argument (`--fps N`); nil for a flag.
struct OptionSpec {
  var names: [String]
  var value: String?
  var help: String
  var repeatable = false
}

/// What a subcommand takes, for parsing and for `--help`.
struct CommandSpec {
  var name: String
  var summary: String
  var usage: String
  var options: [OptionSpec]
  var details: String = ""

  var helpText: String {
    var s = "\(summary)\n\nUSAGE: animc \(name) \(usage)\n\nOPTIONS:\n"
    let all =
      options + [
        OptionSpec(names: ["-q", "--quiet"], help: "Print errors only, not warnings."),
        OptionSpec(names: ["-h", "--help"], help: "Show this help."),
      ]
    let lefts = all.map { o in o.names.joined(separator: ", ") + (o.value.map { " " + $0 } ?? "") }
    let width = (lefts.map(\.count).max() ?? 0) + 2
    for (o, left) in zip(all, lefts) {
      s += "  " + left + String(repeating: " ", count: width - left.count) + o.help + "\n"
    }
    if !details.isEmpty { s += "\n" + details + "\n" }
    return s
  }
}

/// A mistake on the command line; exit status 2.
struct UsageError: Error {
  var message: String
}

/// Parsed command line: option values by their first long name, and positionals.
struct Arguments {
  var values: [String: [String]] = [:]
  var positionals: [String] = []
  var wantsHelp = false
  /// `-q`/`--quiet`, which every command takes: warnings are not printed.
  var quiet = false

  func has(_ name: String) -> Bool { values[name] != nil }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }

  init(_ args: [String], spec: CommandSpec) throws(UsageError) {
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      if arg == "-h" || arg == "--help" {
        wantsHelp = true
        continue
      }
      if arg == "-q" || arg == "--quiet" {
        quiet = true
        continue
      }
      var name = arg
      var inline: String? = nil
      if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
        let known = spec.options.flatMap(\.names) + ["--help"]
        let hint = closestWord(to: name, in: known).map { " (did you mean `\($0)`?)" } ?? ""
        throw UsageError(message: "unknown option `\(name)` for `animc \(spec.name)`\(hint)")
      }
      let key = option.names.last ?? name
      if option.value != nil {
        let v: String
        if let inline {
          v = inline
        } else {
          guard i < args.count else {
            throw UsageError(message: "`\(name)` needs a value: \(name) \(option.value ?? "")")
          }
          v = args[i]
          i += 1
        }
        if !option.repeatable, values[key] != nil {
          throw UsageError(message: "`\(name)` given more than once")
        }
        values[key, default: []].append(v)
      } else {
        if inline != nil { throw UsageError(message: "`\(name)` takes no value") }
        values[key] = [""]
      }
    }
    if let color = values["--color"]?.last, !["auto", "always", "never"].contains(color) {
      throw UsageError(message: "`--color` takes `auto`, `always` or `never`, not `\(color)`")
    }
  }
}

/// What the command line asked to be shown of the diagnostics.
enum Verbosity {
  /// Set once, from the command line, before any file is read (`-q`).
  nonisolated(unsafe) static var quiet = false

  /// `diagnostics` without the warnings when quiet.
  static func shown(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
  }
}

extension CommandSpec {
  /// The parsed command line, or nil with the status to exit with: after printing
  /// `--help` (0) or a mistake (2).
  func parse(_ args: [String]) -> (Arguments?, ExitStatus) {
    let parsed: Arguments
    do { parsed = try Arguments(args, spec: self) } catch { return (nil, Console.fail(error.message)) }
    Verbosity.quiet = parsed.quiet
    if parsed.wantsHelp {
      Console.out(helpText)
      return (nil, .success)
    }
    return (parsed, .success)
  }

  /// The one input file a command takes (`-` for stdin), or nil after reporting.
  func singleInput(_ parsed: Arguments) -> String? {
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      _ = Console.fail("give one input file (or `-` for stdin)\n\n" + helpText)
      return nil
    }
    return path
  }
}
