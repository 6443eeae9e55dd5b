import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// Conflict-free runs per build (`dashboards/run_health.sql`, and `lcq trend --by build`'s
/// runs), in-process on each engine, on a history worked out by hand:
///
/// - build 98, before the window: 1 clean run;
/// - build 99, before the window: 1 run with the self-sizing cell's conflict (app-owned);
/// - build 100: 2 runs, one with it: 1 of 2 conflict-free;
/// - build 101: 4 runs: one with it, one with only UIKit's own conflict (019, owner `system`,
///   which the app cannot fix: the run counts as conflict-free for the app), two clean: 3 of 4;
/// - a run without a build: left out of the panel, which orders builds.
///
/// The window starts after build 99's run, so the panel lists 101 and 100, and 100's previous
/// build is 99 (1 run, none conflict-free), the newest before it, not 98.
final class RunHealthOnEachEngineTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-health-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  func testEachBuildsConflictFreeRunsAndTheBuildBefore() throws {
    let clean = folder.appendingPathComponent("clean.log").path
    try "App launched\n".write(toFile: clean, atomically: true, encoding: .utf8)
    // The example without its log prefix: a pasted message, one occurrence per run.
    let example = try String(
      contentsOf: EngineIngest.tests.deletingLastPathComponent().appendingPathComponent(
        "Examples/self-sizing-cell.log"), encoding: .utf8)
    let app = folder.appendingPathComponent("app.log").path
    try String(example[try XCTUnwrap(example.range(of: "[LayoutConstraints] ")).upperBound...])
      .write(toFile: app, atomically: true, encoding: .utf8)
    let system = try EngineIngest.realLog("019")
    let start: Int64 = 1_767_225_600
    try forEachEngine { store, engine in
      var count: Int64 = 0
      func run(_ build: String?, _ path: String) throws {
        count += 1
        try EngineIngest.ingest(
          [path], into: store, run: "job-\(count)", build: build, at: start + 60 * count)
      }
      try run("98", clean)
      try run("99", app)
      try run("100", app)
      try run("100", clean)
      try run("101", app)
      try run("101", system)
      try run("101", clean)
      try run("101", clean)
      try run(nil, clean)
      let context = engine.rawValue

      let scope = ReportScope(since: start + 150, until: start + 3600)
      let rows = try store.panel(Panels.RunHealth.self, scope)
      XCTAssertEqual(rows.map(\.build.text), ["101", "100"], context)
      XCTAssertEqual(rows.map(\.runs.integer), [4, 2], context)
      XCTAssertEqual(rows.map(\.conflictFreeRuns.integer), [3, 1], context)
      XCTAssertEqual(rows.map(\.previousBuild.text), ["100", "99"], context)
      XCTAssertEqual(rows.map(\.previousRuns.integer), [2, 1], context)
      XCTAssertEqual(rows.map(\.previousConflictFreeRuns.integer), [1, 0], context)
      // Every owner's conflicts: UIKit's run is no longer conflict-free.
      var all = scope
      all.owner = .all
      XCTAssertEqual(
        try store.panel(Panels.RunHealth.self, all).map(\.conflictFreeRuns.integer), [2, 1], context)

      // The trend by build counts every run, conflict or not (every conflict, as it counts them).
      let trend = try store.trend(QueryFilter(since: start + 150, until: start + 3600), by: .build)
      XCTAssertEqual(trend.map(\.label), ["100", "101", "(none)"], context)
      XCTAssertEqual(trend.map(\.allRuns), [2, 4, 1], context)
      XCTAssertEqual(trend.map(\.conflictFreeRuns), [1, 2, 1], context)
    }
  }
}
