import AnimMath
import Testing

@testable import AnimSim

/// The memory layouts sampling relies on to touch few cache lines per instance and frame
/// (`RunSampler`): a layout change that breaks one of them still samples correctly but
/// reads and writes more memory, which only a benchmark would show.
@Suite struct SamplingLayoutTests {
  @Test func aRecordLeadsWithWhatChangesInMostFrames() {
    // `StateColumn` finds a record's state right after its matrix; `copyLeading` copies
    // position, scale, rotation and opacity, which end where the fill begins.
    #expect(MemoryLayout<NodeFrame>.offset(of: \.matrix) == 0)
    #expect(MemoryLayout<NodeFrame>.offset(of: \.state) == MemoryLayout<AffineTransform>.size)
    #expect(MemoryLayout<NodeState>.offset(of: \.fill) == NodeState.leadingBytes)
    #expect(NodeFrame.leadingBytes == MemoryLayout<AffineTransform>.size + 6 * 8)
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
