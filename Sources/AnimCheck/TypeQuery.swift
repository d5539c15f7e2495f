import AnimIR
import AnimModel
import AnimSyntax

/// The type of the expression at `node`, for editors (hover). Runs the checker's
/// inference on that one expression against the file's declarations; nil when the
/// node is not an expression or its type cannot be known on its own (a block's `let`).
package func typeDescription(of node: NodeID, in analysis: Analysis) -> String? {
  guard !analysis.syntax.kind(node).isError,
    analysis.syntax.kind(node).isExpression || analysis.syntax.kind(node) == .name
  else { return nil }
  let checker = Checker(file: analysis.file, tree: analysis.syntax)
  checker.collectDeclarations()
  checker.checkScene()
  if let symbol = analysis.syntax.symbol(node), analysis.syntax.kind(node) == .name,
    let d = checker.declarations[symbol]
  {
    switch d.kind {
    case .node: return "Node"
    case .emitter: return "Emitter"
    case .replicator: return "Replicator"
    default: break
    }
  }
  var scope = BlockScope(.spawn)
  let typed = checker.check(node, expecting: nil, in: &scope)
  return typed.type.isError ? nil : typed.type.description
}
