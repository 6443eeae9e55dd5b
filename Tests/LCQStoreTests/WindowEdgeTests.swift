import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore
import LCQTestSupport
import XCTest

/// Every count reads the window `[since, until)`: an occurrence at its first second counts, one
/// at its end does not, and a day's rollup row the window cuts is counted from its occurrences.
/// One run logs one conflict at 1,000 s, 2,000 s and 3,000 s into 2023-11-14 (UTC): one rollup
/// row, first 1,000, last 3,000. Each window's count is worked out by hand below, and asked of
/// `lcq top` and `lcq trend` on both engines.
final class WindowEdgeTests: XCTestCase {
  /// 2023-11-14T00:00:00Z.
  static let day: Int64 = 1_699_920_000

  /// (since, until) in seconds into the day, and the occurrences inside.
  static let windows: [(since: Int64, until: Int64, count: Int)] = [
    (1000, 3001, 3),  // the whole row inside: the rollup's own count
    (1000, 3000, 2),  // the last occurrence at `until`: out
    (1001, 3001, 2),  // the first a second before `since`: out
    (2000, 3001, 2),  // one at `since`: in, though the row starts before
    (2000, 3000, 1),  // cut at both ends
    (0, 1000, 0),  // the first occurrence at `until`: out
    (3000, 4000, 1),  // the last one at `since`: in
  ]

  private static func message(at seconds: Int64) -> String {
    let time = Date(timeIntervalSince1970: TimeInterval(day + seconds))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    return """
      \(formatter.string(from: time)) MyApp[1:2] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600000001 UIView:0x7f0000000001.width == 100   (active)>",
          "<NSLayoutConstraint:0x600000002 UIView:0x7f0000000001.width == 200   (active)>"
      )

      """
  }

  /// Writes the run into `store`.
  private func ingest(into store: any ConflictStore) throws {
    let clock = IngestClock(now: Date(timeIntervalSince1970: TimeInterval(Self.day + 86_400)), timeZone: .utc)
    let run = try store.beginIngest(
      RunMetadata(build: "1", device: "iPhone15,2", runKey: "edges", source: "test", lcqVersion: "test"),
      clock: clock)
    for (index, seconds) in [Int64(1000), 2000, 3000].enumerated() {
      let block = try XCTUnwrap(
        ConflictScanner.blocks(in: Self.message(at: seconds), file: "edges.log").first)
      let summary = AnalysisSummary(BlockAnalyzer().analyze(block))
      let record = BlockRecord(
        block: block, template: BlockTemplate(splitting: block.rawText), summary: summary, clock: clock,
        identity: "edge-\(index)")
      XCTAssertEqual(record.time, Self.day + seconds, "the log's own time")
      run.add(record)
    }
    try run.finish(.finished)
  }

  private func assertEdges(of store: any ConflictStore, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    try ingest(into: store)
    for window in Self.windows {
      let filter = QueryFilter(since: Self.day + window.since, until: Self.day + window.until)
      let top = try store.top(filter)
      XCTAssertEqual(
        top.map(\.occurrences).reduce(0, +), window.count, "top in \(window)", file: file, line: line)
      let trend = try store.trend(filter, by: .day)
      XCTAssertEqual(
        trend.map(\.occurrences).reduce(0, +), window.count, "trend in \(window)", file: file, line: line)
      // The report's panels count the same window in their own SQL (dashboards/).
      let scope = ReportScope(since: filter.since ?? 0, until: filter.until ?? 0)
      for name in Self.countingPanels {
        let panel = try store.panel(name, scope)
        // PostgreSQL names no columns when no row comes back.
        let column = panel.rows.isEmpty ? 0 : try XCTUnwrap(panel.columns.firstIndex(of: "occurrences"), name)
        XCTAssertEqual(
          panel.rows.map { Int($0[column].integer) }.reduce(0, +), window.count, "\(name) in \(window)",
          file: file, line: line)
      }
    }
  }

  /// The panels whose `occurrences` add up to the window's occurrences of the app's conflicts
  /// (`volume_by_day` and `conflict_days` also count the baseline's days before the window).
  static let countingPanels = ["top_by_occurrences", "top_by_reach", "volume", "volume_by_group"]

  func testTheWindowsEdgesOnTheSQLiteFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-edges-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try assertEdges(
      of: try Store(path: folder.appendingPathComponent("lcq.sqlite").path, mode: .createIfMissing))
  }

  #if TeamStore
    func testTheWindowsEdgesOnTheTeamStore() throws {
      let url = try PostgresTestServer.shared().makeDatabase()
      try assertEdges(of: try PostgresStore(url: url, mode: .createIfMissing, environment: [:]))
    }
  #endif
}
