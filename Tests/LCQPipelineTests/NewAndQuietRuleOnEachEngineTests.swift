import Foundation
import LCQAnalysis
import LCQParsing
import LCQPipeline
import LCQStore
import LCQStoreTestSupport
import XCTest

/// "New" and "quiet" on each engine, in-process: the store's lists (`Queries/Lifecycle.swift`)
/// and the report's panels (`dashboards/new_conflicts.sql`, `quiet_conflicts.sql`) must list the
/// same conflicts at the rules' edges. `NewAndQuietRuleTests` (end to end) asks the commands.
///
/// Five runs of pasted logs (no timestamps: each occurrence is at its run's ingest time), one
/// conflict per log, worked out by hand:
///
/// | run | time (UTC) | build | conflicts |
/// | --- | --- | --- | --- |
/// | r1 | 2026-01-01 10:00 | 1 | A, B |
/// | r2 | 2026-01-11 10:00 | 2 | A, C |
/// | r3 | 2026-01-21 10:00 | 3 | C, D |
/// | r4 | 2026-01-21 12:00 | 4 | D |
/// | r5 | 2026-01-21 18:00 | 5 | D |
///
/// First seen: A and B 01-01, C 01-11 10:00, D 01-21 10:00 (build 3). Last seen: B 01-01 (build
/// 1), A 01-11 (build 2), C 01-21 10:00 (build 3), D 01-21 18:00 (build 5).
final class NewAndQuietRuleOnEachEngineTests: XCTestCase {
  private static let logs = ["A": "001", "B": "002", "C": "003", "D": "006"]

  /// 2026-01-01T10:00:00Z.
  private static let first: Int64 = 1_767_261_600
  private static let day: Int64 = 86_400
  /// 2026-01-22T00:00:00Z, the window's end.
  private static let until: Int64 = 1_769_040_000

  private func ingest(
    _ conflicts: [String], run: String, build: String, at time: Int64, into store: any ConflictStore
  ) throws {
    let logs = try conflicts.map { name in try EngineIngest.realLog(Self.logs[name] ?? name) }
    try EngineIngest.ingest(logs, into: store, run: run, build: build, at: time)
  }

  /// Runs `body` on each engine with the five runs stored; `names` turns fingerprints into letters.
  private func onEachEngine(_ body: (any ConflictStore, ([String]) -> [String]) throws -> Void) throws {
    var letters: [String: String] = [:]
    for (name, log) in Self.logs {
      letters[try EngineIngest.fingerprint(ofLog: try EngineIngest.realLog(log))] = name
    }
    XCTAssertEqual(letters.count, 4, "four different conflicts")
    try forEachEngine { store, _ in
      let runs: [(id: String, time: Int64, build: String, conflicts: [String])] = [
        ("r1", Self.first, "1", ["A", "B"]),
        ("r2", Self.first + 10 * Self.day, "2", ["A", "C"]),
        ("r3", Self.first + 20 * Self.day, "3", ["C", "D"]),
        ("r4", Self.first + 20 * Self.day + 7_200, "4", ["D"]),
        ("r5", Self.first + 20 * Self.day + 28_800, "5", ["D"]),
      ]
      for run in runs { try ingest(run.conflicts, run: run.id, build: run.build, at: run.time, into: store) }
      try body(store) { fingerprints in fingerprints.map { letters[$0] ?? "?" } }
    }
  }

  /// The fingerprints of a panel's rows (only those whose `new_in` is `newIn`, when given).
  private func panel(_ name: String, since: Int64, in store: any ConflictStore, newIn: String? = nil) throws
    -> [String]
  {
    let rows = try store.panel(name, ReportScope(since: since, until: Self.until))
    guard !rows.rows.isEmpty else { return [] }
    let fingerprint = try XCTUnwrap(rows.columns.firstIndex(of: "fingerprint"))
    let kind = rows.columns.firstIndex(of: "new_in")
    return rows.rows.filter { row in newIn == nil || kind.map { row[$0].text } == newIn }.compactMap {
      $0[fingerprint].text
    }
  }

