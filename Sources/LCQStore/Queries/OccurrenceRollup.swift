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

  /// Counts again what deleting the occurrences before `time` changed (inside the transaction
  /// that deleted them, which holds ``lock(_:)``): the days before `time`'s are gone, the day it
  /// cuts is counted from what is left of it, and so are the conflicts first seen before it
  /// (``ConflictSummaries/refreshFirstSeenBefore``). The same as ``rebuild(_:)`` after such a
  /// deletion, without reading the rest of the history.
  static func recount(before time: Int64, _ engine: QueryEngine) throws(StoreError) {
    let day = time / 86_400  // as SQL divides: `time / 86400` names a row's day
    _ = try engine.execute("DELETE FROM occurrence_rollup WHERE day <= ?", [.integer(day)])
    _ = try engine.execute(
      """
      INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
      SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time)
      FROM occurrences WHERE time >= ? AND time < ? GROUP BY conflict_id, run_id, time / 86400
      """, [.integer(day * 86_400), .integer(day * 86_400 + 86_400)])
    _ = try engine.execute(ConflictSummaries.refreshFirstSeenBefore, [.integer(time)])
  }

  /// Keeps writers of occurrences out until the transaction of `engine` ends (take it before
  /// any other write of that transaction, so that it cannot deadlock with a runner's batch).
  static func lock(_ engine: QueryEngine) throws(StoreError) {
    if let lock = engine.dialect.lockForCounting { _ = try engine.execute(lock) }
  }
}
