import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// The envelope as the store keeps it, through the real `lcq` on each engine: `top
/// --fires-below`, `show`, `db copy` and `db reanalyze`.
final class EnvelopeStoreTests: XCTestCase {
  /// The corpus blocks and their widths, worked out by hand (EnvelopeTests shows the arithmetic
  /// for 192):
  /// - 192: a root view width safe from 375 pt;
  /// - 071: a root view width safe from 408 pt: its two margins (unknown, at least 0), the label
  ///   at least 400, 8 of system spacing and the text field's width (at least 0);
  /// - 006: a cell width safe only up to 308.8975 pt: with the cell 123.5 high, 7 + 0 + 7 + 9 +
  ///   11 + at least 11 leave the image at most 78.5 high, so at most 1.574 × 78.5 wide, which
  ///   is 0.4 of the cell's width: 1.574 × 78.5 / 0.4 = 308.8975;
  /// - 045: a navigation bar width safe from 4 + 10 = 14 pt;
  /// - 099: a fitting width (no screen's); 007: a cell height only.
  static let files = ["192", "071", "006", "045", "099", "007"]

  /// What `--fires-below 375` must list: the widths that fire somewhere in [320, 375).
  static let firingBelow375 = [
    "UIView width vs root view width", "UILabel width vs root view width",
    "LineView: UIView height vs cell height",
  ]

  private func titles(_ arguments: [String], db: String) throws -> [String] {
    let result = try LCQProcess.run(arguments + ["--format", "json", "--db", db])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let rows = object?["conflicts"] as? [[String: Any]] ?? []
    return rows.compactMap { $0["title"] as? String }.sorted()
  }

  private func check(db: String) throws {
    let ingest = try LCQProcess.run(["ingest", "--db", db] + Self.files.map(LCQProcess.corpusFile))
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    XCTAssertEqual(try titles(["top"], db: db).count, 6)
    XCTAssertEqual(try titles(["top", "--fires-below", "375"], db: db), Self.firingBelow375.sorted())
    // Nothing fires between 320 and 320.
    XCTAssertEqual(try titles(["top", "--fires-below", "320"], db: db), [])
    // 192's fingerprint (FingerprintTests keeps fingerprints stable).
    let show = try LCQProcess.run(["show", "--db", db, "v3:d9489e71ffbff1b3"])
    XCTAssertTrue(
      show.stdout.contains(
        "\n  Sizes [5]: It fires when the root view's width is below 375 pt (where the root view spans the screen: "
          + "iPhone SE (1st generation) portrait, iPad Slide Over); safe from 375 pt up."),
      show.stdout + show.stderr)
    try checkReport(db: db)
  }

