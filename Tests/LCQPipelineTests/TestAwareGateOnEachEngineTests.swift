import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// The gate where the tests that ran are known (`run_tests`), in-process on each engine, on a
/// history worked out by hand. Each run is an `xcodebuild test` console with XCTest's markers;
/// conflict X (the real corpus log 001, pasted without times, so one occurrence per run) is
/// logged in `LoginTests.testSignIn` only:
///
/// - build 100: 20 runs of testSignIn and testScroll, no conflict;
/// - build 101: 1 run of both, X logged in testSignIn; 19 runs of testScroll alone (sharded);
/// - builds 102, 103, 104: a run each of testScroll alone (testSignIn did not run);
/// - build 105: 20 runs of both, no conflict.
///
/// `check` of 101: X in 1 of 20 runs after 0 of 20 is p = 1/2 (possibly flaky), but in 1 of
/// the 1 run that ran testSignIn after 0 of 20 that did: p = C(1,1)·C(20,0)/C(21,1) = 1/21
/// (fails at 0.05). Before build 105, X is not quiet: the builds since ran no testSignIn.
/// After it, X is quiet, and its absence is weighed on testSignIn's runs: 1 of the 1 run that
/// ran it in its lifetime, none of the 20 since, p = C(1,1)/C(21,1) = 1/21 (on every run it
/// would be 1 of 20, none of 22 since: C(20,1)/C(42,1) = 20/42).
final class TestAwareGateOnEachEngineTests: XCTestCase {
  private var folder: URL!
  private let start: Int64 = 1_767_225_600
  private let signIn = "AppUITests.LoginTests.testSignIn"
  private let scroll = "AppUITests.FeedTests.testScroll"

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-test-gate-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  /// An `xcodebuild test` console running `tests` (each `(class, method, message logged in it)`).
  private func console(_ name: String, _ tests: [(String, String, String?)]) throws -> String {
    var text = "Test Suite 'All tests' started at 2026-01-01 00:00:00.000.\n"
    for (type, method, message) in tests {
      text += "Test Case '-[AppUITests.\(type) \(method)]' started.\n"
      if let message { text += message + (message.hasSuffix("\n") ? "" : "\n") }
      text += "Test Case '-[AppUITests.\(type) \(method)]' passed (1.000 seconds).\n"
    }
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testTheRunsThatRanATestAreItsConflictsDenominator() throws {
    let conflictLog = try EngineIngest.realLog("001")
    let x = try EngineIngest.fingerprint(ofLog: conflictLog)
    let message = try String(contentsOfFile: conflictLog, encoding: .utf8)
    let both = try console("both.log", [("LoginTests", "testSignIn", nil), ("FeedTests", "testScroll", nil)])
    let bothWithX = try console(
      "both-x.log", [("LoginTests", "testSignIn", message), ("FeedTests", "testScroll", nil)])
    let scrollOnly = try console("scroll.log", [("FeedTests", "testScroll", nil)])
    try forEachEngine { store, engine in
      var count: Int64 = 0
      func run(_ build: String, _ path: String) throws {
        count += 1
        try EngineIngest.ingest(
          [path], into: store, run: "job-\(count)", build: build, at: start + 60 * count)
      }
      for _ in 0..<20 { try run("100", both) }
      try run("101", bothWithX)
      for _ in 0..<19 { try run("101", scrollOnly) }
      for build in ["102", "103", "104"] { try run(build, scrollOnly) }
      let before105 = start + 60 * (count + 1)
      for _ in 0..<20 { try run("105", both) }
      let context = engine.rawValue

      // Every run's tests, each once: 20·2 + 2 + 19 + 3 + 20·2.
      XCTAssertEqual(try store.queries.row("SELECT count(*) AS n FROM run_tests")?.count("n"), 104, context)
      XCTAssertEqual(
        try store.queries.rows("SELECT DISTINCT test FROM run_tests ORDER BY test").map { $0.text("test") },
        [scroll, signIn], context)

      let check = try store.check(.build("101"), app: nil, owner: .all, baseline: [])
      let seen = try XCTUnwrap(check.seen.first, context)
      XCTAssertEqual(check.seen.map(\.fingerprint), [x], context)
      XCTAssertEqual(seen.test, signIn, context)
      XCTAssertEqual(
        check.share(of: seen), RunShare(runs: 1, of: 20, previousRuns: 0, previousOf: 20), context)
      XCTAssertEqual(seen.testShare, RunShare(runs: 1, of: 1, previousRuns: 0, previousOf: 20), context)
      XCTAssertEqual(check.weighedShare(of: seen), seen.testShare, context)
      XCTAssertEqual(check.share(of: seen).pValue, 0.5, accuracy: 1e-12, context)
      XCTAssertEqual(check.weighedShare(of: seen).pValue, 1.0 / 21.0, accuracy: 1e-12, context)

      // Before build 105 the builds since ran no testSignIn: X is not quiet, by builds or by time.
      let untilBefore105 = QueryFilter(until: before105)
      XCTAssertEqual(try store.quiet(forBuilds: 3, untilBefore105).map(\.fingerprint), [], context)
      XCTAssertEqual(
        try store.quiet(lastSeenAtOrBefore: before105, untilBefore105).map(\.fingerprint), [], context)
      let panelBefore105 = ReportScope(since: start, until: before105, owner: .all)
      XCTAssertEqual(try store.panel(Panels.QuietConflicts.self, panelBefore105).count, 0, context)

      // After it, X is quiet, and weighed on testSignIn's runs.
      let quiet = try store.quiet(forBuilds: 3, QueryFilter())
      XCTAssertEqual(quiet.map(\.fingerprint), [x], context)
      XCTAssertEqual(
        try store.quiet(lastSeenAtOrBefore: start + 60 * count + 1, QueryFilter()).map(\.fingerprint), [x],
        context)
      let all = ReportScope(since: start, until: start + 60 * count + 60, owner: .all)
      XCTAssertEqual(try store.panel(Panels.QuietConflicts.self, all).map(\.fingerprint.text), [x], context)
      let share = try XCTUnwrap(try store.quietShares(of: quiet, forBuilds: 3, QueryFilter())[x], context)
      XCTAssertEqual(share, RunShare(runs: 1, of: 1, previousRuns: 0, previousOf: 20), context)
      XCTAssertEqual(share.pValue, 1.0 / 21.0, accuracy: 1e-12, context)
      XCTAssertTrue(share.isBeyondChance(at: 0.05), context)

      // Conflict-free runs per test: build 101 against 100 (a window ending before 102), and
      // none to list in 105 (every test clean there and in 104).
      let health = try store.panel(
        Panels.TestHealth.self, ReportScope(since: start, until: start + 60 * 41, owner: .all))
      XCTAssertEqual(health.map(\.test.text), [signIn], context)
      XCTAssertEqual(health.first?.build.text, "101", context)
      XCTAssertEqual(health.first?.runs.integer, 1, context)
      XCTAssertEqual(health.first?.conflictFreeRuns.integer, 0, context)
      XCTAssertEqual(health.first?.previousBuild.text, "100", context)
      XCTAssertEqual(health.first?.previousRuns.integer, 20, context)
      XCTAssertEqual(health.first?.previousConflictFreeRuns.integer, 20, context)
      XCTAssertEqual(try store.panel(Panels.TestHealth.self, all).count, 0, context)

      // testSignIn's own conflict-free runs, build by build: 100 (20 runs, none logged X), 101
      // (1 run, which did), 105 (20, none); 102 to 104 did not run it.
      let trend = try store.trend(ofTest: signIn, QueryFilter())
      XCTAssertEqual(trend.map(\.label), ["100", "101", "105"], context)
      XCTAssertEqual(trend.map(\.allRuns), [20, 1, 20], context)
      XCTAssertEqual(trend.map(\.runs), [0, 1, 0], context)
      XCTAssertEqual(trend.map(\.occurrences), [0, 1, 0], context)
      XCTAssertEqual(trend.map(\.conflicts), [0, 1, 0], context)
      XCTAssertEqual(try store.trend(ofTest: scroll, QueryFilter()).map(\.runs), [0, 0, 0, 0, 0, 0], context)
    }
  }
}
