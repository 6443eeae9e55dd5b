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
      logged AS (
        SELECT ran.build_key, o.run_id, o.conflict_id FROM ran JOIN occurrences o ON o.run_id = ran.id
        WHERE o.test = ?\(conflicts.sql)
      )
      SELECT ran.build_key, min(ran.build) AS step, count(*) AS all_runs,
        (SELECT count(*) FROM logged l WHERE l.build_key = ran.build_key) AS occurrences,
        (SELECT count(DISTINCT l.conflict_id) FROM logged l WHERE l.build_key = ran.build_key) AS conflicts,
        (SELECT count(DISTINCT l.run_id) FROM logged l WHERE l.build_key = ran.build_key) AS runs
      FROM ran GROUP BY ran.build_key
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
