extension ConflictStore {
  /// How sure lcq can be that each conflict of `quiet` (``quiet(forBuilds:_:)``'s answer for
  /// the same `builds` and `filter`) stopped: the runs that saw it and the runs of the builds
  /// from its first to its last (``RunShare/runs``, ``RunShare/of``), against the runs of the
  /// newest `builds` builds, none of which saw it (``RunShare/previousOf``). The share's
  /// p-value is the chance that none of those newest runs would have seen it had it kept firing
  /// as often: C(n, k) / C(n + m, k). A conflict seen in 1 of 20 runs needs far more than 20
  /// runs without it before its absence says anything. Runs are the filter's, started before
  /// its `until`; by fingerprint.
  public func quietShares(of quiet: [ConflictChange], forBuilds builds: Int, _ filter: QueryFilter)
    throws(StoreError) -> [String: RunShare]
  {
    guard let oldestOfNewest = try oldestOfNewestBuilds(builds, filter) else { return [:] }
    let runs = filter.runsBeforeUntil
    let since = try queries.row(
      "SELECT count(*) AS n FROM runs r WHERE r.build_key >= ?\(runs.sql)",
      [.text(oldestOfNewest)] + runs.values)
    var shares: [String: RunShare] = [:]
    for conflict in quiet {
      guard let first = conflict.firstBuild, let last = conflict.lastBuild else { continue }
      let lifetime = try queries.row(
        "SELECT count(*) AS n FROM runs r WHERE r.build_key >= ? AND r.build_key <= ?\(runs.sql)",
        [.text(BuildKey.of(first)), .text(BuildKey.of(last))] + runs.values)
      shares[conflict.fingerprint] = RunShare(
        runs: conflict.runs, of: lifetime?.count("n") ?? 0, previousRuns: 0,
        previousOf: since?.count("n") ?? 0)
    }
    return shares
  }
}
