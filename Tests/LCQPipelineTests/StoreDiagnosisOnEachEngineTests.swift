import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// Each engine keeps a conflict's explanation and best fix as the analysis wrote them, and a
/// reanalysis fills in what an older lcq left empty. `StoreDiagnosisTests` (end to end) reads
/// them through `lcq show`.
final class StoreDiagnosisOnEachEngineTests: XCTestCase {
  private static let selfSizingCell = EngineIngest.fixtures.appendingPathComponent(
    "diagnosis/self-sizing-cell.log"
  ).path
  private static let childViewController = EngineIngest.fixtures.appendingPathComponent(
    "diagnosis/child-view-controller-autoresizing.log"
  ).path

  func testTheStoredExplanationAndFixAreTheAnalysiss() throws {
    let fingerprint = try EngineIngest.fingerprint(ofLog: Self.selfSizingCell)
    try forEachEngine { store, _ in
      try EngineIngest.ingest([Self.selfSizingCell], into: store)
      let details = try store.details(of: fingerprint, QueryFilter())
      // The cell's message: the thumbnail's fixed height, its two vertical edges and the
      // cell's encapsulated height; lowering the app's fixed height lets the rest hold.
      let explanation = try XCTUnwrap(details.explanation)
      XCTAssertTrue(explanation.hasPrefix("These 4 constraints cannot all hold"), explanation)
      XCTAssertTrue(explanation.contains("[1] ThumbnailView: height = 120"), explanation)
      let fix = try XCTUnwrap(details.bestFix)
      XCTAssertTrue(fix.hasPrefix("Lower [1] (ThumbnailView: height = 120) to priority 999"), fix)
    }
  }

  func testAReanalysisFillsInExplanationsAnOlderLcqLeftEmpty() throws {
    try forEachEngine { store, _ in
      try EngineIngest.ingest([Self.childViewController], into: store)
      _ = try store.queries.execute("UPDATE conflicts SET explanation = NULL, best_fix = NULL")
      let emptied = try store.queries.rows("SELECT best_fix FROM conflicts")
      XCTAssertEqual(emptied.map { $0["best_fix"].text }, [nil])
      let result = try Reanalysis.run(on: store)
      XCTAssertEqual(result.occurrences, 1)
      XCTAssertEqual(result.changed, 0, "the same verdict and fingerprint")
      let fix = try XCTUnwrap(
        try store.queries.rows("SELECT best_fix FROM conflicts").first?["best_fix"].text)
      // A child view controller's view keeps its translated autoresizing mask: the fix is
      // turning the translation off, on that view.
      XCTAssertTrue(fix.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false"), fix)
    }
  }
}
