import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// `rgb`/`rgba` channels that can never be right (§1): a red, green or blue channel
/// outside 0…255, or an alpha outside 0…1, is an error at the argument. A constant
/// channel that is a fraction while another is a byte (`rgb(255, 0.5, 0)`) draws almost
/// none of that channel: a warning, with the byte it likely meant.
extension Checker {
  func checkColorChannels(_ matched: ParameterSlots, _ exprs: [Expr], alpha: Bool) {
    var channels: [(node: NodeID, value: Double)] = []
    for i in 0..<min(3, exprs.count) {
      guard let node = matched[i], case .number(let v)? = fold(exprs[i]), v.isFinite else { continue }
      channels.append((node, v))
      if v < 0 || v > 255 {
        let near = min(max(v, 0), 255)
        error(
          SemanticCode.colorChannelRange,
          "`\(alpha ? "rgba" : "rgb")` channels run from 0 to 255, found \(JSONLimits.text(v))",
          at: tree.range(node),
          fixes: [.replace(tree.range(node), with: JSONLimits.text(near), "use `\(JSONLimits.text(near))`")])
      }
    }
    if alpha, exprs.count > 3, let node = matched[3], case .number(let a)? = fold(exprs[3]), a.isFinite,
      a < 0 || a > 1
    {
      // An alpha written as a byte (128) most likely meant that byte over 255.
      let meant = a > 1 && a <= 255 ? JSONLimits.text((a / 255 * 100).rounded() / 100) : (a < 0 ? "0" : "1")
      error(
        SemanticCode.colorChannelRange, "`rgba`'s alpha runs from 0 to 1, found \(JSONLimits.text(a))",
        at: tree.range(node), fixes: [.replace(tree.range(node), with: meant, "did you mean `\(meant)`?")])
    }
    guard channels.contains(where: { $0.value > 1 }) else { return }
    for (node, v) in channels where v > 0 && v < 1 && tree.kind(node) == .number {
      let byte = JSONLimits.text((v * 255).rounded())
      warning(
        SemanticCode.colorChannelScale,
        "`\(text(node))` is a fraction of 1 among channels that run from 0 to 255, so it is nearly 0",
        at: tree.range(node), fixes: [.replace(tree.range(node), with: byte, "write it in 0…255: `\(byte)`")])
    }
  }
}
