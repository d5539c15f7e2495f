import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Everything `animc check` knows about one file: its syntax tree and every diagnostic
/// the stages produced, in source order. Later stages (types, the IR) extend this.
package struct Analysis: Sendable {
  package let file: SourceFile
  package let syntax: SyntaxTree
  package let diagnostics: [Diagnostic]
  /// The checked scene; nil when the file has errors or the IR was not asked for.
  package let ir: SceneIR?

  package var hasErrors: Bool { diagnostics.hasErrors }
}

/// Runs the front end and the checker over one file. With `keepingIR: false` the
/// diagnostics are the same but `ir` is nil: what `animc check` needs, in less memory.
/// `resources` are where the scene's fonts and images are found.
package func analyze(_ file: SourceFile, keepingIR: Bool = true, resources: SceneResources = .files) -> Analysis {
  let parsed = Parser.parse(file)
  // Names and types are checked only on a tree without syntax errors: a declaration the
  // parser could not read would otherwise make every use of it a second error.
  guard !parsed.diagnostics.hasErrors else {
    return Analysis(file: file, syntax: parsed.tree, diagnostics: parsed.diagnostics, ir: nil)
  }
  let checked = checkSemantics(
    file, parsed.tree, schedule: .automatic, heads: parsed.declarationHeads,
    resources: resources, keepingScene: keepingIR)
  let all = (parsed.diagnostics + checked.diagnostics).sortedBySource()
  // Lowered only when wanted: the check alone is most of what `animc check` does.
  let ir = all.hasErrors || !keepingIR ? nil : checked.ir
  return Analysis(file: file, syntax: parsed.tree, diagnostics: all, ir: ir)
}
