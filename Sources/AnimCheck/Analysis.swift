import AnimSyntax

/// Everything `animc check` knows about one file: its syntax tree and every diagnostic
/// the stages produced, in source order. Later stages (types, the IR) extend this.
public struct Analysis: Sendable {
  public let file: SourceFile
  public let syntax: SyntaxTree
  public let diagnostics: [Diagnostic]
  /// The checked scene; nil when the file has errors.
  public let ir: SceneIR?

  public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Runs the front end and the checker over one file.
public func analyze(_ file: SourceFile) -> Analysis {
  let parsed = Parser.parse(file)
  return Analysis(file: file, syntax: parsed.tree, diagnostics: parsed.diagnostics, ir: nil)
}
