import AnimCheck
import AnimIR
import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// A record kept from the frame before, with no style animated, gets only its leading
/// values afresh (`NodeState.takeLeading`, `FrameSampler.compose`): every animated value
/// outside the style must be among them, or frames would show stale values.
@Test func everyAnimatedValueOutsideTheStyleIsALeadingValue() {
  let value = Channels(11, 22, 33, 44)
  for property in Property.allCases {
    let target = PropertyTarget(property)
    var model = NodeState()
    target.write(value, &model)
    var kept = NodeState()
    kept.takeLeading(of: model)
    if target.isStyle {
      // A style value has a slot the kept record does not take afresh.
      #expect(target.read(kept) != target.read(model), "\(property)")
    } else {
      #expect(target.read(kept) == target.read(model), "\(property)")
      #expect(kept == model, "\(property)")
    }
  }
}
