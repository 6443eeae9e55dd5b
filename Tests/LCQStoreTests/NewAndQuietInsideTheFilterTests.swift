import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// `lcq new` and `lcq quiet` on both engines, where the filter decides: a conflict seen in an
/// old build only in another app, or only after the filter's end, is new inside the filter; one
/// whose rollup row of a day starts before the asked time is not new, though the row reaches
/// past it; one seen lately only in another app, or only after the filter's end, is quiet inside
/// it, and so is one whose row reaches past the window's end. Every expected answer is read by
/// hand off the runs below (builds compare as numbers; "new since a build": never in it or an
/// earlier one; "new since a time": first seen at or after it; "quiet": open, and not seen after
/// the time, or in the newest builds, inside the filter).
final class NewAndQuietInsideTheFilterTests: XCTestCase {
  /// 2024-03-01T00:00:00Z.
  private static let dayZero: Int64 = 1_709_251_200
  private static let day: Int64 = 86_400
  private static let hour: Int64 = 3_600

  /// One run: its app, its build and the seconds after day zero at which it logs each conflict.
  private struct LoggedRun {
    var app: String
    var build: String
    var logged: [(attribute: String, seconds: Int64)]
  }

  private static let runs: [LoggedRun] = [
    LoggedRun(app: "B", build: "1", logged: [("width", 10 * hour)]),
    LoggedRun(
      app: "A", build: "3", logged: [("width", 2 * day + 10 * hour), ("height", 2 * day + 10 * hour + 60)]),
    // A late run of an old build.
    LoggedRun(app: "A", build: "1", logged: [("height", 6 * day + 10 * hour)]),
    LoggedRun(
      app: "A", build: "4", logged: [("leading", 3 * day + 10 * hour), ("leading", 3 * day + 12 * hour)]),
    // Between build 4's two messages, on the same day.
    LoggedRun(app: "A", build: "2", logged: [("leading", 3 * day + 11 * hour)]),
    // Build 4 in the other app.
    LoggedRun(app: "B", build: "4", logged: [("height", 4 * day + 10 * hour)]),
  ]

  /// Stores the runs, each started at its first message; returns each attribute's fingerprint.
  private func ingest(into store: any ConflictStore) throws -> [String: String] {
    var fingerprints: [String: String] = [:]
    for (number, run) in Self.runs.enumerated() {
      let stored = try storeTimedRun(
        RunMetadata(
          app: run.app, build: run.build, runKey: "new-\(number)", source: "test", lcqVersion: "test"),
        startedAt: Self.dayZero + (run.logged.first?.seconds ?? 0),
        logged: run.logged.map { ($0.attribute, Self.dayZero + $0.seconds) }, identity: "new-\(number)",
        into: store)
      fingerprints.merge(stored) { $1 }
    }
    return fingerprints
  }

  func testNewSinceABuildInsideTheFilterOnEachEngine() throws {
    try forEachEngine { store, _ in
      let fingerprints = try ingest(into: store)
      func new(since build: String, app: String? = nil, untilDay: Int64? = nil) throws -> [String] {
        let filter = QueryFilter(app: app, until: untilDay.map { Self.dayZero + $0 * Self.day })
        return try store.newSince(build: build, filter).map { change in
          fingerprints.first { $0.value == change.fingerprint }?.key ?? change.fingerprint
        }
      }
      // Each was seen in build 1 or 2.
      XCTAssertEqual(try new(since: "2"), [])
      // In app A, widths were seen in build 3 only.
      XCTAssertEqual(try new(since: "2", app: "A"), ["width"])
      // Before day 5, heights were seen in builds 3 and 4 (the late run of build 1 is on day 6).
      XCTAssertEqual(try new(since: "2", untilDay: 5), ["height"])
      // Both, latest first seen first.
      XCTAssertEqual(try new(since: "2", app: "A", untilDay: 5), ["height", "width"])
      // Leadings were seen in builds 2 and 4.
      XCTAssertEqual(try new(since: "1"), ["leading"])
      // Their counts are the filter's.
      let counted = try store.newSince(build: "2", QueryFilter(app: "A", until: Self.dayZero + 5 * Self.day))
      XCTAssertEqual(counted.map(\.occurrences), [1, 1])
      XCTAssertEqual(counted.map(\.runs), [1, 1])
      XCTAssertEqual(counted.map(\.firstBuild), ["3", "3"])
    }
  }

