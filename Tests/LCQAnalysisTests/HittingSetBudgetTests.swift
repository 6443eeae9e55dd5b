import XCTest

@testable import LCQAnalysis

/// The minimal hitting sets of the corrections, which complete the list of minimal conflicting
/// sets, have a work budget: a fuzzer's block with many independent corrections took 1.8 s for
/// one message. Worked by hand on families of disjoint pairs {2i, 2i+1}:
/// each hitting set takes one element of every pair, so n pairs have 2^n of them.
final class HittingSetBudgetTests: XCTestCase {
  func testSmallFamiliesAreSolvedWhole() throws {
    let pairs = (0..<3).map { Set([2 * $0, 2 * $0 + 1]) }
    let sets = try XCTUnwrap(ConflictEnumeration.minimalHittingSets(of: pairs))
    XCTAssertEqual(sets.count, 8)
    XCTAssertTrue(sets.allSatisfy { set in set.count == 3 && pairs.allSatisfy { !$0.isDisjoint(with: set) } })
    // {0, 1} and {1, 2}: {1} meets both, and {0, 2}; nothing else is minimal.
    XCTAssertEqual(
      Set(try XCTUnwrap(ConflictEnumeration.minimalHittingSets(of: [[0, 1], [1, 2]]))), [[1], [0, 2]])
  }

  func testAFamilyPastTheBudgetSaysSoInsteadOfRunningOn() {
    // 2^8 = 256 hitting sets, on a binary tree of 511 partial sets, each compared with the 8
    // pairs (4,088 comparisons) and with the results found so far.
    let pairs = (0..<8).map { Set([2 * $0, 2 * $0 + 1]) }
    XCTAssertEqual(ConflictEnumeration.minimalHittingSets(of: pairs)?.count, 256)
    XCTAssertNil(ConflictEnumeration.minimalHittingSets(of: pairs, budget: 4_088))
    // 2^16 = 65,536 hitting sets are past the default budget.
    XCTAssertNil(ConflictEnumeration.minimalHittingSets(of: (0..<16).map { Set([2 * $0, 2 * $0 + 1]) }))
  }

}