  /// `lcq check` of a build that brought 192's conflict says where it fires, in Markdown, JSON
  /// and SARIF (`db`: a new store).
  private func checkTheGate(db: String) throws {
    for (build, file) in [("6", "007"), ("7", "192")] {
      let ingest = try LCQProcess.run(["ingest", "--db", db, "--build", build, LCQProcess.corpusFile(file)])
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
    }
    let sentence =
      "[5] It fires when the root view's width is below 375 pt (where the root view spans the screen: "
      + "iPhone SE (1st generation) portrait, iPad Slide Over); safe from 375 pt up."
    let markdown = try LCQProcess.run(["check", "--db", db, "--build", "7"])
    XCTAssertTrue(
      markdown.stdout.contains(
        "  Sizes: \\[5\\] It fires when the root view's width is below 375 pt \\(where the root view spans the "
          + "screen: iPhone SE \\(1st generation\\) portrait, iPad Slide Over\\); safe from 375 pt up.\n"),
      markdown.stdout + markdown.stderr)
    let json = try LCQProcess.run(["check", "--db", db, "--build", "7", "--format", "json"])
    XCTAssertTrue(json.stdout.contains(#""envelope":"\#(sentence)""#), json.stdout)
    let sarif = try LCQProcess.run(["check", "--db", db, "--build", "7", "--format", "sarif"])
    XCTAssertTrue(sarif.stdout.contains(#""sizes":"\#(sentence)""#), sarif.stdout)
  }

  /// The report's "On the smallest screens" and its "Fires at" column.
  private func checkReport(db: String) throws {
    let report = try LCQProcess.run(["report", "--db", db, "--since", "2000-01-01", "--format", "markdown"])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(report.stdout.contains("### On the smallest screens (3)"), report.stdout)
    let caption =
      "Conflicts that fire at some width from 320 to 375 pt (iPhone SE (1st generation), iPad Slide Over)"
    XCTAssertTrue(report.stdout.contains(caption + ":\n\n- "), report.stdout)
    let html = try LCQProcess.run(["report", "--db", db, "--since", "2000-01-01", "--format", "html"])
    XCTAssertTrue(html.stdout.contains("<p class=\"muted\">\(caption).</p>"), html.stdout)
    XCTAssertTrue(
      report.stdout.contains(
        "- **UIView width vs root view width** `v3:d9489e71`: 1 occurrence. \\[5\\] It fires when the root view's "
          + "width is below 375 pt \\(where the root view spans the screen: iPhone SE \\(1st generation\\) portrait, "
          + "iPad Slide Over\\); safe from 375 pt up."), report.stdout)
    XCTAssertTrue(report.stdout.contains("| width < 408 pt |"), report.stdout)
    // 006's cell width holds only up to 123559/400 = 308.8975 pt: "> 308.9" to two decimals. The
    // report lists 5 top conflicts, those whose damage shows first, and 006's has no figure: a
    // store of its own shows it.
    let alone = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-006-\(UUID().uuidString).sqlite"
    ).path
    defer { try? FileManager.default.removeItem(atPath: alone) }
    XCTAssertEqual(try LCQProcess.run(["ingest", "--db", alone, LCQProcess.corpusFile("006")]).status, 0)
    let alone006 = try LCQProcess.run([
      "report", "--db", alone, "--since", "2000-01-01", "--format", "markdown",
    ])
    XCTAssertTrue(alone006.stdout.contains("| width > 308.9 pt |"), alone006.stdout)
    let json = try LCQProcess.run(["report", "--db", db, "--since", "2000-01-01", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let small = object?["small_screens"] as? [[String: Any]] ?? []
    XCTAssertEqual(small.compactMap { $0["title"] as? String }.sorted(), Self.firingBelow375.sorted())
  }

  func testTopFiresBelowAndShowOnTheSQLiteFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-envelope-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("e.sqlite").path
    try check(db: db)
    try checkTheGate(db: folder.appendingPathComponent("gate.sqlite").path)
    #if TeamStore
      // The copy into the team store carries the envelope's columns, reals included.
      let url = try PostgresTestServer.shared().makeDatabase()
      let copy = try LCQProcess.run(["db", "copy", "--from", db, "--to", url])
      XCTAssertEqual(copy.status, 0, copy.stderr)
      XCTAssertEqual(try titles(["top", "--fires-below", "375"], db: url), Self.firingBelow375.sorted())
    #endif
  }

  #if TeamStore
    func testTopFiresBelowAndShowOnTheTeamStore() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      try check(db: url)
      try checkTheGate(db: try server.makeDatabase())
      // A store from before the envelope (its columns empty) gets it from `db reanalyze`.
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      _ = try server.psql(
        database,
        "UPDATE conflicts SET envelope = NULL, width_safe_from = NULL, width_safe_to = NULL, "
          + "width_fires_everywhere = NULL")
      XCTAssertEqual(try titles(["top", "--fires-below", "375"], db: url), [])
      let reanalysed = try LCQProcess.run(["db", "reanalyze", "--db", url])
      XCTAssertEqual(reanalysed.status, 0, reanalysed.stderr)
      XCTAssertEqual(try titles(["top", "--fires-below", "375"], db: url), Self.firingBelow375.sorted())
    }
  #endif
}
