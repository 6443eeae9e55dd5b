/// The conflicts `lcq quiet` can list, found without reading every conflict's history: the open
/// conflicts, less those with a counted rollup row on the recent side (found through indexes:
/// rows by day, runs by build key). `lcq quiet` then counts only these, with its condition as
/// before; on a year of a fleet the open conflicts' whole history took half a minute to group.
/// `nil` for a filter with a `since` (``QueryFilter/countedRow(_:)``).
enum QuietConflicts {
  /// The open conflicts without a counted row whose last occurrence, within the filter's end, is
  /// after `time` (`lcq quiet --for`). A rollup row lies inside one UTC day (its `day`, the
  /// writers' `time / 86400`), so the day bound only lets an index find the rows.
  static func lastSeenAtOrBefore(_ time: Int64, _ filter: QueryFilter) -> (sql: String, values: [QueryValue])?
  {
    // A row's last time counts up to the window's last second, so when that second is not after
    // `time`, no row is.
    openConflicts(
      without: "x.day >= ? AND x.last_time > ? AND ? > ?",
      [.integer(time / 86_400), .integer(time), .integer(filter.upperTime - 1), .integer(time)], filter)
  }

  /// The open conflicts without a counted row in a run of the build keyed `oldestOfNewest` or a
  /// later one (`lcq quiet --builds`).
  static func notIn(newestFrom oldestOfNewest: String, _ filter: QueryFilter) -> (
    sql: String, values: [QueryValue]
  )? {
    openConflicts(without: "r.build_key >= ?", [.text(oldestOfNewest)], filter)
  }

  /// `SELECT c.id AS conflict_id …`: the open conflicts with no counted row `x` (of run `r`) that
  /// meets `recent`, a fixed condition with its values. The recent side's conflicts are listed
  /// once (`DISTINCT`), so that PostgreSQL can keep them in a hash.
  private static func openConflicts(
    without recent: String, _ values: [QueryValue], _ filter: QueryFilter
  ) -> (sql: String, values: [QueryValue])? {
    guard let counted = filter.countedRow("x") else { return nil }
    let sql = """
      SELECT c.id AS conflict_id FROM conflicts c
      WHERE c.status = 'open' AND c.id NOT IN (
        SELECT DISTINCT x.conflict_id FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
        WHERE \(recent)\(counted.sql)
      )
      """
    return (sql, values + counted.values)
  }
}
