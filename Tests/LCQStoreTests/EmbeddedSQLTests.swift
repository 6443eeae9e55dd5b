import Foundation
import XCTest

@testable import LCQStore

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
        $0.hasSuffix(".sql") && !$0.hasPrefix("_")
      }.sorted()
      XCTAssertEqual(embedded.map(\.name), names, "run scripts/embed-sql.py")
      for (name, sql) in embedded {
        let file = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        let whole = try Self.expandingIncludes(file, from: directory)
        XCTAssertEqual(sql, whole.hasSuffix("\n") ? whole : whole + "\n", "\(name): run scripts/embed-sql.py")
      }
    }
    let fragment = try String(
      contentsOf: root.appendingPathComponent("dashboards/_window_counts.sql"), encoding: .utf8)
    XCTAssertEqual(
      EmbeddedSQL.windowCounts,
      fragment.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("--") }
        .joined(separator: "\n"), "run scripts/embed-sql.py")
  }

  /// A panel's file with each `-- include: NAME` line (maybe ending in `,`) replaced by the lines
  /// of `NAME` after its leading comment, themselves expanded, the comma after the last of them
  /// (dashboards/README.md).
  private static func expandingIncludes(_ text: String, from directory: URL) throws -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("-- include: ") else {
        lines.append(String(line))
        continue
      }
      var name = String(trimmed.dropFirst("-- include: ".count))
      let comma = name.hasSuffix(",")
      if comma { name.removeLast() }
      let fragment = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      let fragmentLines = fragment.split(separator: "\n", omittingEmptySubsequences: true).drop {
        $0.hasPrefix("--")
      }
      var body = try expandingIncludes(fragmentLines.joined(separator: "\n"), from: directory)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if comma, !body.isEmpty { body[body.count - 1] += "," }
      lines += body
    }
    return lines.joined(separator: "\n")
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
