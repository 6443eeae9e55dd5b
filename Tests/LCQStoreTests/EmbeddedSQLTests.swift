import Foundation
import LCQStore
import XCTest

/// The SQL inside the binary is the SQL in the repository.
final class EmbeddedSQLTests: XCTestCase {
  func testEmbeddedSQLMatchesTheFiles() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for (folder, embedded) in [
      ("Migrations", EmbeddedSQL.migrations), ("Migrations/postgresql", EmbeddedSQL.postgresMigrations),
      ("dashboards", EmbeddedSQL.dashboards),
    ] {
      let directory = root.appendingPathComponent(folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
        $0.hasSuffix(".sql")
      }.sorted()
      XCTAssertEqual(embedded.map(\.name), names, "run scripts/embed-sql.py")
      for (name, sql) in embedded {
        let file = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        XCTAssertEqual(sql, file.hasSuffix("\n") ? file : file + "\n", "\(name): run scripts/embed-sql.py")
      }
    }
  }
}

/// Datasette's canned queries are the dashboards' SQL, every line of it.
final class DatasetteMetadataTests: XCTestCase {
  func testEveryDashboardIsACannedQuery() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let metadata = try String(
      contentsOf: root.appendingPathComponent("dashboards/datasette.yml"), encoding: .utf8)
    XCTAssertFalse(EmbeddedSQL.dashboards.isEmpty)
    for (name, sql) in EmbeddedSQL.dashboards {
      let indented = sql.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .map { line in line.isEmpty ? "" : "          " + line }.joined(separator: "\n")
      let entry = "      \(name.dropLast(4)):\n"
      XCTAssertTrue(metadata.contains(entry), "\(name) is not listed: run scripts/embed-sql.py")
      XCTAssertTrue(
        metadata.contains("sql: |-\n" + indented + "\n"), "\(name) differs: run scripts/embed-sql.py")
    }
  }
}
