import Foundation
import LCQParsing
import LCQStore
import XCTest

final class IngestClockTests: XCTestCase {
  func stamp(year: Int?, month: Int, day: Int, offset: Int?) -> LogTimestamp {
    LogTimestamp(
      year: year, month: month, day: day, hour: 14, minute: 10, second: 1, fraction: "5",
      utcOffsetSeconds: offset,
      text: "")
  }

  let utc = TimeZone(identifier: "UTC")!

  func testAFullTimestampIsUsedAsPrinted() {
    let clock = IngestClock(now: Date(timeIntervalSince1970: 1_800_000_000), timeZone: utc)
    // 2024-03-05T14:10:01-08:00 is 2024-03-05T22:10:01Z = 1709676601.
    XCTAssertEqual(clock.time(of: stamp(year: 2024, month: 3, day: 5, offset: -28_800)), 1_709_676_601)
  }

  func testAMissingYearIsTheIngestYearUnlessThatIsInTheFuture() {
    // Ingest on 2026-11-21T00:00:00Z (1795219200).
    let november = IngestClock(now: Date(timeIntervalSince1970: 1_795_219_200), timeZone: utc)
    // 2026-03-05
    XCTAssertEqual(november.time(of: stamp(year: nil, month: 3, day: 5, offset: nil)), 1_772_719_801)
    // Ingest on 2026-01-02: "Dec 31" is last year's.
    let january = IngestClock(now: Date(timeIntervalSince1970: 1_767_312_000), timeZone: utc)
    // 2025-12-31
    XCTAssertEqual(january.time(of: stamp(year: nil, month: 12, day: 31, offset: nil)), 1_767_190_201)
  }

  func testAMissingOffsetIsTheMachinesTimeZone() {
    let pacific = IngestClock(
      now: Date(timeIntervalSince1970: 1_800_000_000), timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    XCTAssertEqual(pacific.time(of: stamp(year: 2024, month: 3, day: 5, offset: nil)), 1_709_676_601)
  }
}
