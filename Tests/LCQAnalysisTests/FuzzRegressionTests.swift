import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// Inputs the fuzzers found, kept so that what they exposed stays fixed (see RELIABILITY.md).
final class FuzzRegressionTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

  func blocks(_ name: String) throws -> [ConflictBlock] {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
    var scanner = ConflictScanner(file: name)
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(data)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }

  /// `FuzzReplay` ran over a second on this block under AddressSanitizer (arbitrary-precision
  /// GCDs for constants such as `1e308`). The conflict is three lines in the plane of the
  /// button's bottom edge b and the view's leading edge L: [20] b = L and [21] b = 16·L +
  /// 0.384615 meet at L ≈ -0.0256, where [24] b = 1e-300·L + 16 asks b ≈ 16; any two of them
  /// meet somewhere, so the three (list indices 19, 20, 23) are the minimal set.
  func testTheHugeNumbersBlockIsProvenWithTheThreeLines() throws {
    let block = try XCTUnwrap(blocks("replay-slow-huge-numbers.log").first)
    let analysis = BlockAnalyzer().analyze(block)
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [19, 20, 23])
    let replay = try XCTUnwrap(analysis.replay)
    XCTAssertEqual(replay.certificate?.isVerified, true)
    XCTAssertEqual(replay.witnesses.count, 3)
    XCTAssertTrue(replay.witnesses.allSatisfy(\.isVerified))
  }

  /// `FuzzReplay` ran this AppKit block (21 constraints, constants such as `2.22507e-308` and
  /// `1e308`) in 0.8 s alone and past its 1-second limit on a busy machine: it has 298 minimal
  /// conflicting sets, and finding them all took at least 297 isolations (one per set after the
  /// first), each with big-number arithmetic. The enumeration now stops at ``ConflictEnumeration/isolationBudget`` and says
  /// its list is incomplete; the verdict and the proven set are the same.
  func testABlockWithHundredsOfMinimalSetsStopsAtTheIsolationBudget() throws {
    let block = try XCTUnwrap(blocks("replay-many-minimal-sets.log").first)
    let analysis = BlockAnalyzer().analyze(block)
    XCTAssertEqual(analysis.verdict, .conflict)
    let replay = try XCTUnwrap(analysis.replay)
    XCTAssertEqual(replay.certificate?.isVerified, true)
    XCTAssertEqual(replay.witnesses.count, analysis.minimalSet.count)
    XCTAssertTrue(replay.witnesses.allSatisfy(\.isVerified))
    XCTAssertFalse(replay.minimalSetsComplete)
    XCTAssertEqual(replay.minimalSets.first, analysis.minimalSet)
    XCTAssertGreaterThan(replay.minimalSets.count, 1)
    XCTAssertLessThanOrEqual(replay.minimalSets.count, 1 + ConflictEnumeration.isolationBudget)
  }

  /// v1 = 10^400·v2, …, v8 = 10^400·v9, v9 = 1 and v1 = 2 conflict (v1 would be 10^3200), but
  /// the solver's numbers pass `Rational.maximumBitWidth` (10^3200 has 10,631 bits): the block
  /// is undecidable for huge numbers, not a stall.
  func testAChainPastTheSizeLimitIsUndecidable() throws {
    let block = try XCTUnwrap(blocks("chain-past-size-limit.log").first)
    let analysis = BlockAnalyzer().analyze(block)
    XCTAssertEqual(analysis.verdict, .undecidable)
    XCTAssertEqual(analysis.replay?.missing, [.hugeNumber])
    XCTAssertEqual(analysis.minimalSet, [])
  }

  /// The same chain with five links (10^2000: 6,644 bits) is within the limit: a conflict that
  /// needs all seven constraints (without any one of them the rest have a solution).
  func testAChainWithinTheSizeLimitIsProven() throws {
    let block = try XCTUnwrap(blocks("chain-within-size-limit.log").first)
    let analysis = BlockAnalyzer().analyze(block)
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), Array(0..<7))
    XCTAssertEqual(analysis.replay?.certificate?.isVerified, true)
    XCTAssertEqual(analysis.replay?.witnesses.count, 7)
    XCTAssertTrue(analysis.replay?.witnesses.allSatisfy(\.isVerified) ?? false)
  }
}
