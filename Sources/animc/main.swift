import AnimOutput
import AnimSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The subcommands; each lives in its own file as `XCommand.run(arguments) -> ExitStatus`.
let commands: [(name: String, summary: String, run: ([String]) -> ExitStatus)] = [
  ("check", "Check .anim files for errors and warnings.", CheckCommand.run),
  ("run", RunCommand.summary, RunCommand.run),
  ("dump", DumpCommand.summary, DumpCommand.run),
  ("render", RenderCommand.summary, RenderCommand.run),
  ("fmt", FmtCommand.summary, FmtCommand.run),
  ("lsp", LSPCommand.summary, LSPCommand.run),
  ("preview", PreviewCommand.summary, PreviewCommand.run),
]

/// A function, not a global: main.swift's globals are made before `main` runs, and
/// joining the commands' lines cost a tenth of a millisecond at every start.
@MainActor func usage() -> String {
  """
  animc — the compiler and toolchain for .anim animated scenes.

  USAGE: animc <command> [options]

  COMMANDS:
  \(commands.map { "  " + $0.name.padding(8) + $0.summary }.joined(separator: "\n"))

  Run `animc <command> --help` for a command's options.

  """
}

extension String {
  func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}

@MainActor func main() -> ExitStatus {
  DeepStack.prepare()
  SignalCleanup.unblockSignals()
  let args = Array(CommandLine.arguments.dropFirst())
  guard let first = args.first else {
    Console.err(usage())
    return .usage
  }
  if first == "-h" || first == "--help" || first == "help" {
    Console.out(usage())
    return .success
  }
  if first == "--version" {
    Console.out("animc 0.1.0\n")
    return .success
  }
  guard let command = commands.first(where: { $0.name == first }) else {
    let hint = closestWord(to: first, in: commands.map(\.name)).map { " (did you mean `\($0)`?)" } ?? ""
    return Console.fail("unknown command `\(first)`\(hint)\n\n" + usage())
  }
  return command.run(Array(args.dropFirst()))
}

exit(Console.finish(main()).rawValue)
