import Foundation

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

extension StoreStatistics {
  /// Counts everything stored, in one statement (one snapshot) that both engines run; the
  /// engine gives what only it knows: its location, schema version and size.
  static func counting(_ engine: QueryEngine, path: String, schemaVersion: Int, bytes: Int64)
    throws(StoreError) -> StoreStatistics
  {
    let row = try engine.row(
      """
      SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM conflicts) AS conflicts,
        (SELECT count(*) FROM conflicts WHERE status = 'open') AS open_conflicts,
        (SELECT count(*) FROM conflicts WHERE status = 'resolved') AS resolved_conflicts,
        (SELECT count(*) FROM conflicts WHERE status = 'ignored') AS ignored_conflicts,
        (SELECT count(*) FROM occurrences) AS occurrences, (SELECT count(*) FROM failed_blocks) AS failed_blocks,
        (SELECT count(*) FROM block_templates) AS templates, (SELECT min(time) FROM occurrences) AS oldest,
        (SELECT max(time) FROM occurrences) AS newest, (SELECT max(started_at) FROM runs) AS last_run
      """)
    return StoreStatistics(
      path: path, schemaVersion: schemaVersion, bytes: bytes, runs: row?.count("runs") ?? 0,
      conflicts: row?.count("conflicts") ?? 0, openConflicts: row?.count("open_conflicts") ?? 0,
      resolvedConflicts: row?.count("resolved_conflicts") ?? 0,
      ignoredConflicts: row?.count("ignored_conflicts") ?? 0, occurrences: row?.count("occurrences") ?? 0,
      failedBlocks: row?.count("failed_blocks") ?? 0, templates: row?.count("templates") ?? 0,
      oldestOccurrence: row?.integer("oldest"), newestOccurrence: row?.integer("newest"),
      lastRun: row?.integer("last_run"))
  }
}

extension ConflictStore {
  /// The number of tables the database holds (a partitioned table counts once).
  public func tableCount() throws(StoreError) -> Int {
    try queries.row(queries.dialect.tableCount)?.count("n") ?? 0
  }

