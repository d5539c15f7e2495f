@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel
import Testing


/// `ParameterSlots` holds a call's arguments inline, in a fixed number of slots, and
/// stops the program if a signature has more: every signature must fit.
@Suite struct ParameterSlotsTests {
  @Test func everyBuiltinSignatureFits() {
    let springs = [["mass"], ["response"], ["duration"], ["damping"]].map { Signature.spring(labels: Set($0)) }
    let all = Array(Signature.fixed.values) + springs
    #expect(all.count > 20)
    for signature in all {
      #expect(signature.parameters.count <= ParameterSlots.capacity, "\(signature.builtin)")
    }
  }
}
