import AnimSyntax
import Testing

@testable import AnimCheck
@testable import AnimIR
@testable import AnimModel

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

  /// Each of the slots keeps its own node, and an empty one reads as none.
  @Test func eachSlotHoldsItsOwnNode() {
    var slots = ParameterSlots(count: ParameterSlots.capacity)
    for i in 0..<ParameterSlots.capacity { #expect(slots[i] == nil) }
    for i in stride(from: 0, to: ParameterSlots.capacity, by: 2) { slots[i] = NodeID(Int32(100 + i)) }
    slots[3] = NodeID(0)
    let expected: [NodeID?] = [NodeID(100), nil, NodeID(102), NodeID(0), NodeID(104), nil, NodeID(106), nil]
    for i in 0..<ParameterSlots.capacity { #expect(slots[i] == expected[i], "slot \(i)") }
    slots[2] = nil
    #expect(slots[2] == nil)
    #expect(slots[4] == NodeID(104))
  }
}
