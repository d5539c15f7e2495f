/// `animc lsp`: not implemented yet.
enum LSPCommand {
  static let summary = "Run the language server over stdio."

  static func run(_ args: [String]) -> ExitStatus {
    Console.fail("`animc lsp` is not implemented yet")
  }
}
