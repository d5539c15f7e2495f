import AnimIR
import AnimModel
import AnimSyntax

/// `contentsRect [x, y, w, h]` (§12.3): four Numbers in unit coordinates of the image, set
/// once in a node's or spawn's block (it is not animated).
extension Checker {
  func checkContentsRect(_ stmt: NodeID, in scope: inout BlockScope) -> CheckedStatement? {
    guard let arg = singleArgument(stmt) else { return nil }
    let t = check(arg, expecting: .list(.number), in: &scope)
    guard !t.type.isError else { return nil }
    var count: Int? = nil
    if tree.kind(arg) == .list {
      count = tree.childCount(arg)
    } else if t.stage == .constant, let v = fold(arg), case .list(let items) = v {
      count = items.count
    }
    if let count, count != 4 {
      error(
        SemanticCode.badImageArgument, "`contentsRect` takes four numbers `[x, y, w, h]`, found \(count)",
        at: tree.range(arg), notes: ["the whole image is `[0, 0, 1, 1]`"])
      return nil
    }
    return .contentsRect(.node(arg))
  }
}
