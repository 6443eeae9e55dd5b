import XCTest

@testable import LCQStore

/// The one-sided exact test of ``RunShare``, on counts worked out by hand with binomial
/// coefficients: P(X ≥ k) for X hypergeometric, K runs with the conflict among N.
final class RunShareTests: XCTestCase {
  private func p(_ runs: Int, of: Int, after previousRuns: Int, of previousOf: Int) -> Double {
    RunShare(runs: runs, of: of, previousRuns: previousRuns, previousOf: previousOf).pValue
  }

  func testHandWorkedValues() {
    // 1 of 20 after 0 of 20: C(1,1)·C(39,19)/C(40,20) = 20/40.
    XCTAssertEqual(p(1, of: 20, after: 0, of: 20), 0.5, accuracy: 1e-12)
    // 15 of 20 after 0 of 20: C(25,5)/C(40,20) = 53130/137846528820.
    XCTAssertEqual(p(15, of: 20, after: 0, of: 20), 53130.0 / 137_846_528_820.0, accuracy: 1e-16)
    // 1 of 1 after 0 of 1: C(1,0)/C(2,1) = 1/2.
    XCTAssertEqual(p(1, of: 1, after: 0, of: 1), 0.5, accuracy: 1e-12)
    // 4 of 10 after 0 of 10: C(16,6)/C(20,10) = 8008/184756; 3 of 10: C(17,7)/C(20,10) = 19448/184756.
    XCTAssertEqual(p(4, of: 10, after: 0, of: 10), 8008.0 / 184_756.0, accuracy: 1e-12)
    XCTAssertEqual(p(3, of: 10, after: 0, of: 10), 19448.0 / 184_756.0, accuracy: 1e-12)
    // 2 of 10 after 1 of 10: (C(3,2)·C(17,8) + C(3,3)·C(17,7))/C(20,10) = (72930 + 19448)/184756.
    XCTAssertEqual(p(2, of: 10, after: 1, of: 10), 92378.0 / 184_756.0, accuracy: 1e-12)
    // Every run of both: nothing is unusual.
    XCTAssertEqual(p(5, of: 5, after: 5, of: 5), 1, accuracy: 1e-12)
  }

  func testNothingToCompareWithIsNeverBeyondChance() {
    XCTAssertEqual(p(20, of: 20, after: 0, of: 0), 1)
    XCTAssertEqual(p(0, of: 20, after: 3, of: 20), 1)
    XCTAssertFalse(RunShare(runs: 20, of: 20, previousRuns: 0, previousOf: 0).isBeyondChance(at: 0.05))
  }

  func testTheLevelDecides() {
    let share = RunShare(runs: 4, of: 10, previousRuns: 0, previousOf: 10)  // p ≈ 0.0433
    XCTAssertTrue(share.isBeyondChance(at: 0.05))
    XCTAssertFalse(share.isBeyondChance(at: 0.01))
    XCTAssertFalse(RunShare(runs: 3, of: 10, previousRuns: 0, previousOf: 10).isBeyondChance(at: 0.05))
    XCTAssertTrue(RunShare(runs: 15, of: 20, previousRuns: 0, previousOf: 20).isBeyondChance(at: 0.05))
    XCTAssertFalse(RunShare(runs: 1, of: 20, previousRuns: 0, previousOf: 20).isBeyondChance(at: 0.05))
  }
}
