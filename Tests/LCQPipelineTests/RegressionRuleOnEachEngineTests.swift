import Foundation
import LCQPipeline
import LCQStore
import LCQStoreTestSupport
import XCTest

/// The one rule for "regressed" (the view `regression_runs`), in-process on each engine, as
/// `lcq regressed` (``ConflictStore/regressed(_:)``), `lcq check` (``ConflictStore/check(_:app:owner:baseline:)``)
/// and the report's panel answer it: a resolved conflict seen again in a run of the build it
/// was resolved in or a later one, or in a run without a build that started after the
/// resolution. `RegressionRuleTests` (end to end) checks the commands' words and exit codes.
final class RegressionRuleOnEachEngineTests: XCTestCase {
  /// The example self-sizing cell message with its log prefix taken off, as pasted into a bug
  /// report: with no timestamp, each run stores it as an event of its own, at its ingest time.
  private static func pastedLog(in folder: URL) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("Examples/self-sizing-cell.log"), encoding: .utf8)
    let prefix = try XCTUnwrap(text.range(of: "[LayoutConstraints] "))
    let path = folder.appendingPathComponent("pasted.log").path
    try String(text[prefix.upperBound...]).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// 2026-01-01T00:00:00Z: the resolution; runs are before or after it.
  private static let resolvedAt: Int64 = 1_767_225_600

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-regressed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  private func ingest(
    _ log: String, run: String, build: String?, at time: Int64, into store: any ConflictStore
  ) throws {
    try EngineIngest.ingest([log], into: store, run: run, build: build, at: time)
  }

  /// What the three say is regressed: `regressed`, the check of `run`, and the report's panel.
  private func regressed(in store: any ConflictStore, checking run: String) throws -> [[String]] {
    let lister = try store.regressed(QueryFilter()).map(\.fingerprint)
    let check = try store.check(.run(run), app: nil, owner: .all, baseline: []).regressed.map(\.fingerprint)
    let panel = try store.panel("regressed_conflicts", ReportScope(since: 0, until: Self.resolvedAt * 2))
    let column = panel.rows.isEmpty ? 0 : try XCTUnwrap(panel.columns.firstIndex(of: "fingerprint"))
    return [lister, check, panel.rows.compactMap { $0[column].text }]
  }

  func testARunWithoutABuildRegressesWhenItStartedAfterTheResolution() throws {
    let log = try Self.pastedLog(in: folder)
    try forEachEngine { store, engine in
      try ingest(log, run: "early", build: nil, at: Self.resolvedAt - 86_400 * 365, into: store)
      let fingerprint = try XCTUnwrap(try store.top(QueryFilter()).first?.fingerprint)
      try store.setStatus(.resolved(build: "5"), of: fingerprint, at: Self.resolvedAt)
      XCTAssertEqual(try regressed(in: store, checking: "early"), [[], [], []], engine.rawValue)
      try ingest(log, run: "late", build: nil, at: Self.resolvedAt + 60, into: store)
      XCTAssertEqual(
        try regressed(in: store, checking: "late"), [[fingerprint], [fingerprint], [fingerprint]],
        engine.rawValue)
    }
  }

  func testARunOfAnOlderBuildNeverRegresses() throws {
    let log = try Self.pastedLog(in: folder)
    try forEachEngine { store, engine in
      try ingest(log, run: "one", build: "7", at: Self.resolvedAt - 60, into: store)
      let fingerprint = try XCTUnwrap(try store.top(QueryFilter()).first?.fingerprint)
      try store.setStatus(.resolved(build: "8"), of: fingerprint, at: Self.resolvedAt)
      // Started after the resolution, but of build 6: the fix is not in it.
      try ingest(log, run: "two", build: "6", at: Self.resolvedAt + 60, into: store)
      XCTAssertEqual(try regressed(in: store, checking: "two"), [[], [], []], engine.rawValue)
      // Build 8 itself, the one it was resolved in, regresses.
      try ingest(log, run: "three", build: "8", at: Self.resolvedAt + 120, into: store)
      XCTAssertEqual(
        try regressed(in: store, checking: "three"), [[fingerprint], [fingerprint], [fingerprint]],
        engine.rawValue)
    }
  }
}
