import LCQAnalysis
import LCQParsing
import LCQTestSupport
import XCTest

/// Properties of the replay over every block of the shared corpus.
final class ReplayInvarianceTests: XCTestCase {
  /// The block with its list in another order (the broken constraint stays as logged).
  func shuffled(_ block: ConflictBlock, using generator: inout SeededGenerator) -> ConflictBlock {
    var copy = block
    copy.constraints.shuffle(using: &generator)
    return copy
  }

  func descriptions(_ indices: [Int], in block: ConflictBlock) -> [String] {
    indices.map { block.constraints[$0].description }.sorted()
  }

  func testShufflingTheListNeverChangesTheVerdictOrTheMinimalSet() {
    var generator = SeededGenerator.forTest("ReplayInvarianceTests")
    let analyzer = BlockAnalyzer()
    var conflicts = 0
    for block in Corpus.allBlocks {
      let original = analyzer.analyze(block)
      if original.verdict == .conflict { conflicts += 1 }
      for _ in 0..<3 {
        let other = shuffled(block, using: &generator)
        let analysis = analyzer.analyze(other)
        let place = "\(block.source.file):\(block.source.line)"
        XCTAssertEqual(analysis.verdict, original.verdict, place)
        XCTAssertEqual(
          descriptions(analysis.minimalSet, in: other), descriptions(original.minimalSet, in: block), place)
        XCTAssertEqual(
          Set((analysis.replay?.minimalSets ?? []).map { descriptions($0, in: other) }),
          Set((original.replay?.minimalSets ?? []).map { descriptions($0, in: block) }), place)
        XCTAssertEqual(
          analysis.replay?.singleFixes.map { descriptions($0, in: other) },
          original.replay?.singleFixes.map { descriptions($0, in: block) }, place)
      }
    }
    XCTAssertGreaterThan(conflicts, 80)
  }

  func testEveryConflictIsCertifiedAndEveryMemberHasAWitness() {
    var checked = 0
    defer { XCTAssertGreaterThan(checked, 80, "the corpus's conflicts were checked") }
    for block in Corpus.allBlocks {
      let analysis = BlockAnalyzer().analyze(block)
      guard analysis.verdict == .conflict || analysis.verdict == .withinPrecision,
        let replay = analysis.replay
      else { continue }
      let place = "\(block.source.file):\(block.source.line)"
      checked += 1
      XCTAssertFalse(replay.minimalSet.isEmpty, place)
      XCTAssertEqual(replay.certificate?.isVerified, true, place)
      XCTAssertTrue(replay.certificate?.sum.signum == -1, place)
      XCTAssertEqual(
        Set(replay.certificate?.terms.compactMap(\.constraint) ?? []), Set(replay.minimalSet), place)
      XCTAssertEqual(replay.witnesses.map(\.constraint).sorted(), replay.minimalSet.sorted(), place)
      XCTAssertTrue(replay.witnesses.allSatisfy(\.isVerified), place)
      if analysis.verdict == .conflict {
        XCTAssertTrue(replay.minimalSets.allSatisfy { !$0.isEmpty }, place)
        for fix in replay.singleFixes ?? [] {
          XCTAssertTrue(replay.minimalSets.allSatisfy { $0.contains(fix) }, "\(place): single fix \(fix)")
        }
      }
    }
  }
}
