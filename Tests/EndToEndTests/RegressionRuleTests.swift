import Foundation
import LCQEndToEndSupport
import XCTest

/// The one rule for "regressed" (Migrations/0004, the view `regression_runs`) as `lcq
/// regressed`, `lcq check` and the report each answer it, for the case the three used to answer
/// differently: runs that recorded no build.
final class RegressionRuleTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws {
    fixture = try StoreFixture()
  }

  override func tearDown() {
    fixture.remove()
  }

  private let window = ["--since", "30000d"]

  /// The example self-sizing cell message with its log prefix taken off, as pasted into a bug
  /// report: with no timestamp, each run (`--run-id`) stores it as an event of its own.
  private func pastedLog() throws -> String {
    let text = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log"),
      encoding: .utf8)
    let prefix = try XCTUnwrap(text.range(of: "[LayoutConstraints] "))
    let path = fixture.folder.appendingPathComponent("pasted.log").path
    try String(text[prefix.upperBound...]).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func regressedFingerprints() throws -> [String] {
    try fixture.rows(["regressed"] + window).compactMap { $0["fingerprint"] as? String }
  }

  private func checkedRun(_ run: String) throws -> (status: Int32, regressed: [String]) {
    let result = try fixture.lcq(["check", "--run-id", run, "--format", "json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let regressed = try XCTUnwrap(object["regressed"] as? [[String: Any]])
    return (result.status, regressed.compactMap { $0["fingerprint"] as? String })
  }

  private func reportedRegressions() throws -> [[String: Any]] {
    let report = try XCTUnwrap(try fixture.json(["report"] + window) as? [String: Any])
    return try XCTUnwrap(report["regressed_conflicts"] as? [[String: Any]])
  }

  func testARunWithoutABuildRegressesWhenItStartedAfterTheResolution() throws {
    let log = try pastedLog()
    // A run with no build, started (by its ingest time) long before anyone resolved anything.
    let early = try fixture.lcq(["ingest", "--run-id", "early", "--ingest-time", "2000-01-01T00:00:00Z", log])
    XCTAssertEqual(early.status, 0, early.stderr)
    let top = try fixture.rows(["top"] + window)
    XCTAssertEqual(top.count, 1)
    let fingerprint = try XCTUnwrap(top.first?["fingerprint"] as? String)
    let resolve = try fixture.lcq(["resolve", fingerprint, "--in-build", "5"])
    XCTAssertEqual(resolve.status, 0, resolve.stderr)

    // Before any later run, every command says the same: nothing regressed.
    XCTAssertEqual(try regressedFingerprints(), [])
    XCTAssertEqual(try checkedRun("early").regressed, [])
    XCTAssertEqual(try reportedRegressions().count, 0)

    // A run with no build that starts now, after the resolution, still sees the conflict.
    let late = try fixture.lcq(["ingest", "--run-id", "late", log])
    XCTAssertEqual(late.status, 0, late.stderr)
    XCTAssertEqual(try regressedFingerprints(), [fingerprint])
    let check = try checkedRun("late")
    XCTAssertEqual(check.regressed, [fingerprint])
    XCTAssertEqual(check.status, 1, "a regression fails the gate")
    let reported = try reportedRegressions()
    XCTAssertEqual(reported.compactMap { $0["fingerprint"] as? String }, [fingerprint])
    XCTAssertTrue(reported.first?["last_build"] is NSNull, "no run that saw it again had a build")
    let markdown = try fixture.lcq(["report", "--format", "markdown"] + window)
    XCTAssertTrue(
      markdown.stdout.contains("resolved in build 5, seen again in a run without a build"), markdown.stdout)
  }

  func testARunOfAnOlderBuildNeverRegresses() throws {
    let log = try pastedLog()
    XCTAssertEqual(try fixture.lcq(["ingest", "--run-id", "one", "--build", "7", log]).status, 0)
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"] + window).first?["fingerprint"] as? String)
    XCTAssertEqual(try fixture.lcq(["resolve", fingerprint, "--in-build", "8"]).status, 0)
    // Started after the resolution, but of build 6: the fix is not in it.
    XCTAssertEqual(try fixture.lcq(["ingest", "--run-id", "two", "--build", "6", log]).status, 0)
    XCTAssertEqual(try regressedFingerprints(), [])
    XCTAssertEqual(try checkedRun("two").regressed, [])
    XCTAssertEqual(try reportedRegressions().count, 0)
    // Build 8 itself, the one it was resolved in, regresses.
    XCTAssertEqual(try fixture.lcq(["ingest", "--run-id", "three", "--build", "8", log]).status, 0)
    XCTAssertEqual(try regressedFingerprints(), [fingerprint])
    XCTAssertEqual(try checkedRun("three").regressed, [fingerprint])
    XCTAssertEqual(try reportedRegressions().compactMap { $0["fingerprint"] as? String }, [fingerprint])
  }
}
