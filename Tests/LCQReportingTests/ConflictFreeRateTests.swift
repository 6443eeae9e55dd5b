import XCTest

@testable import LCQReporting

/// Conflict-free rates and their changes, worked out by hand: rounded once, half away from zero.
final class ConflictFreeRateTests: XCTestCase {
  func testPercentages() {
    XCTAssertEqual(ConflictFreeRate.percent(1, of: 3), "33.3")
    XCTAssertEqual(ConflictFreeRate.percent(2, of: 3), "66.7")
    XCTAssertEqual(ConflictFreeRate.percent(1, of: 8), "12.5")
    XCTAssertEqual(ConflictFreeRate.percent(1, of: 16), "6.3")  // 6.25, half away from zero
    XCTAssertEqual(ConflictFreeRate.percent(20, of: 20), "100.0")
    XCTAssertEqual(ConflictFreeRate.percent(0, of: 20), "0.0")
    XCTAssertNil(ConflictFreeRate.percent(0, of: 0))
  }

  func testChangesInPercentagePoints() {
    XCTAssertEqual(ConflictFreeRate.change(from: (1, 2), to: (3, 4)), "25.0")
    XCTAssertEqual(ConflictFreeRate.change(from: (3, 4), to: (1, 2)), "-25.0")
    XCTAssertEqual(ConflictFreeRate.change(from: (1, 16), to: (0, 5)), "-6.3")  // -6.25
    XCTAssertEqual(ConflictFreeRate.change(from: (999, 1000), to: (9996, 10000)), "0.1")  // 0.06
    // -0.019: rounded to zero, without a sign.
    XCTAssertEqual(ConflictFreeRate.change(from: (99999, 100_000), to: (9998, 10000)), "0.0")
    XCTAssertEqual(ConflictFreeRate.change(from: (19, 20), to: (19, 20)), "0.0")
    XCTAssertNil(ConflictFreeRate.change(from: (0, 0), to: (1, 1)))
  }
}
