/// Counting rebuilt from the rows themselves: `occurrence_rollup` and each conflict's
/// counters, for the writes that move or add occurrences in bulk (`db reanalyze` on the team
/// store, which keeps no counting triggers, and `db copy`).
enum OccurrenceRollup {
  /// Rebuilds the counts inside the transaction of `engine`. On PostgreSQL the occurrence
  /// tables are locked first, so runners' batches wait and the rebuild sees every committed one.
  static func rebuild(_ engine: QueryEngine) throws(StoreError) {
    try lock(engine)
    _ = try engine.execute("DELETE FROM occurrence_rollup")
    _ = try engine.execute(
      """
      INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
      SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time)
      FROM occurrences GROUP BY conflict_id, run_id, time / 86400
      """)
    _ = try engine.execute(ConflictSummaries.refresh)
  }

  /// Keeps writers of occurrences out until the transaction of `engine` ends (take it before
  /// any other write of that transaction, so that it cannot deadlock with a runner's batch).
  static func lock(_ engine: QueryEngine) throws(StoreError) {
    if let lock = engine.dialect.lockForCounting { _ = try engine.execute(lock) }
  }
}
