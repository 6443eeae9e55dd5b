import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// The counting rule, on each engine: `occurrence_rollup`, its sums per conflict and day and per
/// run and day, and each conflict's count, first and last seen times and builds are what the
/// occurrences say. An ingest counts each batch as it
/// commits (`OccurrenceCounts`); a reanalysis, a prune or a copy counts again from the rows
/// (`OccurrenceRollup.rebuild`). On the whole corpus, ingested in three runs, the first must
/// equal the second.
final class CountingRuleTests: XCTestCase {
  /// The counts as stored: every rollup row and sum per day, and every counted conflict's
  /// counters.
  private static func counts(_ engine: QueryEngine) throws -> [[String]] {
    let rollup = try engine.rows(
      """
      SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup
      ORDER BY conflict_id, run_id, day
      """)
    let conflictDays = try engine.rows(
      "SELECT conflict_id, day, occurrences FROM conflict_day_counts ORDER BY conflict_id, day")
    let runDays = try engine.rows("SELECT run_id, day, occurrences FROM run_day_counts ORDER BY run_id, day")
    let conflicts = try engine.rows(
      """
      SELECT id, occurrence_count, first_seen, last_seen, first_build, last_build, last_build_key FROM conflicts
      WHERE occurrence_count > 0 ORDER BY id
      """)
    return [rollup, conflictDays, runDays, conflicts].flatMap { rows in
      rows.map { row in rows.columns.map { "\($0)=\(row[$0].text ?? "NULL")" } }
    }
  }

  func testTheBatchedCountsAreTheRecountOnTheCorpus() throws {
    let logs = try EngineIngest.corpusLogs()
    XCTAssertGreaterThan(logs.count, 100)
    try forEachEngine { store, engine in
      // Two builds, and the first half again in a third run, so counts add across runs and days.
      // One ingest time for all three: messages without a timestamp take it, so the third run's
      // ties the first's last seen time, and the tie is broken by build order as the recount breaks it.
      let half = logs.count / 2
      for (build, files) in [("1", logs[..<half]), ("2", logs[half...]), ("3", logs[..<half])] {
        try EngineIngest.ingest(Array(files), into: store, run: "run-\(build)", build: build)
      }
      let batched = try Self.counts(store.queries)
      try store.queries.transaction { engine throws(StoreError) in try OccurrenceRollup.rebuild(engine) }
      let recounted = try Self.counts(store.queries)
      XCTAssertGreaterThan(batched.count, 150, "rows compared on \(engine.rawValue)")
      XCTAssertEqual(batched, recounted, "on \(engine.rawValue)")
    }
  }

  /// A prune counts again only what its deletion touched (`OccurrenceRollup.recount`): the days
  /// before the cut, the day it cuts and the conflicts first seen before it. That must be what a
  /// recount of everything says, on each engine (the team store drops whole months first).
  func testAPruneCountsAsARecountOfEverythingWould() throws {
    let logs = try EngineIngest.corpusLogs()
    let quarter = logs.count / 4
    let day: Int64 = 86_400
    let start: Int64 = 1_767_225_600  // 2026-01-01
    // The prune cuts day 40 at noon: one run 40 days before, one on that day's morning, one on its
    // afternoon, one 35 days after. Messages without a logged time take their run's time; those
    // with one (years before) all go.
    let cut = start + 40 * day + day / 2
    let runs: [Int64] = [start, start + 40 * day + 600, cut + 600, start + 75 * day]
    try forEachEngine { store, engine in
      for (index, time) in runs.enumerated() {
        let files = Array(logs[(index * quarter)..<((index + 1) * quarter)]) + logs.prefix(5)
        try EngineIngest.ingest(files, into: store, run: "run-\(index)", build: "\(index + 1)", at: time)
      }
      let kept = try XCTUnwrap(
        store.queries.row("SELECT count(*) AS n FROM occurrences WHERE time >= ?", [.integer(cut)])?.count(
          "n"))
      let before = try XCTUnwrap(store.queries.row("SELECT count(*) AS n FROM occurrences")?.count("n"))
      XCTAssertGreaterThan(kept, 20, "on \(engine.rawValue)")
      XCTAssertGreaterThan(before - kept, 20, "on \(engine.rawValue)")
      let pruned = try store.prune(before: cut)
      XCTAssertEqual(pruned.occurrences, before - kept, "on \(engine.rawValue)")
      XCTAssertEqual(
        try store.queries.row("SELECT count(*) AS n FROM occurrences")?.count("n"), kept,
        "on \(engine.rawValue)")
      let incremental = try Self.counts(store.queries)
      try store.queries.transaction { engine throws(StoreError) in try OccurrenceRollup.rebuild(engine) }
      let recounted = try Self.counts(store.queries)
      XCTAssertGreaterThan(incremental.count, 20, "rows compared on \(engine.rawValue)")
      XCTAssertEqual(incremental, recounted, "on \(engine.rawValue)")
    }
  }
}
