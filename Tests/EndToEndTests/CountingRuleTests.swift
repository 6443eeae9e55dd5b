import Foundation
import XCTest

/// The counting rule (the rollup and each conflict's count, first and last seen times and
/// builds) is written once, in the migration's trigger `occurrences_counted`. `lcq ingest`
/// turns triggers off and applies the same counts per batch (`OccurrenceCounts`): on the whole
/// corpus, the batched counts must equal what the trigger computes from the same occurrences.
final class CountingRuleTests: XCTestCase {
  func testTheBatchedCountsAreTheTriggersOnTheCorpus() throws {
    let fixture = try StoreFixture()
    defer { fixture.remove() }
    let logs = try LCQProcess.corpusLogs()
    XCTAssertGreaterThan(logs.count, 100)
    // Two builds, and the first half again in a third run, so counts add across runs and days.
    // One ingest time for all three: messages without a timestamp take it, so the third run's
    // ties the first's last seen time, and the later-stored row must win the tie.
    let half = logs.count / 2
    for (build, files) in [
      ("1", Array(logs[..<half])), ("2", Array(logs[half...])), ("3", Array(logs[..<half])),
    ] {
      let result = try fixture.lcq(
        ["ingest", "--build", build, "--run-id", "run-\(build)", "--ingest-time", "2026-01-01T00:00:00Z"]
          + files)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    let comparison = try fixture.python(
      """
      def counts(db):
          rollup = db.execute("SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup ORDER BY 1, 2, 3").fetchall()
          conflicts = db.execute("SELECT id, occurrence_count, first_seen, last_seen, first_build, last_build FROM conflicts WHERE occurrence_count > 0 ORDER BY id").fetchall()
          return rollup, conflicts
      batched = counts(db)
      # The same occurrences inserted again, in their order, with the trigger counting them.
      db.executescript('''
          CREATE TEMP TABLE saved AS SELECT * FROM occurrences;
          DELETE FROM occurrences;
          DELETE FROM occurrence_rollup;
          UPDATE conflicts SET occurrence_count = 0, first_build = NULL, last_build = NULL;
          INSERT INTO occurrences SELECT * FROM saved ORDER BY id;
      ''')
      triggered = counts(db)
      print(len(batched[0]), len(batched[1]), "same" if batched == triggered else "differ")
      """)
    let parts = comparison.split(separator: " ")
    XCTAssertEqual(parts.last, "same", comparison)
    XCTAssertGreaterThan(Int(parts.first ?? "") ?? 0, 100, "rollup rows compared")
    XCTAssertGreaterThan(Int(parts.dropFirst().first ?? "") ?? 0, 50, "conflicts compared")
  }
}
