import Foundation
import XCTest

/// The database of ``StoreFixture`` with fixed ingest times, plus two runs for the report, so
/// that every number of `lcq report --until 2024-03-07T00:00:00Z` (the window
/// [2024-03-06T00:00Z, 2024-03-07T00:00Z)) is known in advance. Occurrences take their log's
/// time, else the ingest time:
///
/// - run 1 (started 2024-03-06 08:00 UTC, build 100): A and B, 14 occurrences logged at
///   2024-03-05 22:10 UTC, in the 14 days before the window;
/// - run 2 (09:00, build 101): conflicts C–G, logged in 2017, and its own A and B of 2024-03-05
///   22:10 UTC (the same lines as two of run 1's: build 101's events too);
/// - run 3 (10:00, build 102, iPhone15,2): A again from 009 (no timestamp: 10:00, in the
///   window) and 061's six conflicts, logged in 2015;
/// - run 4 (11:00, app Shop, build 103): the hostile-labels conflict, logged at
///   2024-03-06 09:31:40 -0800 (17:31:40 UTC);
/// - run 5 (12:00, `--run-id job-5`, no build): corpus log 038 on standard input, then a message
///   whose one description cannot be read: three blocks, one conflict (no timestamp: 12:00) that
///   macOS 14 printed twice (its second print, cut short, is part of it), 038's first block with
///   no readable constraint, and the unreadable one;
/// - conflict A is then resolved in build 102, where run 3 saw it: a regression.
///
/// The window holds 3 occurrences (A, the hostile one, 038's one) of 3 conflicts in runs 3, 4
/// and 5, on one device model; the 14 days before hold 16 (a mean of 1.14 a day). New: the 2
/// first seen in the window. Regressed: A, once. Quiet: C–G and 061's six (not seen for years):
/// 11; not B (its last build is 101, and only 102 and 103 came after). Health: all 5 runs started in the
/// window, 35 messages (14 + 7 + 10 + 1 + 3), 2 unreadable (038's first and the one after it, 5.71%).
public struct ReportFixture {
  /// The store it writes.
  public let store: StoreFixture
  /// The report window's end.
  public static let until = "2024-03-07T00:00:00Z"

  /// A new fixture with its history written.
  public init() throws {
    store = try StoreFixture()
  }

  /// Deletes its folder.
  public func remove() { store.remove() }

  /// Builds the database.
  public func build() throws {
    let times = ["2024-03-06T08:00:00Z", "2024-03-06T09:00:00Z", "2024-03-06T10:00:00Z"]
    let runs: [([String], [String])] = [
      (StoreFixture.runOne, LCQProcess.formatsFixtures.map(LCQProcess.corpusFile)),
      (
        StoreFixture.runTwo, [LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path]
      ),
      (StoreFixture.runThree, StoreFixture.runThreeFiles),
    ]
    for ((options, files), time) in zip(runs, times) {
      let result = try store.lcq(["ingest", "--ingest-time", time] + options + files)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    let hostile = try String(
      contentsOfFile: LCQProcess.fixture("diagnosis/hostile-labels.log"), encoding: .utf8
    ).replacingOccurrences(of: "2026-11-20 ", with: "2024-03-06 ")
    let four = try store.lcq(
      ["ingest", "--ingest-time", "2024-03-06T11:00:00Z", "--app", "Shop", "--build", "103", "-"],
      stdin: Data(hostile.utf8))
    XCTAssertEqual(
      four.stderr, "lcq: ingested 1 block · 1 conflict (1 new) · 0 unparsed → \(store.database)\n")
    // From standard input, so that the stored source name ('-') is the same in every checkout.
    let unreadable =
      "\nUnable to simultaneously satisfy constraints.\n(\n"
      + "    \"<NSLayoutConstraint:0x600003d10a10 UIView:0x7fd7c0a1 ?? == ~~ >\"\n)\n"
    let five = try store.lcq(
      ["ingest", "--ingest-time", "2024-03-06T12:00:00Z", "--run-id", "job-5", "-"],
      stdin: try Data(contentsOf: URL(fileURLWithPath: LCQProcess.corpusFile("038"))) + Data(unreadable.utf8))
    XCTAssertEqual(
      five.stderr, "lcq: ingested 3 blocks · 1 conflict (1 new) · 2 unparsed → \(store.database)\n")
    let resolve = try store.lcq(["resolve", StoreFixture.conflictA, "--in-build", "102"])
    XCTAssertEqual(resolve.status, 0, resolve.stderr)
  }

  /// Runs `lcq report --until 2024-03-07T00:00:00Z ARGS`.
  public func report(_ arguments: [String]) throws -> LCQProcess.Result {
    try store.lcq(["report", "--until", Self.until] + arguments)
  }
}