  func testNewSinceATimeInsideTheFilterOnEachEngine() throws {
    try forEachEngine { store, _ in
      let fingerprints = try ingest(into: store)
      func new(since seconds: Int64, app: String? = nil, untilDay: Int64? = nil) throws -> [String] {
        let filter = QueryFilter(app: app, until: untilDay.map { Self.dayZero + $0 * Self.day })
        return try store.newSince(time: Self.dayZero + seconds, filter).map { change in
          fingerprints.first { $0.value == change.fingerprint }?.key ?? change.fingerprint
        }
      }
      let (day, hour) = (Self.day, Self.hour)
      // Widths were first seen on day 0, heights a minute after day 2's widths.
      XCTAssertEqual(try new(since: 2 * day + 10 * hour), ["leading", "height"])
      // Day 3's leadings start at 10:00, before 10:30, and go on past it: not new.
      XCTAssertEqual(try new(since: 3 * day + 10 * hour + 1_800), [])
      // At their very first second they are.
      XCTAssertEqual(try new(since: 3 * day + 10 * hour), ["leading"])
      // In app A every conflict was first seen from day 2 on.
      XCTAssertEqual(try new(since: day, app: "A"), ["leading", "height", "width"])
      // In app B widths were first seen at day 0's 10:00 exactly, heights on day 4.
      XCTAssertEqual(try new(since: 10 * hour, app: "B"), ["height", "width"])
      // Before day 3, app A logged widths and heights only (leadings from day 3 on).
      XCTAssertEqual(try new(since: 2 * day, app: "A", untilDay: 3), ["height", "width"])
    }
  }

  func testQuietForATimeInsideTheFilterOnEachEngine() throws {
    try forEachEngine { store, _ in
      let fingerprints = try ingest(into: store)
      func quiet(since seconds: Int64, app: String? = nil, until: Int64) throws -> [String] {
        let filter = QueryFilter(app: app, until: Self.dayZero + until)
        return try store.quiet(lastSeenAtOrBefore: Self.dayZero + seconds, filter).map { change in
          fingerprints.first { $0.value == change.fingerprint }?.key ?? change.fingerprint
        }
      }
      let (day, hour) = (Self.day, Self.hour)
      // Heights were seen on day 6; the others last on days 2 and 3.
      XCTAssertEqual(try quiet(since: 5 * day, until: 7 * day), ["leading", "width"])
      // Before day 4, heights were last seen on day 2 (days 4 and 6 are past the end).
      XCTAssertEqual(try quiet(since: 3 * day, until: 4 * day), ["height", "width"])
      // In app A before day 6 no conflict was seen after day 3; app B's heights of day 4 are
      // another app's.
      XCTAssertEqual(try quiet(since: 4 * day, app: "A", until: 6 * day), ["leading", "height", "width"])
      // Up to the window's last second nothing is seen after its end: day 3's first leading row
      // reaches past 11:00, but only its part before counts.
      XCTAssertEqual(
        try quiet(since: 3 * day + 11 * hour, until: 3 * day + 11 * hour), ["leading", "height", "width"])
      // A resolved conflict is not quiet.
      let width = try XCTUnwrap(fingerprints["width"])
      try store.setStatus(.resolved(build: "5"), of: width, at: Self.dayZero + 7 * day)
      XCTAssertEqual(try quiet(since: 5 * day, until: 7 * day), ["leading"])
    }
  }

  func testQuietForTheNewestBuildsInsideTheFilterOnEachEngine() throws {
    try forEachEngine { store, _ in
      let fingerprints = try ingest(into: store)
      func quiet(builds: Int, app: String? = nil, untilDay: Int64? = nil) throws -> [String] {
        let filter = QueryFilter(app: app, until: untilDay.map { Self.dayZero + $0 * Self.day })
        return try store.quiet(forBuilds: builds, filter).map { change in
          fingerprints.first { $0.value == change.fingerprint }?.key ?? change.fingerprint
        }
      }
      // Build 4 saw leadings and heights (in app B).
      XCTAssertEqual(try quiet(builds: 1), ["width"])
      // Builds 3 and 4 saw all three.
      XCTAssertEqual(try quiet(builds: 2), [])
      // App A's build 4 saw leadings only.
      XCTAssertEqual(try quiet(builds: 1, app: "A"), ["height", "width"])
      // Of the runs started before day 4 the newest build is 4 (leadings); app B's build 4 ran
      // on day 4.
      XCTAssertEqual(try quiet(builds: 1, untilDay: 4), ["height", "width"])
      let width = try XCTUnwrap(fingerprints["width"])
      try store.setStatus(.resolved(build: "5"), of: width, at: Self.dayZero + 7 * Self.day)
      XCTAssertEqual(try quiet(builds: 1), [])
    }
  }
}
