extension ConflictStore {
  /// How sure lcq can be that each conflict of `quiet` (``quiet(forBuilds:_:)``'s answer for
  /// the same `builds` and `filter`) stopped: the runs that saw it and the runs of the builds
  /// from its first to its last (``RunShare/runs``, ``RunShare/of``), against the runs of the
  /// newest `builds` builds, none of which saw it (``RunShare/previousOf``). The share's
  /// p-value is the chance that none of those newest runs would have seen it had it kept firing
  /// as often: C(n, k) / C(n + m, k). A conflict seen in 1 of 20 runs needs far more than 20
  /// runs without it before its absence says anything. Runs are the filter's, started before
  /// its `until`; by fingerprint. For a conflict logged in a test, where the newest builds' runs
  /// recorded the tests they ran, only runs that ran one of its tests are counted (the runs
  /// that logged it in one, of those from its first build to its last that ran one, against
  /// those of the newest builds that ran one).
  public func quietShares(of quiet: [ConflictChange], forBuilds builds: Int, _ filter: QueryFilter)
    throws(StoreError) -> [String: RunShare]
  {
    guard let oldestOfNewest = try oldestOfNewestBuilds(builds, filter) else { return [:] }
    let runs = filter.runsBeforeUntil
    let since = try queries.row(
      "SELECT count(*) AS n FROM runs r WHERE r.build_key >= ?\(runs.sql)",
      [.text(oldestOfNewest)] + runs.values)
    let newest = newestBuildsRuns(oldestOfNewest, filter)
    let tested = try queries.row("SELECT \(TestRuns.anyRecorded) AS recorded")?.flag("recorded") == true
    var shares: [String: RunShare] = [:]
    for conflict in quiet {
      guard let first = conflict.firstBuild, let last = conflict.lastBuild else { continue }
      let lifetimeRuns: (sql: String, values: [QueryValue]) = (
        "r.build_key >= ? AND r.build_key <= ?\(runs.sql)",
        [QueryValue.text(BuildKey.of(first)), .text(BuildKey.of(last))] + runs.values
      )
      if tested, let share = try testShare(of: conflict.fingerprint, lifetime: lifetimeRuns, newest: newest) {
        shares[conflict.fingerprint] = share
        continue
      }
      let lifetime = try queries.row(
        "SELECT count(*) AS n FROM runs r WHERE \(lifetimeRuns.sql)", lifetimeRuns.values)
      shares[conflict.fingerprint] = RunShare(
        runs: conflict.runs, of: lifetime?.count("n") ?? 0, previousRuns: 0,
        previousOf: since?.count("n") ?? 0)
    }
    return shares
  }

  /// The share of the conflict `fingerprint` counted on the runs that ran one of its tests:
  /// those of `lifetime` that logged it in one, of those of `lifetime` that ran one, against
  /// those of `newest` that ran one; `nil` when it was logged in no test or no run of `newest`
  /// ran one of its tests.
  private func testShare(
    of fingerprint: String, lifetime: (sql: String, values: [QueryValue]),
    newest: (sql: String, values: [QueryValue])
  ) throws(StoreError) -> RunShare? {
    let row = try queries.row(
      """
      SELECT \(TestRuns.logged("c.id", " AND \(lifetime.sql)")) AS runs,
        \(TestRuns.ranOneOf("c.id", lifetime.sql)) AS ran, \(TestRuns.ranOneOf("c.id", newest.sql)) AS since
      FROM conflicts c WHERE c.fingerprint = ?
      """, lifetime.values + lifetime.values + newest.values + [.text(fingerprint)])
    guard let row, row.count("runs") > 0, row.count("ran") >= row.count("runs"), row.count("since") > 0 else {
      return nil
    }
    return RunShare(
      runs: row.count("runs"), of: row.count("ran"), previousRuns: 0, previousOf: row.count("since"))
  }
}
