import AnimCheck
import AnimMath
import Testing

@testable import AnimSim

/// The memory layouts sampling relies on. A record's leading values are the only ones
/// written into a record kept from the frame before (`RunSampler.compose`), so a layout
/// that put something else among them would leave stale values in frames; the rest only
/// decide how many cache lines an instance costs, which only a benchmark would show.
@Suite struct SamplingLayoutTests {
  @Test func aRecordLeadsWithWhatChangesInMostFrames() {
    // `StateColumn` finds a record's state right after its matrix; `copyLeading` copies
    // position, scale, rotation and opacity, which end where the fill begins.
    #expect(MemoryLayout<NodeFrame>.offset(of: \.matrix) == 0)
    #expect(MemoryLayout<NodeFrame>.offset(of: \.state) == MemoryLayout<AffineTransform>.size)
    #expect(MemoryLayout<NodeState>.offset(of: \.fill) == NodeState.leadingBytes)
    #expect(NodeFrame.leadingBytes == MemoryLayout<AffineTransform>.size + 6 * 8)
  }

  @Test func everyAnimatedValueOutsideTheStyleIsALeadingValue() {
    // A target that is not style must lie wholly within the bytes `copyLeading` copies,
    // and a style target wholly after them.
    for property in Property.allCases {
      let target = Target(property)
      let (offset, channels) = target.slot
      let end = offset + channels * MemoryLayout<Double>.stride
      if target.isStyle {
        #expect(offset >= NodeState.leadingBytes, "\(property)")
      } else {
        #expect(end <= NodeState.leadingBytes, "\(property)")
      }
    }
  }

  @Test func anInstanceKeepsWhatSamplingReadsOfEveryMemberInItsFirstLine() {
    #expect(MemoryLayout<LiveInstance>.stride == 3 * 64)
    for field in [\LiveInstance.run, \.end, \.animations, \.curve, \.seq, \.boxOrigin, \.z] as [PartialKeyPath] {
      let offset = MemoryLayout<LiveInstance>.offset(of: field)
      #expect(offset.map { $0 < 64 } == true, "\(field)")
    }
  }

  @Test func liveInstancesStartCacheLines() {
    // The storage, first and after growing (the element type does not matter).
    let list = LiveList<Int>()
    list.withUnsafeBufferPointer { #expect(Int(bitPattern: $0.baseAddress) % 64 == 0) }
    for i in 0..<1000 { list.append(i) }
    list.withUnsafeBufferPointer { #expect(Int(bitPattern: $0.baseAddress) % 64 == 0) }
  }
}
