import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq new` and `lcq quiet` state their rules in `Queries/Lifecycle.swift`; the report states
/// the same rules in `dashboards/new_conflicts.sql` and `dashboards/quiet_conflicts.sql`, with
/// other parameters. Asked the same question, at the rules' edges, they must list the same
/// conflicts, so the two statements cannot drift apart unseen.
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
final class NewAndQuietRuleTests: XCTestCase {
  private var fixture: StoreFixture!
  private var fingerprints: [String: String] = [:]
  private let until = "2026-01-22T00:00:00Z"

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    let logs = ["A": "001", "B": "002", "C": "003", "D": "006"]
    let runs: [(id: String, time: String, build: String, conflicts: [String])] = [
      ("r1", "2026-01-01T10:00:00Z", "1", ["A", "B"]),
      ("r2", "2026-01-11T10:00:00Z", "2", ["A", "C"]),
      ("r3", "2026-01-21T10:00:00Z", "3", ["C", "D"]),
      ("r4", "2026-01-21T12:00:00Z", "4", ["D"]),
      ("r5", "2026-01-21T18:00:00Z", "5", ["D"]),
    ]
    for run in runs {
      let result = try fixture.lcq(
        ["ingest", "--run-id", run.id, "--ingest-time", run.time, "--build", run.build]
          + run.conflicts.map { LCQProcess.corpusFile(logs[$0]!) })
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    for (name, log) in logs { fingerprints[name] = try fingerprint(ofLog: log) }
    XCTAssertEqual(Set(fingerprints.values).count, 4, "four different conflicts")
  }

  /// The fingerprint of corpus log `log`'s one message, as `lcq analyze` gives it (not from
  /// the store, whose answers these tests check).
  private func fingerprint(ofLog log: String) throws -> String {
    let analysed = try LCQProcess.run(["analyze", "--format", "json", LCQProcess.corpusFile(log)])
    let object = try JSONSerialization.jsonObject(with: Data(analysed.stdout.utf8)) as? [String: Any]
    return try XCTUnwrap(object?["fingerprint"] as? String)
  }

  override func tearDown() {
    fixture.remove()
  }

  /// The conflicts a command lists, by letter, in its order.
  private func names(_ rows: [[String: Any]]) -> [String] {
    let letters = Dictionary(uniqueKeysWithValues: fingerprints.map { ($0.value, $0.key) })
    return rows.map { letters[$0["fingerprint"] as? String ?? ""] ?? "?" }
  }

  private func listed(_ arguments: [String]) throws -> [String] {
    try names(fixture.rows(arguments + ["--until", until]))
  }

  private func reported(_ panel: String, since: String) throws -> [[String: Any]] {
    let report = try XCTUnwrap(
      try fixture.json(["report", "--since", since, "--until", until]) as? [String: Any])
    return try XCTUnwrap(report[panel] as? [[String: Any]], panel)
  }

  func testNewSinceATimeIsTheReportsNewInItsWindow() throws {
    for (since, expected) in [
      ("2026-01-15T00:00:00Z", ["D"]),
      // C's first sighting is exactly the window's start: in, for both.
      ("2026-01-11T10:00:00Z", ["D", "C"]),
      ("2026-01-11T10:00:01Z", ["D"]),
      ("2025-12-01T00:00:00Z", ["D", "C", "B", "A"]),
    ] {
      XCTAssertEqual(Set(try listed(["new", "--since", since])), Set(expected), since)
      let report = try reported("new_conflicts", since: since).filter { $0["new_in"] as? String == "window" }
      XCTAssertEqual(Set(names(report)), Set(expected), since)
    }
  }

  func testNewSinceTheBuildBeforeTheNewestIsTheReportsNewInTheNewestBuild() throws {
    // Builds 4 and 5 came after build 3, where D was first seen: D is new since build 2, and
    // since build 3 nothing is. The report's newest build is 5; nothing was first seen in it.
    XCTAssertEqual(try listed(["new", "--since-build", "2"]), ["D"])
    XCTAssertEqual(try listed(["new", "--since-build", "4"]), [])
    let window = "2026-01-21T20:00:00Z"  // after every run: only the newest-build rule can list
    XCTAssertEqual(names(try reported("new_conflicts", since: window)), [])

    // A sixth run, build 6, at 19:00 (before the window) sees B again and E (log 007) for the
    // first time: E is new since build 5 for `lcq new`, and for the report it was first seen in
    // the newest build, though not in the window.
    let six = try fixture.lcq([
      "ingest", "--run-id", "r6", "--ingest-time", "2026-01-21T19:00:00Z", "--build", "6",
      LCQProcess.corpusFile("002"), LCQProcess.corpusFile("007"),
    ])
    XCTAssertEqual(six.status, 0, six.stderr)
    fingerprints["E"] = try fingerprint(ofLog: "007")
    XCTAssertEqual(Set(fingerprints.values).count, 5, "E is a fifth conflict")
    XCTAssertEqual(try listed(["new", "--since-build", "5"]), ["E"])
    let report = try reported("new_conflicts", since: window)
    XCTAssertEqual(names(report), ["E"])
    XCTAssertEqual(report.first?["new_in"] as? String, "newest-build")
  }

  func testIgnoredConflictsAreNeverNewForEither() throws {
    let ignore = try fixture.lcq(["ignore", try XCTUnwrap(fingerprints["D"])])
    XCTAssertEqual(ignore.status, 0, ignore.stderr)
    XCTAssertEqual(Set(try listed(["new", "--since", "2026-01-11T00:00:00Z"])), ["C"])
    XCTAssertEqual(Set(names(try reported("new_conflicts", since: "2026-01-11T00:00:00Z"))), ["C"])
  }

  /// The report lists a conflict that looks fixed by either rule of `report_settings` (14 days,
  /// 3 builds); `lcq quiet` asks one rule at a time. The report's list is the union.
  func testTheReportsQuietListIsQuietByDaysOrByBuilds() throws {
    // Not seen for 14 days before 01-22: B (last 01-01). A was seen 01-11: 10 days.
    XCTAssertEqual(try listed(["quiet"]), ["B"])
    XCTAssertEqual(try listed(["quiet", "--for", "14d"]), ["B"])
    // Measured from the window's end, and a conflict last seen exactly that long before it is
    // quiet (the report counts whole days): A and C, last seen 01-11 10:00, 10 days before
    // 01-21 10:00 (C's sighting at 10:00 that day is at the window's end, outside it).
    let tenDays = try fixture.rows(["quiet", "--for", "10d", "--until", "2026-01-21T10:00:00Z"])
    XCTAssertEqual(Set(names(tenDays)), ["A", "B", "C"])
    let almost = try fixture.rows(["quiet", "--for", "10d", "--until", "2026-01-21T09:59:59Z"])
    XCTAssertEqual(names(almost), ["B"])
    // Not seen in the 3 newest builds (3, 4, 5): A (last in build 2) and B (build 1).
    XCTAssertEqual(Set(try listed(["quiet", "--builds", "3"])), ["A", "B"])
    XCTAssertEqual(Set(names(try reported("quiet_conflicts", since: "1d"))), ["A", "B"])
    // Builds of runs started after the window's end do not count: as of 01-21 11:00 the newest
    // two builds are 3 and 2, and only B (build 1) was seen in neither. Counting builds 4 and 5,
    // A and C would be listed too.
    let early = try fixture.rows(["quiet", "--builds", "2", "--until", "2026-01-21T11:00:00Z"])
    XCTAssertEqual(names(early), ["B"])

    // Resolved conflicts are not quiet for either: they are no longer open.
    let resolve = try fixture.lcq(["resolve", try XCTUnwrap(fingerprints["A"]), "--in-build", "3"])
    XCTAssertEqual(resolve.status, 0, resolve.stderr)
    XCTAssertEqual(try listed(["quiet", "--builds", "3"]), ["B"])
    XCTAssertEqual(names(try reported("quiet_conflicts", since: "1d")), ["B"])
  }
}
