import Foundation
import LCQEndToEndSupport
import XCTest

/// The store keeps each conflict's explanation and best fix, and `db reanalyze` refreshes them.
final class StoreDiagnosisTests: XCTestCase {
  var fixture: StoreFixture!

  override func setUpWithError() throws {
    fixture = try StoreFixture()
  }

  override func tearDown() {
    fixture.remove()
  }

  func testShowPrintsTheStoredExplanationAndFix() throws {
    let ingest = try fixture.lcq(["ingest", DiagnosisFixtures.selfSizingCell])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"]).first?["fingerprint"] as? String)
    // JSON holds what the store kept; the text numbers its set, explanation and fix from the
    // block it shows (NewTeamRoundThreeTests), which say the same here.
    let stored = try XCTUnwrap(try fixture.json(["show", fingerprint]) as? [String: Any])
    let explanation = try XCTUnwrap(stored["explanation"] as? String)
    XCTAssertTrue(explanation.hasPrefix("These 4 constraints cannot all hold"), explanation)
    XCTAssertTrue(explanation.contains("\n[1] ThumbnailView: height = 120\n"), explanation)
    XCTAssertTrue(
      (stored["best_fix"] as? String)?.hasPrefix("Lower [1] (ThumbnailView: height = 120) to priority 999")
        == true)
    let show = try fixture.lcq(["show", fingerprint])
    XCTAssertEqual(show.status, 0, show.stderr)
    XCTAssertTrue(show.stdout.contains("\n  These 4 constraints cannot all hold"), show.stdout)
    XCTAssertTrue(show.stdout.contains("\n    [1] * ThumbnailView: height = 120"), show.stdout)
    XCTAssertTrue(
      show.stdout.contains("\n    Lower [1] (ThumbnailView: height = 120) to priority 999"), show.stdout)
  }

  func testReanalyzeFillsExplanationsAnOlderLcqLeftEmpty() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", DiagnosisFixtures.childViewController]).status, 0)
    _ = try fixture.python(
      """
      db.execute("UPDATE conflicts SET explanation = NULL, best_fix = NULL")
      db.commit()
      """)
    let reanalyze = try fixture.lcq(["db", "reanalyze"])
    XCTAssertEqual(reanalyze.status, 0, reanalyze.stderr)
    let stored = try fixture.python(
      """
      print(db.execute("SELECT best_fix FROM conflicts").fetchone()[0])
      """)
    XCTAssertTrue(stored.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false"), stored)
  }
}
