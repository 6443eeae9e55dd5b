import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// `lcq trend --by day` on both engines, over windows that hold days whole (read from the sums
/// per day), cut a day at either end or both (read from the rollup's rows), or lie inside one
/// day; one run logs across midnight, so it is a run of both days. Every expected point is read
/// by hand off the runs below: a day's occurrences inside the window, its distinct conflicts and
/// its distinct runs.
final class DayTrendTests: XCTestCase {
  /// 2024-03-01T00:00:00Z.
  private static let dayZero: Int64 = 1_709_251_200
  private static let day: Int64 = 86_400
  private static let hour: Int64 = 3_600

  /// Each run's app and the seconds after day zero at which it logs each conflict.
  private static let runs: [(app: String, logged: [(attribute: String, seconds: Int64)])] = [
    // Day 0 at 10:00 and 23:59, then day 1 at 00:30: across midnight.
    ("A", [("width", 10 * hour), ("width", day - 60), ("height", day + hour / 2)]),
    ("A", [("width", day + 10 * hour), ("leading", day + 11 * hour)]),
    ("B", [("height", 2 * day + 9 * hour), ("height", 2 * day + 20 * hour)]),
    ("A", [("leading", 3 * day + hour)]),
  ]

  /// A day's point as `lcq trend` prints it: label, occurrences, conflicts, runs.
  private struct Point: Equatable, CustomStringConvertible {
    var label: String
    var occurrences: Int
    var conflicts: Int
    var runs: Int
    var description: String { "\(label) \(occurrences)/\(conflicts)/\(runs)" }
  }

  private func points(_ store: any ConflictStore, _ filter: QueryFilter) throws -> [Point] {
    try store.trend(filter, by: .day).map {
      Point(label: $0.label, occurrences: $0.occurrences, conflicts: $0.conflicts, runs: $0.runs)
    }
  }

  private func window(_ since: Int64?, _ until: Int64?, app: String? = nil) -> QueryFilter {
    QueryFilter(app: app, since: since.map { Self.dayZero + $0 }, until: until.map { Self.dayZero + $0 })
  }

  func testDaysHeldWholeCutAtEitherEndOrBothOnEachEngine() throws {
    try forEachEngine { store, _ in
      for (number, run) in Self.runs.enumerated() {
        _ = try storeTimedRun(
          RunMetadata(
            app: run.app, build: "\(number)", runKey: "day-\(number)", source: "test", lcqVersion: "test"),
          startedAt: Self.dayZero + (run.logged.first?.seconds ?? 0),
          logged: run.logged.map { ($0.attribute, Self.dayZero + $0.seconds) }, identity: "day-\(number)",
          into: store)
      }
      let wholeDays = [
        Point(label: "2024-03-01", occurrences: 2, conflicts: 1, runs: 1),
        Point(label: "2024-03-02", occurrences: 3, conflicts: 3, runs: 2),
        Point(label: "2024-03-03", occurrences: 2, conflicts: 1, runs: 1),
        Point(label: "2024-03-04", occurrences: 1, conflicts: 1, runs: 1),
      ]
      // Four days held whole; and the whole history.
      XCTAssertEqual(try points(store, window(0, 4 * Self.day)), wholeDays)
      XCTAssertEqual(try points(store, window(nil, nil)), wholeDays)
      // From midnight to midnight: days 1 and 2.
      XCTAssertEqual(try points(store, window(Self.day, 3 * Self.day)), Array(wholeDays[1...2]))
      // Day 0 cut at noon (its 23:59 width only), days 1 and 2 whole, day 3 cut before its 01:00.
      XCTAssertEqual(
        try points(store, window(12 * Self.hour, 3 * Self.day + Self.hour / 2)),
        [Point(label: "2024-03-01", occurrences: 1, conflicts: 1, runs: 1)] + Array(wholeDays[1...2]))
      // Two cut days and none whole: day 1 from 10:30 (its leading), day 2 to 09:00:01 (one height).
      XCTAssertEqual(
        try points(store, window(Self.day + 10 * Self.hour + 1_800, 2 * Self.day + 9 * Self.hour + 1)),
        [
          Point(label: "2024-03-02", occurrences: 1, conflicts: 1, runs: 1),
          Point(label: "2024-03-03", occurrences: 1, conflicts: 1, runs: 1),
        ])
      // Inside day 1: the width at 10:00, not the leading at the window's end.
      XCTAssertEqual(
        try points(store, window(Self.day + 10 * Self.hour, Self.day + 11 * Self.hour)),
        [Point(label: "2024-03-02", occurrences: 1, conflicts: 1, runs: 1)])
      // App A only (its runs, counted from the rollup): day 2 is B's, shown as a day without any.
      XCTAssertEqual(
        try points(store, window(0, 4 * Self.day, app: "A")),
        Array(wholeDays[0...1]) + [
          Point(label: "2024-03-03", occurrences: 0, conflicts: 0, runs: 0), wholeDays[3],
        ])
    }
  }
}
