import Testing

@testable import AnimSim

/// §14's paint order worked out by hand for five records in live order (seqs 1…5): 2 and 3
/// are children of 1, declared 3 first (ordinal 0) then 2 (ordinal 1); 4 is top level;
/// 5's parent (seq 9) is not sampled, so 5 is left out.
struct TreeArrangementTests {
  let seqs = [1, 2, 3, 4, 5]
  let parentSeq = [2: 1, 3: 1, 5: 9]
  let ordinal = [2: 1, 3: 0]

  @Test func equalZFollowsCreationThenDeclaration() {
    let a = TreeArrangement(seqs: seqs, z: { _ in 0 }, parentSeq: parentSeq, ordinal: ordinal)
    // Roots 1 then 4 (creation); under 1, ordinal 0 (seq 3) before ordinal 1 (seq 2).
    #expect(a.orderedSeqs == [1, 3, 2, 4])
    #expect(a.order == [0, 2, 1, 3])
    #expect(a.parents == [-1, 0, 0, -1])
    #expect(a.seqs == seqs)
  }

  @Test func lowerZPaintsFirstAtEachLevel() {
    // Record 3 (seq 4) below the others: it leads; record 1 (seq 2) below its sibling.
    let z: [Double] = [0, -1, 0, -2, 0]
    let a = TreeArrangement(seqs: seqs, z: { z[$0] }, parentSeq: parentSeq, ordinal: ordinal)
    #expect(a.orderedSeqs == [4, 1, 2, 3])
    #expect(a.order == [3, 0, 1, 2])
    #expect(a.parents == [-1, -1, 1, 1])
  }
}
