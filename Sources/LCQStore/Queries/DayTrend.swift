/// `lcq trend --by day` over a window alone (``QueryFilter/isWindowOnly``, every conflict):
/// the days the window holds whole are read from the sums per day (`conflict_day_counts`, and
/// `run_day_counts` for the runs), the one or two days it cuts from the rollup's rows, as
/// the report's baseline panels read them (`dashboards/_day_spans.sql`). A day's conflicts and
/// runs are those with an occurrence that day, and each has one row of its sums that day, so
/// counting rows counts them exactly; a year's trend reads a row per conflict and day instead
/// of one per conflict, run and day.
enum DayTrend {
  /// The statement of a window `[?, ?)` in `dialect`: a row per day with occurrences, with the
  /// columns `step` (the UTC day), `occurrences`, `conflicts` and `runs`, in day order.
  static func statement(_ dialect: SQLDialect) -> String {
    """
    WITH p AS (SELECT CAST(NULL AS TEXT) AS app),
    pieces (name, s, u, by_day) AS (SELECT 'window', CAST(? AS BIGINT), CAST(? AS BIGINT), 1),
    \(QueryFilter.daySpans(dialect)),
    \(QueryFilter.windowCounts(dialect)),
    cut_days AS (
      SELECT day, CAST(sum(n) AS BIGINT) AS occurrences,
        count(DISTINCT CASE WHEN n > 0 THEN conflict_id END) AS conflicts,
        count(DISTINCT CASE WHEN n > 0 THEN run_id END) AS runs
      FROM counts GROUP BY day HAVING sum(n) > 0
    ),
    whole_day_conflicts AS (
      SELECT d.day, CAST(sum(d.occurrences) AS BIGINT) AS occurrences, count(*) AS conflicts
      FROM whole_days w JOIN conflict_day_counts d ON d.day BETWEEN w.first_day AND w.last_day
      WHERE d.occurrences > 0 GROUP BY d.day
    ),
    whole_day_runs AS (
      SELECT d.day, count(*) AS runs
      FROM whole_days w JOIN run_day_counts d ON d.day BETWEEN w.first_day AND w.last_day
      WHERE d.occurrences > 0 GROUP BY d.day
    )
    SELECT day AS step, occurrences, conflicts, runs FROM cut_days
    UNION ALL
    SELECT c.day, c.occurrences, c.conflicts, coalesce(r.runs, 0)
    FROM whole_day_conflicts c LEFT JOIN whole_day_runs r ON r.day = c.day
    ORDER BY step
    """
  }
}
