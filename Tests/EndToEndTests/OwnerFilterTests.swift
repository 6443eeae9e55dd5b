import Foundation
import LCQEndToEndSupport
import XCTest

/// Conflicts among UIKit's own constraints are stored as the system's, kept out of the CI gate
/// and the report's top list by default, and found with `--owner system`.
final class OwnerFilterTests: XCTestCase {
  private var fixture: StoreFixture!
  /// Corpus 009: the app's image view against a cell's width (the app's).
  private let appConflict = "v3:08d276e3a3978f42"
  /// Corpus 105: UIKit's keyboard container against UIKit's keyboard window (the system's).
  private let systemConflict = "v3:6af27a81624ce0c3"

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    let ingest = try fixture.lcq([
      "ingest", "--app", "MyApp", "--build", "7", "--run-id", "ci-7", LCQProcess.corpusFile("009"),
      LCQProcess.corpusFile("105"),
    ])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
  }

  override func tearDown() { fixture.remove() }

  private func fingerprints(_ arguments: [String]) throws -> [String] {
    try fixture.rows(arguments).compactMap { $0["fingerprint"] as? String }.sorted()
  }

  func testTopAndNewFilterByOwner() throws {
    let window = ["--since", "2000-01-01", "--until", "2030-01-01"]
    XCTAssertEqual(try fingerprints(["top"] + window), [systemConflict, appConflict].sorted())
    XCTAssertEqual(try fingerprints(["top", "--owner", "app"] + window), [appConflict])
    XCTAssertEqual(try fingerprints(["top", "--owner", "system"] + window), [systemConflict])
    XCTAssertEqual(try fingerprints(["new", "--owner", "system"] + window), [systemConflict])
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT owner FROM conflicts ORDER BY fingerprint').fetchall())"),
      "[('app',), ('system',)]", "v3:08… is the app's, v3:6a… the system's")
    let wrong = try fixture.lcq(["top", "--owner", "uikit"])
    XCTAssertEqual(wrong.status, 64)
  }

  /// The gate counts the app's new conflict only, unless asked for every owner.
  func testCheckCountsTheAppsConflictsByDefault() throws {
    func newConflicts(_ arguments: [String]) throws -> [String] {
      let result = try fixture.lcq(["check", "--build", "7", "--format", "json"] + arguments)
      XCTAssertEqual(result.status, 1, result.stderr)
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return try XCTUnwrap(object["new"] as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
        .sorted()
    }
    XCTAssertEqual(try newConflicts([]), [appConflict])
    XCTAssertEqual(try newConflicts(["--owner", "all"]), [systemConflict, appConflict].sorted())
    XCTAssertEqual(try newConflicts(["--owner", "system"]), [systemConflict])
  }

  /// The report's top lists are the app's; UIKit's own conflict is listed apart as noise.
  func testTheReportListsTheSystemsConflictsApart() throws {
    let window = ["--since", "2000-01-01", "--until", "2030-01-01"]
    let report = try XCTUnwrap(try fixture.json(["report"] + window) as? [String: Any])
    func fingerprints(_ panel: String) -> [String] {
      ((report[panel] as? [[String: Any]]) ?? []).compactMap { $0["fingerprint"] as? String }
    }
    XCTAssertEqual(report["owner"] as? String, "app")
    XCTAssertEqual(fingerprints("top_by_occurrences"), [appConflict])
    XCTAssertEqual(fingerprints("top_by_reach"), [appConflict])
    XCTAssertEqual(fingerprints("system_conflicts"), [systemConflict])
    let all = try XCTUnwrap(try fixture.json(["report", "--owner", "all"] + window) as? [String: Any])
    let allTop = ((all["top_by_occurrences"] as? [[String: Any]]) ?? []).compactMap {
      $0["fingerprint"] as? String
    }
    XCTAssertEqual(allTop.sorted(), [systemConflict, appConflict].sorted())

    let markdown = try fixture.lcq(["report", "--format", "markdown"] + window)
    XCTAssertEqual(markdown.status, 0, markdown.stderr)
    XCTAssertTrue(
      markdown.stdout.contains(
        "### System noise (1)\n\nUIKit's, AppKit's or a library's own constraints conflict: there is no fix in the app.\n\n"
          + "- **UIInputSetContainerView top vs keyboard** `v3:6af27a81`: 1 occurrence\n"),
      markdown.stdout)
    let html = try fixture.lcq(["report", "--format", "html"] + window)
    XCTAssertTrue(html.stdout.contains("<h2>System noise (1)</h2>"))
  }

  /// A database from before schema 3 has no owner: its conflicts count as the app's until
  /// `lcq db reanalyze` reads the stored blocks again and fills the column in.
  func testReanalyzeFillsInTheOwner() throws {
    _ = try fixture.python("db.execute('UPDATE conflicts SET owner = NULL'); db.commit()")
    let window = ["--since", "2000-01-01", "--until", "2030-01-01"]
    XCTAssertEqual(
      try fingerprints(["top", "--owner", "app"] + window), [systemConflict, appConflict].sorted())
    XCTAssertEqual(try fingerprints(["top", "--owner", "system"] + window), [])
    let reanalyze = try fixture.lcq(["db", "reanalyze"])
    XCTAssertEqual(reanalyze.status, 0, reanalyze.stderr)
    XCTAssertEqual(try fingerprints(["top", "--owner", "system"] + window), [systemConflict])
    XCTAssertEqual(try fingerprints(["top", "--owner", "app"] + window), [appConflict])
  }
}
