import Foundation
import LCQStore
import XCTest

/// The SQL inside the binary is the SQL in the repository.
final class EmbeddedSQLTests: XCTestCase {
  func testEmbeddedSQLMatchesTheFiles() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for (folder, embedded) in [
      ("Migrations", EmbeddedSQL.migrations), ("dashboards", EmbeddedSQL.dashboards),
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