  func testNewSinceATimeIsTheReportsNewInItsWindow() throws {
    try onEachEngine { store, names in
      for (since, expected) in [
        (Self.first + 14 * Self.day - 36_000, ["D"]),
        // C's first sighting is exactly the window's start: in, for both.
        (Self.first + 10 * Self.day, ["D", "C"]),
        (Self.first + 10 * Self.day + 1, ["D"]),
        (Self.first - 31 * Self.day, ["D", "C", "B", "A"]),
      ] {
        let filter = QueryFilter(since: since, until: Self.until)
        XCTAssertEqual(Set(names(try store.newSince(time: since, filter).map(\.fingerprint))), Set(expected))
        XCTAssertEqual(
          Set(names(try panel("new_conflicts", since: since, in: store, newIn: "window"))), Set(expected))
      }
    }
  }

  func testNewSinceABuildAndIgnoredConflicts() throws {
    try onEachEngine { store, names in
      let filter = QueryFilter(until: Self.until)
      // D was first seen in build 3: new since build 2; since build 4 nothing is.
      XCTAssertEqual(names(try store.newSince(build: "2", filter).map(\.fingerprint)), ["D"])
      XCTAssertEqual(try store.newSince(build: "4", filter).count, 0)
      // After every run only the newest-build rule could list, and nothing was first seen in 5.
      XCTAssertEqual(try panel("new_conflicts", since: Self.first + 20 * Self.day + 36_000, in: store), [])
      // Ignored conflicts are never new for either.
      let d = try XCTUnwrap(try store.newSince(build: "2", filter).first?.fingerprint)
      try store.setStatus(.ignored, of: d, at: Self.until)
      let since = Self.first + 10 * Self.day - 36_000
      XCTAssertEqual(
        Set(
          names(
            try store.newSince(time: since, QueryFilter(since: since, until: Self.until))
              .map(\.fingerprint))), ["C"])
      XCTAssertEqual(Set(names(try panel("new_conflicts", since: since, in: store))), ["C"])
    }
  }

  /// The report lists a conflict that looks fixed by either rule of `report_settings` (14 days,
  /// 3 builds); the store's lists ask one rule at a time. The report's list is the union.
  func testTheReportsQuietListIsQuietByDaysOrByBuilds() throws {
    try onEachEngine { store, names in
      let filter = QueryFilter(until: Self.until)
      // Not seen for 14 days before 01-22: B (last 01-01). A was seen 01-11: 10 days.
      XCTAssertEqual(
        names(try store.quiet(lastSeenAtOrBefore: Self.until - 14 * Self.day, filter).map(\.fingerprint)),
        ["B"])
      // A conflict last seen exactly that long before the window's end is quiet: A and C, last
      // seen 01-11 10:00, ten days before 01-21 10:00.
      let end = Self.first + 20 * Self.day
      XCTAssertEqual(
        Set(
          names(
            try store.quiet(lastSeenAtOrBefore: end - 10 * Self.day, QueryFilter(until: end))
              .map(\.fingerprint))), ["A", "B", "C"])
      // Not seen in the 3 newest builds (3, 4, 5): A (last in build 2) and B (build 1).
      XCTAssertEqual(Set(names(try store.quiet(forBuilds: 3, filter).map(\.fingerprint))), ["A", "B"])
      XCTAssertEqual(
        Set(names(try panel("quiet_conflicts", since: Self.until - Self.day, in: store))), ["A", "B"])
      // Builds of runs started after the window's end do not count: as of 01-21 11:00 the newest
      // two builds are 3 and 2, and only B (build 1) was seen in neither.
      XCTAssertEqual(
        names(try store.quiet(forBuilds: 2, QueryFilter(until: end + 3_600)).map(\.fingerprint)), ["B"])
      // Resolved conflicts are not quiet for either: they are no longer open.
      let a = try XCTUnwrap(
        try store.quiet(forBuilds: 3, filter).map(\.fingerprint).first { names([$0]) == ["A"] })
      try store.setStatus(.resolved(build: "3"), of: a, at: Self.until)
      XCTAssertEqual(names(try store.quiet(forBuilds: 3, filter).map(\.fingerprint)), ["B"])
      XCTAssertEqual(names(try panel("quiet_conflicts", since: Self.until - Self.day, in: store)), ["B"])
    }
  }
}
