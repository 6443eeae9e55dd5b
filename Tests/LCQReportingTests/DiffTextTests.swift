import LCQReporting
import XCTest

/// The rates `lcq diff` prints, worked by hand: occurrences per run to two decimals, half up.
final class DiffTextTests: XCTestCase {
  func testPerRunIsRoundedHalfUpFromIntegers() {
    XCTAssertEqual(DiffText.perRun(7, runs: 2), "3.50")
    XCTAssertEqual(DiffText.perRun(1, runs: 3), "0.33")  // 0.333…
    XCTAssertEqual(DiffText.perRun(2, runs: 3), "0.67")  // 0.666…
    XCTAssertEqual(DiffText.perRun(1, runs: 8), "0.13")  // 0.125, half up
    XCTAssertEqual(DiffText.perRun(1_234, runs: 1), "1234.00")
    XCTAssertEqual(DiffText.perRun(5, runs: 0), "0.00")
  }
}
