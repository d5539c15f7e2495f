import AnimIR
import AnimImage
import AnimModel
import AnimSyntax

/// `image("file.png", …)` (§12.3): the path must be a string literal, and the file is
/// examined now — stat'ed (a pipe or device is never opened), then its header read — so
/// that `check` and the language server report a missing or unusable image at the string.
extension Checker {
  /// The arguments `ImageBuiltins.image` evaluates after its parameters, or nil after
  /// reporting why the call cannot stand. `exprs` are the lowered parameters.
  func checkImage(_ matched: ParameterSlots, _ exprs: [Expr]) -> [Expr]? {
    guard let node = matched[0] else { return nil }
    let range = tree.range(node)
    guard tree.kind(node) == .string else {
      error(
        SemanticCode.badImageArgument, "`image` takes its file's path as a string literal", at: range,
        notes: ["the checker reads the image's header, so its path must be written out"])
      return nil
    }
    let name = tree.string(node)
    let path = ImageSource.resolve(name, fromSource: file.name)
    let header: PNGHeader
    do {
      header = try resources.images.header(name: name, path: path)
    } catch let problem {
      error(
        SemanticCode.unreadableImage, "cannot use the image `\(name)`: \(problem.description)", at: range,
        notes: path == name || !resources.readsFiles ? [] : ["looked for it at \(path)"])
      return nil
    }
    var sidesOK = true
    for (i, label) in [(1, "width"), (2, "height")] where matched[i] != nil && i < exprs.count {
      guard let v = fold(exprs[i]), case .number(let n) = v else { continue }
      if !(n > 0 && n.isFinite) {
        let at = matched[i].map { tree.range($0) } ?? range
        let found = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        error(SemanticCode.badArgumentValue, "an image's `\(label):` must be more than 0, found \(found)", at: at)
        sidesOK = false
      }
    }
    guard sidesOK else { return nil }
    return [
      .constant(.string(path)), .constant(.number(Double(header.width))), .constant(.number(Double(header.height))),
      .constant(.bool(matched[1] != nil)), .constant(.bool(matched[2] != nil)),
      .constant(.number(Double(range.start))), .constant(.number(Double(range.end))),
    ]
  }
}
