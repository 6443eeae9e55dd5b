import Foundation
import LCQEndToEndSupport
import XCTest

/// With the app's source tree, a conflict among a vendored library's views is stored as the
/// library's (`conflicts.owner = 'library'`), found with `--owner library`, kept out of the app's
/// lists and listed with the noise in the report; `db reanalyze` decides it again from the tree it
/// is given. `Fixtures/library-app`: the app declares `MapCard`, `Pods/GoogleMaps` declares
/// `GMSMapView` and `GMSCompassButton`; `maps.log` holds a conflict among the map's own
/// constraints (10 + 40 + 10 is not 100) and one where the app's card meets the map (320 is not
/// 300).
final class LibraryOwnerCommandTests: XCTestCase {
  private var fixture: StoreFixture!
  private let tree = LCQProcess.fixture("library-app")
  private var log: String { LCQProcess.fixture("library-app/maps.log") }
  private let window = ["--since", "2000-01-01", "--until", "2030-01-01"]

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  private func owners() throws -> String {
    try fixture.python("print(db.execute('SELECT title, owner FROM conflicts ORDER BY title').fetchall())")
  }

  private func fingerprints(_ arguments: [String]) throws -> [String] {
    try fixture.rows(arguments + window).compactMap { $0["title"] as? String }.sorted()
  }

  func testALibrarysOwnConflictIsStoredAsTheLibrarys() throws {
    let ingest = try fixture.lcq(["ingest", "--app", "Maps", "--build", "1", "--source-root", tree, log])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let mapOnly = "GMSCompassButton width vs GMSMapView width"
    let cardAndMap = "GMSMapView: MapCard width vs GMSMapView width"
    XCTAssertEqual(try owners(), "[('\(mapOnly)', 'library'), ('\(cardAndMap)', 'app')]")
    XCTAssertEqual(try fingerprints(["top", "--owner", "library"]), [mapOnly])
    XCTAssertEqual(try fingerprints(["top", "--owner", "app"]), [cardAndMap])
    XCTAssertEqual(try fingerprints(["top", "--owner", "system"]), [])

    let report = try XCTUnwrap(try fixture.json(["report"] + window) as? [String: Any])
    let noise = (report["system_conflicts"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    XCTAssertEqual(noise, [mapOnly])

    let stored = try fixture.python(
      "print(db.execute(\"SELECT best_fix FROM conflicts WHERE owner = 'library'\").fetchone()[0])")
    XCTAssertEqual(
      stored,
      "No proven fix: there is no fix in the app's constraints: the conflict is among the GoogleMaps library's "
        + "own constraints (on GMSCompassButton); update the library or tell its maintainers.")

    // `lcq show` says whose it is, in every format.
    let fingerprint = try fixture.python(
      "print(db.execute(\"SELECT fingerprint FROM conflicts WHERE owner = 'library'\").fetchone()[0])")
    let shown = try fixture.lcq(["show", fingerprint])
    XCTAssertTrue(
      shown.stdout.contains(
        "   verdict: conflict   owner: library (a third-party library's own: no fix in the app)\n"),
      shown.stdout)
    let json = try XCTUnwrap(try fixture.json(["show", fingerprint]) as? [String: Any])
    XCTAssertEqual(json["owner"] as? String, "library")
    XCTAssertTrue(
      try fixture.lcq(["show", fingerprint, "--format", "markdown"]).stdout.contains(" · owner: library · "))

    // Reanalysed with the tree, it stays the library's; without it, an Objective-C class cannot be
    // told from the app's.
    XCTAssertEqual(try fixture.lcq(["db", "reanalyze", "--source-root", tree]).status, 0)
    XCTAssertEqual(try owners(), "[('\(mapOnly)', 'library'), ('\(cardAndMap)', 'app')]")
    XCTAssertEqual(try fixture.lcq(["db", "reanalyze"]).status, 0)
    XCTAssertEqual(try owners(), "[('\(mapOnly)', 'app'), ('\(cardAndMap)', 'app')]")
    let missing = try fixture.lcq(["db", "reanalyze", "--source-root", tree + "/no-such-folder"])
    XCTAssertEqual(missing.status, 64)
  }

  /// A store of schema 8 (owners 'app' and 'system' only) keeps its owners through the migration
  /// that lets a conflict be a library's.
  func testASchema8StoreKeepsItsOwners() throws {
    let migrations = LCQProcess.repositoryRoot.appendingPathComponent("Migrations")
    let files = try FileManager.default.contentsOfDirectory(atPath: migrations.path).filter {
      $0.hasSuffix(".sql") && $0 < "0009"
    }.sorted()
    XCTAssertEqual(files.count, 8)
    _ = try fixture.python(
      """
      import os
      db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      for name in sys.argv[3:]:
          db.executescript(open(os.path.join(sys.argv[2], name)).read())
          db.execute("INSERT INTO grdb_migrations VALUES (?)", (name,))
      for fingerprint, owner in [("v3:1", "system"), ("v3:2", "app"), ("v3:3", None)]:
          db.execute("INSERT INTO conflicts (fingerprint, title, verdict, minimal_set, owner, first_seen, last_seen) "
                     "VALUES (?, ?, 'conflict', '[]', ?, 0, 0)", (fingerprint, fingerprint, owner))
      db.commit()
      """, arguments: [migrations.path] + files)
    let migrate = try fixture.lcq(["db", "migrate"])
    XCTAssertEqual(migrate.status, 0, migrate.stderr)
    XCTAssertEqual(
      try fixture.python(
        "print(db.execute('SELECT fingerprint, owner FROM conflicts ORDER BY fingerprint').fetchall())"),
      "[('v3:1', 'system'), ('v3:2', 'app'), ('v3:3', None)]")
    XCTAssertEqual(
      try fixture.python(
        """
        db.execute("UPDATE conflicts SET owner = 'library' WHERE fingerprint = 'v3:3'")
        try:
            db.execute("UPDATE conflicts SET owner = 'vendor' WHERE fingerprint = 'v3:2'")
        except sqlite3.IntegrityError as error:
            print(error)
        print(db.execute("SELECT owner FROM conflicts_iso WHERE fingerprint = 'v3:3'").fetchone()[0])
        """),
      "CHECK constraint failed: owner IN ('app', 'system', 'library')\nlibrary")
  }
}
