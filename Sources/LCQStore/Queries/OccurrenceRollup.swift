/// Counting rebuilt from the rows themselves: `occurrence_rollup`, its sums per day and each
/// conflict's counters, for the writes that move or add occurrences in bulk (`db reanalyze` on the team
/// store, which keeps no counting triggers, and `db copy`).
enum OccurrenceRollup {
  /// Rebuilds the counts inside the transaction of `engine`. On PostgreSQL the occurrence
  /// tables are locked first, so runners' batches wait and the rebuild sees every committed one.
  static func rebuild(_ engine: QueryEngine) throws(StoreError) {
    try lock(engine)
    try deleteAll(engine)
    _ = try engine.execute(
      """
      INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
      SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time)
      FROM occurrences GROUP BY conflict_id, run_id, time / 86400
      """)
    try sumDays(engine)
    _ = try engine.execute(ConflictSummaries.refresh)
  }

  /// The rollup and its sums per day: the tables a recount deletes from.
  private static let countTables = ["occurrence_rollup"] + DaySum.all.map(\.table)

  /// Deletes every rollup row and their sums per day (which reference conflicts and runs).
  static func deleteAll(_ engine: QueryEngine) throws(StoreError) {
    for table in countTables {
      _ = try engine.execute("DELETE FROM \(table)")
    }
  }

  /// Sums the rollup's rows of `day` (every day when `nil`) per conflict and per run, into
  /// tables that hold none of those days.
  private static func sumDays(on day: Int64? = nil, _ engine: QueryEngine) throws(StoreError) {
    let onDay = day == nil ? "" : " WHERE day = ?"
    for sum in DaySum.all {
      _ = try engine.execute(
        """
        INSERT INTO \(sum.table) (\(sum.key), day, occurrences)
        SELECT \(sum.key), day, sum(occurrences) FROM occurrence_rollup\(onDay)
        GROUP BY \(sum.key), day
        """, day.map { [.integer($0)] } ?? [])
    }
  }

  /// Counts again what deleting the occurrences before `time` changed (inside the transaction
  /// that deleted them, which holds ``lock(_:)``): the days before `time`'s are gone, the day it
  /// cuts is counted from what is left of it, and so are the conflicts first seen before it
  /// (``ConflictSummaries/refreshFirstSeenBefore``). The same as ``rebuild(_:)`` after such a
  /// deletion, without reading the rest of the history.
  static func recount(before time: Int64, _ engine: QueryEngine) throws(StoreError) {
    let day = time / 86_400  // as SQL divides: `time / 86400` names a row's day
    for table in countTables {
      _ = try engine.execute("DELETE FROM \(table) WHERE day <= ?", [.integer(day)])
    }
    _ = try engine.execute(
      """
      INSERT INTO occurrence_rollup (conflict_id, run_id, day, occurrences, first_time, last_time)
      SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time)
      FROM occurrences WHERE time >= ? AND time < ? GROUP BY conflict_id, run_id, time / 86400
      """, [.integer(day * 86_400), .integer(day * 86_400 + 86_400)])
    try sumDays(on: day, engine)
    _ = try engine.execute(ConflictSummaries.refreshFirstSeenBefore, [.integer(time)])
  }

  /// Keeps writers of occurrences out until the transaction of `engine` ends (take it before
  /// any other write of that transaction, so that it cannot deadlock with a runner's batch).
  static func lock(_ engine: QueryEngine) throws(StoreError) {
    if let lock = engine.dialect.lockForCounting { _ = try engine.execute(lock) }
  }
}
