import Foundation
import GRDB

/// What `lcq db stats` prints.
public struct StoreStatistics: Sendable, Hashable {
  /// The database file.
  public var path: String
  /// Migrations applied.
  public var schemaVersion: Int
  /// Bytes read, or the file size in bytes.
  public var bytes: Int64
  /// Distinct runs, or ingest runs stored.
  public var runs: Int
  /// Conflicts stored, or removed.
  public var conflicts: Int
  /// Conflicts with status `open`.
  public var openConflicts: Int
  /// Conflicts with status `resolved`.
  public var resolvedConflicts: Int
  /// Conflicts with status `ignored`.
  public var ignoredConflicts: Int
  /// Occurrences counted.
  public var occurrences: Int
  /// Blocks kept whole because nothing in them could be read.
  public var failedBlocks: Int
  /// Distinct block templates.
  public var templates: Int
  /// The earliest occurrence time.
  public var oldestOccurrence: Int64?
  /// The latest occurrence time.
  public var newestOccurrence: Int64?
  /// When the latest ingest run started.
  public var lastRun: Int64?
}

extension Store {
  /// Counts of everything stored.
  public func statistics() throws(StoreError) -> StoreStatistics {
    let path = self.displayPath
    return try read { db in
      func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
      let bytes =
        try Int64.fetchOne(
          db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
      let range = try Row.fetchOne(db, sql: "SELECT min(time), max(time) FROM occurrences")
      return StoreStatistics(
        path: path, schemaVersion: try Store.appliedMigrations(db).count, bytes: bytes,
        runs: try count("SELECT count(*) FROM runs"), conflicts: try count("SELECT count(*) FROM conflicts"),
        openConflicts: try count("SELECT count(*) FROM conflicts WHERE status = 'open'"),
        resolvedConflicts: try count("SELECT count(*) FROM conflicts WHERE status = 'resolved'"),
        ignoredConflicts: try count("SELECT count(*) FROM conflicts WHERE status = 'ignored'"),
        occurrences: try count("SELECT count(*) FROM occurrences"),
        failedBlocks: try count("SELECT count(*) FROM failed_blocks"),
        templates: try count("SELECT count(*) FROM block_templates"), oldestOccurrence: range?[0],
        newestOccurrence: range?[1], lastRun: try Int64.fetchOne(db, sql: "SELECT max(started_at) FROM runs"))
    }
  }

  /// Rebuilds the database file (`VACUUM`) and refreshes the query planner's statistics;
  /// returns the file size before and after.
  public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) {
    func size() throws(StoreError) -> Int64 {
      try read { db in
        try Int64.fetchOne(
          db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
      }
    }
    let before = try size()
    do {
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM")
        try db.execute(sql: "PRAGMA optimize")
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    } catch {
      throw Self.storeError(error, path: path)
    }
    return (before, try size())
  }

}

extension ConflictStore {
  /// Deletes occurrences and failed blocks older than `time`, then runs, templates and open
  /// conflicts left with nothing, in one transaction. Resolved and ignored conflicts keep their
  /// status.
  public func prune(before time: Int64) throws(StoreError) -> PruneResult {
    var result = PruneResult(occurrences: 0, failedBlocks: 0, runs: 0, conflicts: 0, templates: 0)
    try queries.transaction { engine throws(StoreError) in
      let countedByTriggers = engine.dialect.countsByTriggers
      if !countedByTriggers { try OccurrenceRollup.lock(engine) }
      result.occurrences = try engine.execute("DELETE FROM occurrences WHERE time < ?", [.integer(time)])
      result.failedBlocks = try engine.execute("DELETE FROM failed_blocks WHERE time < ?", [.integer(time)])
      // Without triggers the rollup still counts what was deleted (and references its
      // conflicts and runs): count again before deleting what is left with nothing.
      if !countedByTriggers { try OccurrenceRollup.rebuild(engine) }
      result.runs = try engine.execute(
        """
        DELETE FROM runs WHERE started_at < ? AND status != 'running'
          AND NOT EXISTS (SELECT 1 FROM occurrences WHERE run_id = runs.id)
          AND NOT EXISTS (SELECT 1 FROM failed_blocks WHERE run_id = runs.id)
          AND NOT EXISTS (SELECT 1 FROM occurrence_rollup WHERE run_id = runs.id)
        """, [.integer(time)])
      result.conflicts = try engine.execute(
        """
        DELETE FROM conflicts WHERE status = 'open'
          AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = conflicts.id)
        """)
      result.templates = try engine.execute(
        """
        DELETE FROM block_templates WHERE NOT EXISTS (SELECT 1 FROM occurrences WHERE template_id = block_templates.id)
        """)
      _ = try engine.execute(ConflictSummaries.refresh)
    }
    return result
  }
}

/// The statement that recomputes each conflict's counts, first and last times and builds from
/// its occurrences (after deletions, which the counting cannot re-date).
enum ConflictSummaries {
  static let refresh = """
    UPDATE conflicts SET
      occurrence_count = (SELECT count(*) FROM occurrences o WHERE o.conflict_id = conflicts.id),
      first_seen = coalesce((SELECT min(time) FROM occurrences o WHERE o.conflict_id = conflicts.id), first_seen),
      last_seen = coalesce((SELECT max(time) FROM occurrences o WHERE o.conflict_id = conflicts.id), last_seen),
      first_build = coalesce((SELECT r.build FROM occurrences o JOIN runs r ON r.id = o.run_id
        WHERE o.conflict_id = conflicts.id ORDER BY o.time, o.id LIMIT 1), first_build),
      last_build = coalesce((SELECT r.build FROM occurrences o JOIN runs r ON r.id = o.run_id
        WHERE o.conflict_id = conflicts.id ORDER BY o.time DESC, o.id DESC LIMIT 1), last_build)
    """
}

/// What `prune` removed.
public struct PruneResult: Sendable, Hashable {
  /// Occurrences deleted.
  public var occurrences: Int
  /// Failed blocks (kept whole because nothing in them could be read) deleted.
  public var failedBlocks: Int
  /// Ingest runs deleted: finished before the cut, left with no occurrence and no failed block.
  public var runs: Int
  /// Open conflicts deleted, left with no occurrence.
  public var conflicts: Int
  /// Block templates deleted, used by no occurrence.
  public var templates: Int
}
