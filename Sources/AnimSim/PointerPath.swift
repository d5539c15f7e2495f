import AnimIR
import AnimMath

/// Where the pointer is during a press (§16), by run time.
package enum PointerPath: Sendable {
  /// `drag … to Q over D at T timing F`: `P + (Q − P)·F((t − T)/D)`, P the press point.
  case scripted(ScriptedDrag)
  /// The latest reported point (`RunEvent.move`).
  case reported

  /// The pointer at run time `t` of a press at `p` at run time `pressedAt`; `latest` is
  /// the latest reported point.
  func point(at t: Double, pressedAt: Double, from p: Point, latest: Point) -> Point {
    switch self {
    case .reported: return latest
    case .scripted(let drag):
      let u = drag.duration > 0 ? min(max((t - drag.at) / drag.duration, 0), 1) : 1
      let k = drag.timing.progress(u, duration: drag.duration)
      return p + (drag.to - p) * k
    }
  }
}
