import LCQStore
import XCTest

final class BuildKeyTests: XCTestCase {
  func testBuildsOrderNumerically() {
    let builds = ["2.10 (9)", "2.9 (12)", "1.0 (100)", "1.0 (99)", "10", "9", "2.9 (3)", "1.0"]
    let sorted = builds.sorted { BuildKey.of($0) < BuildKey.of($1) }
    XCTAssertEqual(sorted, ["1.0", "1.0 (99)", "1.0 (100)", "2.9 (3)", "2.9 (12)", "2.10 (9)", "9", "10"])
  }

  func testLeadingZerosDoNotMatter() {
    XCTAssertEqual(BuildKey.of("007"), BuildKey.of("7"))
    XCTAssertEqual(BuildKey.of("0"), "000000000000")
  }
}
