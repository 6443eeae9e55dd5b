/// The conflicts `lcq new` can list, found from the rollup rows that decide it, so that the
/// history's counts are read only for them: a year of a fleet holds millions of rollup rows, and
/// grouping them all to keep the few new conflicts took half a minute.
///
/// Both questions of `lcq new` read the filter's rows from the first ever (the filter has no
/// `since`), so a rollup row counts (has an occurrence inside the filter) exactly when its run
/// passes the filter's run conditions and its first occurrence is before the filter's end. A
/// conflict is new when it has such a row on the new side and none on the old side; each query
/// below asks that of the rows through indexes (runs by build key, rows by day, a conflict's rows
/// by conflict), and `lcq new` then counts the conflicts it returns as before.
enum NewConflicts {
  /// Whether the queries below answer faster than grouping the history: not when the filter
  /// names a build, an OS version or a device. Most conflicts are logged on many devices, so
  /// under such a filter most of them are new, and showing that one has no old row inside it
  /// reads all of its rows (on a year of a fleet, once each, `--device`: 1.2 s against 0.8 s).
  /// An app's conflicts are mostly its own, so `--app` keeps them (0.3 s against 30 s).
  private static func apply(to filter: QueryFilter) -> Bool {
    filter.build == nil && filter.osVersion == nil && filter.device == nil
  }

  /// One side of the question: a fixed condition on the rollup row (aliased as given) and its
  /// run `r`, and its values.
  typealias Side = (_ row: String) -> (sql: String, values: [QueryValue])

  /// The conflicts with a counted row in a run of a build after `key` and none in a run of `key`
  /// or a build before it (`lcq new --since-build`; runs without a build say nothing); `nil`
  /// where grouping the history answers (a filter with a `since`, or see ``apply(to:)``).
  static func sinceBuild(_ key: String, _ filter: QueryFilter) -> (sql: String, values: [QueryValue])? {
    query(
      newSide: { _ in ("r.build_key > ?", [.text(key)]) },
      oldSide: { _ in ("r.build_key <= ?", [.text(key)]) }, filter)
  }

  /// The conflicts with a counted row whose first occurrence is at or after `time`, and none
  /// whose first occurrence is before it (`lcq new --since`). A rollup row lies inside one UTC
  /// day (its `day`, the writers' `time / 86400`), so the day bounds only let an index find the
  /// rows. `nil` as for ``sinceBuild(_:_:)``.
  static func sinceTime(_ time: Int64, _ filter: QueryFilter) -> (sql: String, values: [QueryValue])? {
    let day = time / 86_400
    return query(
      newSide: { row in ("\(row).day >= ? AND \(row).first_time >= ?", [.integer(day), .integer(time)]) },
      oldSide: { row in ("\(row).day <= ? AND \(row).first_time < ?", [.integer(day), .integer(time)]) },
      filter)
  }

  /// `SELECT seen.conflict_id …`: the conflicts of the rollup rows that count and meet
  /// `newSide`, without a row that counts and meets `oldSide` (asked once per conflict).
  private static func query(newSide: Side, oldSide: Side, _ filter: QueryFilter) -> (
    sql: String, values: [QueryValue]
  )? {
    guard apply(to: filter), let counted = filter.countedRow("x"), let countedOld = filter.countedRow("old")
    else { return nil }
    let (new, old) = (newSide("x"), oldSide("old"))
    let sql = """
      SELECT seen.conflict_id FROM (
        SELECT DISTINCT x.conflict_id FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
        WHERE \(new.sql)\(counted.sql)
      ) seen
      WHERE NOT EXISTS (
        SELECT 1 FROM occurrence_rollup old JOIN runs r ON r.id = old.run_id
        WHERE old.conflict_id = seen.conflict_id AND \(old.sql)\(countedOld.sql)
      )
      """
    return (sql, new.values + counted.values + old.values + countedOld.values)
  }
}
