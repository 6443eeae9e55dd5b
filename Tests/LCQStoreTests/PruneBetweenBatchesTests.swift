import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// A prune between two batches of one run, on both engines: the first batch's only occurrence
/// is before the cut, so the prune deletes it, its conflict and its template. The second batch
/// logs the same message later: it stores the conflict and the template again, instead of
/// pointing at the ids the run remembered from its first batch, which are gone (the team store
/// keeps those ids without foreign keys, and checks them once a batch).
final class PruneBetweenBatchesTests: XCTestCase {
  /// 2024-03-01T00:00:00Z.
  private static let dayZero: Int64 = 1_709_251_200
  private static let day: Int64 = 86_400

  /// The message of the width conflict logged at `time`, as `lcq ingest` stores it.
  private static func record(at time: Int64, identity: String, clock: IngestClock) throws -> BlockRecord {
    let block = try XCTUnwrap(
      ConflictScanner.blocks(in: timedConflictMessage("width", at: time), file: "between.log").first)
    return BlockRecord(
      block: block, template: BlockTemplate(splitting: block.rawText),
      summary: AnalysisSummary(BlockAnalyzer().analyze(block)), clock: clock, identity: identity)
  }

  func testABatchAfterAPruneStoresAgainWhatThePruneDeleted() throws {
    try forEachEngine { store, engine in
      let clock = IngestClock(
        now: Date(timeIntervalSince1970: TimeInterval(Self.dayZero + 10 * Self.day)), timeZone: .utc)
      let run = try store.beginIngest(
        RunMetadata(build: "1", runKey: "between", source: "test", lcqVersion: "test"), clock: clock)
      run.add(try Self.record(at: Self.dayZero + 3_600, identity: "early", clock: clock))
      try run.commit()
      try run.waitUntilWritten()

      let pruned = try store.prune(before: Self.dayZero + Self.day)
      XCTAssertEqual(pruned.occurrences, 1, "\(engine)")
      XCTAssertEqual(pruned.conflicts, 1, "\(engine)")
      XCTAssertEqual(pruned.templates, 1, "\(engine)")

      run.add(try Self.record(at: Self.dayZero + 5 * Self.day, identity: "late", clock: clock))
      try run.finish(.finished)

      let orphans = try store.queries.row(
        """
        SELECT count(*) AS n FROM occurrences o
        WHERE NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.id = o.conflict_id)
          OR NOT EXISTS (SELECT 1 FROM block_templates t WHERE t.id = o.template_id)
        """)
      XCTAssertEqual(orphans?.count("n"), 0, "\(engine)")
      let conflict = try store.queries.row(
        "SELECT occurrence_count, first_seen FROM conflicts")
      XCTAssertEqual(conflict?.count("occurrence_count"), 1, "\(engine)")
      XCTAssertEqual(conflict?.integer("first_seen"), Self.dayZero + 5 * Self.day, "\(engine)")
      XCTAssertEqual(
        try store.queries.row("SELECT count(*) AS n FROM block_templates")?.count("n"), 1, "\(engine)")
    }
  }
}
