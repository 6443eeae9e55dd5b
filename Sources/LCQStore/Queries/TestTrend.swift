extension ConflictStore {
  /// The builds of the runs that ran `test` (`run_tests`) and started in the filter's window, in
  /// build order: each with those runs (``TrendPoint/allRuns``), how many of them logged a
  /// conflict in the test (``TrendPoint/runs``), and those occurrences and distinct conflicts (of
  /// the filter's owner and team; all the runs' occurrences in the test, whenever logged). The
  /// conflict-free runs of one test, build by build; runs without a build are left out.
  public func trend(ofTest test: String, _ filter: QueryFilter) throws(StoreError) -> [TrendPoint] {
    let run = filter.runCondition
    let conflicts = filter.conflictConditions("o.conflict_id")
    let rows = try queries.rows(
      """
      WITH ran AS (
        SELECT r.id, r.build_key, r.build FROM run_tests t JOIN runs r ON r.id = t.run_id
        WHERE t.test = ? AND r.build_key IS NOT NULL AND r.started_at >= ? AND r.started_at < ?\(run.sql)
      ),
      builds AS (
        SELECT ran.build_key, min(ran.build) AS step, count(*) AS all_runs FROM ran GROUP BY ran.build_key
      ),
      logged AS (
        SELECT ran.build_key, count(*) AS occurrences, count(DISTINCT o.conflict_id) AS conflicts,
          count(DISTINCT o.run_id) AS runs
        FROM ran JOIN occurrences o ON o.run_id = ran.id
        WHERE o.test = ?\(conflicts.sql)
        GROUP BY ran.build_key
      )
      SELECT b.build_key, b.step, b.all_runs, coalesce(l.occurrences, 0) AS occurrences,
        coalesce(l.conflicts, 0) AS conflicts, coalesce(l.runs, 0) AS runs
      FROM builds b LEFT JOIN logged l ON l.build_key = b.build_key
      """,
      [.text(test), .integer(filter.lowerTime), .integer(filter.upperTime)] + run.values + [.text(test)]
        + conflicts.values)
    return
      rows
      .sorted {
        ($0.text("build_key") ?? "").utf8.lexicographicallyPrecedes(($1.text("build_key") ?? "").utf8)
      }
      .map { row in
        TrendPoint(
          label: row.text("step") ?? "?", occurrences: row.count("occurrences"),
          conflicts: row.count("conflicts"),
          runs: row.count("runs"), allRuns: row.count("all_runs"))
      }
  }
}