  /// How many of run `runID`'s occurrences were also stored, with the same text and time, under
  /// another build (or app) than the run's, and the first of those builds in build order: what
  /// an ingest's summary says, since each build counts its own (docs/store.md). `nil` when none.
  ///
  /// Linear in the run's occurrences: the other runs that share one of its conflicts at one of
  /// its times are found first (through the index on conflict and time), then each is matched
  /// through the index on conflict, run and time; most runs find none and stop there.
  public func alsoStoredUnderOtherBuilds(run runID: Int64) throws(StoreError) -> (
    count: Int, build: String?, builds: Int
  )? {
    let differs = queries.dialect.isDistinctFrom
    let candidates = try queries.rows(
      """
      SELECT DISTINCT other.id AS run_id, other.build_key AS build_key, r.build_key AS own_key
      FROM (SELECT DISTINCT conflict_id, time FROM occurrences WHERE run_id = ?) mine
      JOIN occurrences same ON same.conflict_id = mine.conflict_id AND same.time = mine.time
      JOIN runs other ON other.id = same.run_id
      JOIN runs r ON r.id = ?
      WHERE other.id <> r.id AND (other.build \(differs) r.build OR other.app \(differs) r.app)
      """, [.integer(runID), .integer(runID)])
    var matched: Set<Int64> = []
    var keys: Set<String> = []
    for candidate in candidates {
      let ids = try queries.rows(
        """
        SELECT DISTINCT o.id AS id FROM occurrences o
        JOIN occurrences same ON same.conflict_id = o.conflict_id AND same.run_id = ? AND same.time = o.time
          AND same.template_id = o.template_id AND same.template_values = o.template_values
        WHERE o.run_id = ?
        """, [.integer(candidate.integer("run_id") ?? 0), .integer(runID)]
      ).compactMap { $0.integer("id") }
      guard !ids.isEmpty else { continue }
      matched.formUnion(ids)
      // Another app's run of the same build names no other build: kept apart, never named.
      let key = candidate.text("build_key")
      keys.insert(key == candidate.text("own_key") ? Self.sameBuild : key ?? "")
    }
    guard !matched.isEmpty else { return nil }
    let first = keys.filter { !$0.isEmpty && $0 != Self.sameBuild }.min {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    let build = try first.flatMap { key throws(StoreError) in
      try queries.row("SELECT min(build) AS build FROM runs WHERE build_key = ?", [.text(key)])?.text("build")
    }
    return (matched.count, build, keys.count)
  }

  /// What stands for the run's own build among the others ``alsoStoredUnderOtherBuilds(run:)``
  /// found (another app's run of it): no build key is empty of text and holds a NUL.
  private static var sameBuild: String { "\u{0}same build" }

  /// When the latest occurrence stored was logged (`nil` when nothing is stored): what an empty
  /// answer names, so that the window that shows it can be asked for.
  public func latestOccurrenceTime() throws(StoreError) -> Int64? {
    // A conflict a prune emptied keeps its status and its last time, which is no longer stored.
    try queries.row("SELECT max(last_seen) AS latest FROM conflicts WHERE occurrence_count > 0")?
      .integer("latest")
  }

  /// Deletes occurrences and failed blocks older than `time`, then runs, templates and open
  /// conflicts left with nothing, in one transaction. Resolved and ignored conflicts keep their
  /// status. On the team store the months wholly before `time` go as whole partitions
  /// (docs/scale.md). The counts are corrected where the deletion touched them: the rollup's
  /// days before `time`, the day `time` cuts, and the conflicts first seen before it.
  public func prune(before time: Int64) throws(StoreError) -> PruneResult {
    var result = PruneResult(occurrences: 0, failedBlocks: 0, runs: 0, conflicts: 0, templates: 0)
    try queries.transaction { engine throws(StoreError) in
      try OccurrenceRollup.lock(engine)
      if engine.dialect.partitionsOccurrences {
        result.occurrences +=
          try engine.row(
            "SELECT lcq_drop_occurrence_months_before(?) AS dropped", [.integer(time)])?.count("dropped") ?? 0
        _ = try engine.execute("DELETE FROM occurrence_identities WHERE time < ?", [.integer(time)])
      }
      result.occurrences += try engine.execute("DELETE FROM occurrences WHERE time < ?", [.integer(time)])
      _ = try engine.execute(
        """
        DELETE FROM open_messages WHERE NOT EXISTS (SELECT 1 FROM occurrences o WHERE o.id = open_messages.occurrence_id)
        """)
      result.failedBlocks = try engine.execute("DELETE FROM failed_blocks WHERE time < ?", [.integer(time)])
      // The rollup still counts what was deleted (and references its conflicts and runs):
      // count again before deleting what is left with nothing.
      try OccurrenceRollup.recount(before: time, engine)
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
      // A template is unused when the index on `template_id` finds no occurrence of it: one look
      // per template. (As `NOT EXISTS`, PostgreSQL read the whole index in order instead: 2.4 s
      // on a fleet's year, BENCHMARKS.md.)
      result.templates = try engine.execute(
        """
        DELETE FROM block_templates
        WHERE (SELECT o.template_id FROM occurrences o WHERE o.template_id = block_templates.id LIMIT 1) IS NULL
        """)
    }
    return result
  }
}

/// The statement that recomputes each conflict's counts, first and last times and builds, once
/// the rollup is counted again from the occurrences (after deletions, which the counting cannot
/// re-date): the rollup holds each conflict's count, first and last times and runs, and the
/// builds are those of the occurrences at those times, told apart by ``TieOrder``. The rollup is
/// read once, grouped by conflict (not once per conflict and column, which took most of a
/// prune's time on a large team store: BENCHMARKS.md).
enum ConflictSummaries {
  /// For every conflict (``OccurrenceRollup/rebuild(_:)``).
  static let refresh = statement(among: "")

  /// For the conflicts first seen before the one value: the only ones a prune at that time
  /// changes (``OccurrenceRollup/recount(before:_:)``).
  static let refreshFirstSeenBefore = statement(among: "WHERE c.first_seen < ?")

  /// The statement for the conflicts that `condition` (a literal condition on `c`, or nothing)
  /// keeps. A conflict left with no rollup row keeps its times and builds, with a count of 0 and
  /// no last build key.
  private static func statement(among condition: String) -> String {
    """
    UPDATE conflicts SET
      occurrence_count = coalesce(s.occurrences, 0),
      first_seen = coalesce(s.first_time, first_seen),
      last_seen = coalesce(s.last_time, last_seen),
      first_build = coalesce(\(TieOrder.first("r.build", of: "conflicts.id", at: "s.first_time", TieOrder.earliestFirst)), first_build),
      last_build = coalesce(\(TieOrder.first("r.build", of: "conflicts.id", at: "s.last_time", TieOrder.latestFirst)), last_build),
      last_build_key = s.last_build_key
    FROM (
      SELECT c.id, x.occurrences, x.first_time, x.last_time, x.last_build_key FROM conflicts c
      LEFT JOIN (
        SELECT x.conflict_id, sum(x.occurrences) AS occurrences, min(x.first_time) AS first_time,
          max(x.last_time) AS last_time, max(r.build_key) AS last_build_key
        FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id GROUP BY x.conflict_id
      ) x ON x.conflict_id = c.id
      \(condition)
    ) s
    WHERE s.id = conflicts.id
    """
  }
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
