import AnimCheck
import AnimFormat
import AnimIR
import AnimModel
import AnimServer
import AnimSource
import AnimSyntax
import Foundation

/// Formatting requests use the same formatter as `animc fmt`.
struct CanonicalFormatter: DocumentFormatter {
  func formattedText(of file: SourceFile, options: FormattingOptions) -> String? {
    let result = AnimFormat.Formatter.format(file)
    return result.changed ? result.formatted : nil
  }
}

/// `animc lsp`: the language server over stdio (LSP 3.17).
enum LSPCommand {
  static let summary = "Run the language server over stdio."

  static let help = """
    Run the .anim language server (LSP 3.17, JSON-RPC over stdin/stdout).

    USAGE: animc lsp [--stdio]

    The server speaks Content-Length framed JSON-RPC on stdin and stdout and logs to
    stderr. It exits with status 0 after `shutdown` + `exit`, 1 otherwise.

    """

  static func run(_ args: [String]) -> ExitStatus {
    for arg in args {
      switch arg {
      case "-h", "--help":
        Console.out(help)
        return .success
      case "--stdio": continue  // what editors pass by habit; stdio is the only transport
      case "-q", "--quiet": continue  // taken by every command; the server prints no warnings
      default:
        return Console.fail("unknown option `\(arg)` for `animc lsp`\n\n" + help)
      }
    }
    let hooks = ServerHooks(
      formatter: CanonicalFormatter(), typeOf: { analysis, node in typeDescription(of: node, in: analysis) })
    let code = LanguageServer(input: .standardInput, output: .standardOutput, hooks: hooks).run()
    return code == 0 ? .success : .failure
  }
}
