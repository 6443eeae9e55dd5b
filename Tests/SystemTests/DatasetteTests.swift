import Foundation
import LCQEndToEndSupport
import XCTest

/// A real Datasette, serving the report's database with `dashboards/datasette.yml`, gives the
/// same numbers as `lcq report --format json`, panel by panel.
final class DatasetteTests: XCTestCase {
  func testEveryCannedQueryEqualsTheReport() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    try fixture.build()
    for app in ["", "Shop"] {
      let appArguments = app.isEmpty ? [] : ["--app", app]
      let reportResult = try fixture.report(["--format", "json"] + appArguments)
      XCTAssertEqual(reportResult.status, 0, reportResult.stderr)
      let report = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(reportResult.stdout.utf8)) as? [String: Any])
      let script = LCQProcess.repositoryRoot.appendingPathComponent("Tests/Dashboards/datasette_panels.py")
        .path
      let metadata = LCQProcess.repositoryRoot.appendingPathComponent("dashboards/datasette.yml").path
      let served = try LCQProcess.execute(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "python3", script, fixture.store.database, metadata, "2024-03-06T00:00:00Z", ReportFixture.until,
          app,
        ])
      XCTAssertEqual(served.status, 0, served.stderr)
      let panels = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(served.stdout.utf8)) as? [String: [[String: Any]]])
      let dashboards = try FileManager.default.contentsOfDirectory(
        atPath: LCQProcess.repositoryRoot.appendingPathComponent("dashboards").path
      ).filter { $0.hasSuffix(".sql") && !$0.hasPrefix("_") }
      XCTAssertEqual(panels.count, dashboards.count, "every dashboard is a canned query")
      for (name, rows) in panels {
        let reported = report[name]
        let reportRows = (reported as? [[String: Any]]) ?? (reported as? [String: Any]).map { [$0] } ?? []
        XCTAssertEqual(rows.count, reportRows.count, "\(name) (app '\(app)'): row count")
        for (served, reported) in zip(rows, reportRows) {
          XCTAssertEqual(Set(served.keys), Set(reported.keys), name)
          for (column, value) in served {
            XCTAssertTrue(
              Self.same(value, reported[column] as Any),
              "\(name).\(column): \(value) vs \(reported[column] ?? "nil")")
          }
        }
      }
      // ReportFixture's hand count: 3 occurrences in the window, 1 of them Shop's.
      XCTAssertTrue(panels["volume"]?.first?["occurrences"] as? Int == (app.isEmpty ? 3 : 1))

      // The same numbers counted in Python from the raw tables, without the dashboards' SQL.
      let raw = try LCQProcess.execute(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "python3", LCQProcess.repositoryRoot.appendingPathComponent("Tests/Dashboards/raw_counts.py").path,
          fixture.store.database, "2024-03-06T00:00:00Z", ReportFixture.until, app,
        ])
      XCTAssertEqual(raw.status, 0, raw.stderr)
      let counted = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(raw.stdout.utf8)) as? [String: Any])
      let volume = try XCTUnwrap(report["volume"] as? [String: Any])
      for key in ["occurrences", "conflicts", "runs"] {
        XCTAssertEqual(volume[key] as? Int, counted[key] as? Int, "volume.\(key) (app '\(app)')")
      }
      let top = try XCTUnwrap(report["top_by_occurrences"] as? [[String: Any]])
      let topCounts = Dictionary(
        uniqueKeysWithValues: top.compactMap { row in
          (row["fingerprint"] as? String).map { ($0, row["occurrences"] as? Int ?? -1) }
        })
      XCTAssertEqual(
        topCounts, counted["by_fingerprint"] as? [String: Int], "top_by_occurrences (app '\(app)')")
    }
  }

  /// Values are the same when numbers are equal, texts are equal, or a JSON array text from
  /// SQL equals the array the report wrote for it.
  static func same(_ served: Any, _ reported: Any) -> Bool {
    switch (served, reported) {
    case (is NSNull, is NSNull): return true
    case (let text as String, let array as [String]):
      return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String] == array
    case (let left as String, let right as String): return left == right
    case (let left as NSNumber, let right as NSNumber): return left.doubleValue == right.doubleValue
    default: return false
    }
  }
}
