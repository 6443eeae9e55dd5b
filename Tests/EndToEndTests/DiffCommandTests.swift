import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq diff A B` on the store fixture (``StoreFixture``), counted by hand: build 100 has one run
/// (A 7 times, B 7 times), build 102 two (`job-3`: A once and 061's six conflicts, three of them
/// twice; `job-4`: 009 again, A once more). Per run: A 7.00 → 1.00 (2 in 2 runs, fewer), B
/// 7.00 → 0.00 (fixed), 061's 0.00 → 1.00 (2 in 2 runs) or 0.50 (1 in 2 runs), new.
final class DiffCommandTests: XCTestCase {
  var fixture: StoreFixture!

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    try fixture.ingestAll()
    let again = try fixture.lcq(
      ["ingest", "--build", "102", "--run-id", "job-4", LCQProcess.corpusFile("009")])
    XCTAssertEqual(again.status, 0, again.stderr)
  }

  override func tearDown() { fixture.remove() }

  func testEachConflictIsComparedPerRun() throws {
    let object = try XCTUnwrap(try fixture.json(["diff", "100", "102", "--owner", "all"]) as? [String: Any])
    XCTAssertEqual(object["schema"] as? String, "lcq-diff/1")
    XCTAssertEqual(object["runs_a"] as? Int, 1)
    XCTAssertEqual(object["runs_b"] as? Int, 2)
    let rows = try XCTUnwrap(object["conflicts"] as? [[String: Any]])
    let byFingerprint = Dictionary(
      uniqueKeysWithValues: rows.map { ($0["fingerprint"] as? String ?? "", $0) })
    let a = try XCTUnwrap(byFingerprint[StoreFixture.conflictA])
    XCTAssertEqual(a["change"] as? String, "fewer")
    XCTAssertEqual(a["occurrences_a"] as? Int, 7)
    XCTAssertEqual(a["occurrences_b"] as? Int, 2)
    XCTAssertEqual(a["runs_seen_b"] as? Int, 2)
    XCTAssertEqual(a["per_run_b"] as? Double, 1.0)
    let b = try XCTUnwrap(byFingerprint[StoreFixture.conflictB])
    XCTAssertEqual(b["change"] as? String, "fixed")
    XCTAssertEqual(b["per_run_a"] as? Double, 7.0)
    let new = rows.filter { $0["change"] as? String == "new" }
    XCTAssertEqual(new.count, 6)
    XCTAssertEqual(new.compactMap { $0["per_run_b"] as? Double }, [1.0, 1.0, 1.0, 0.5, 0.5, 0.5])
    // New first, the largest change per run first, then fixed, then fewer.
    XCTAssertEqual(
      rows.map { $0["change"] as? String }, Array(repeating: "new", count: 6) + ["fixed", "fewer"])
  }

  func testTheMarkdownIsAPullRequestComment() throws {
    let result = try fixture.lcq(["diff", "100", "102", "--owner", "all", "--format", "markdown"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines[0], "## Layout conflicts: build 100 → build 102")
    XCTAssertEqual(
      lines[2],
      "1 run of 100, 2 runs of 102: **6 new**, 0 more often, 1 fixed, 1 less often, 0 unchanged (occurrences per run)."
    )
    XCTAssertTrue(result.stdout.contains("\n### Fixed: seen in 100, not in 102\n"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        "| **UIImageView width vs cell width** `\(StoreFixture.conflictA.prefix(11))` | 7.00 | 1.00 |\n"),
      result.stdout)
    XCTAssertFalse(result.stdout.contains("### More often"), "no section without conflicts")
  }

  /// By default only the app's conflicts; the same build on both sides changes nothing; a build
  /// nobody ingested is one line and exit 2, as for `lcq check`.
  func testOwnersTheSameBuildAndATypo() throws {
    let same = try XCTUnwrap(try fixture.json(["diff", "102", "102"]) as? [String: Any])
    let rows = try XCTUnwrap(same["conflicts"] as? [[String: Any]])
    XCTAssertFalse(rows.isEmpty)
    XCTAssertTrue(rows.allSatisfy { $0["change"] as? String == "same" })
    let typo = try fixture.lcq(["diff", "100", "1022"])
    XCTAssertEqual(typo.status, 2)
    XCTAssertEqual(typo.stdout, "")
    XCTAssertEqual(
      typo.stderr, "lcq: nothing to compare: no ingest recorded build 1022 (a typo, or an empty ingest?)\n")
  }
}
