import AnimIR
import AnimMath
import AnimModel
import AnimSource

extension BlockEvaluator {
  /// An evaluated `contentsRect` (§12.3): four finite numbers, else a run-time error at the
  /// block (the checker proves the count when the list is written out or constant).
  static func contentsRect(_ v: Value, _ range: SourceRange) throws(EvaluationError) -> ContentsRect {
    guard case .list(let items) = v, items.count == 4 else {
      throw EvaluationError(message: "`contentsRect` needs four numbers [x, y, w, h]", range: range)
    }
    let n = items.map(\.number)
    guard n.allSatisfy(\.isFinite) else {
      throw EvaluationError(message: "the value of `contentsRect` is not finite", range: range)
    }
    return ContentsRect(x: n[0], y: n[1], width: n[2], height: n[3])
  }
}
