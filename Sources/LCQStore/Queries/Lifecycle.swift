import LCQAnalysis

/// A conflict in a lifecycle list (`lcq new`, `lcq regressed`, `lcq quiet`).
public struct ConflictChange: Sendable, Hashable {
  /// The conflict's fingerprint (`v3:…`).
  public var fingerprint: String
  /// The conflict's short human title.
  public var title: String
  /// Where it stands.
  public var status: ConflictState
  /// Occurrences inside the filter (for `regressed`: since the build that resolved it).
  public var occurrences: Int
  /// Distinct runs among them.
  public var runs: Int
  /// First and last occurrence inside the filter.
  public var firstSeen: Int64
  /// The latest occurrence (unix time).
  public var lastSeen: Int64
  /// The earliest and latest builds among them (in build order).
  public var firstBuild: String?
  /// The build of the latest occurrence.
  public var lastBuild: String?
  /// For `regressed`: the build it was resolved in.
  public var resolvedBuild: String?
  /// The source files and owners the latest run with a source tree found (`nil` when none did).
  public var codeOwnership: CodeOwnership?
}

extension ConflictStore {
  /// Conflicts never seen in a build at or before `build`, but seen in a later one. Runs
  /// without a build say nothing either way; ignored conflicts are never new.
  public func newSince(build: String, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    let key = BuildKey.of(build)
    return try changes(
      filter, where: "c.status != 'ignored'", having: "min(g.build_key) > ?", [.text(key)],
      knownBuildsOnly: true,
      among: NewConflicts.sinceBuild(key, filter))
  }

  /// Conflicts whose first occurrence inside the filter is at or after `time` (ignored ones
  /// excepted).
  public func newSince(time: Int64, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    var unbounded = filter
    unbounded.since = nil
    return try changes(
      unbounded, where: "c.status != 'ignored'", having: "min(g.first_time) >= ?", [.integer(time)],
      among: NewConflicts.sinceTime(time, unbounded))
  }

  /// Resolved conflicts seen again in a run that the rule of regressions allows (the view
  /// `regression_runs`, Migrations/0004: a build at or after the one they were resolved in, or
  /// a run without a build started after they were resolved).
  public func regressed(_ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    try changes(
      filter,
      where: """
        EXISTS (SELECT 1 FROM regression_runs rr WHERE rr.conflict_id = g.conflict_id AND rr.run_id = g.run_id)
        """, having: nil, [])
  }

  /// Open conflicts whose last occurrence (inside the filter) is at or before `time`: not seen
  /// for `d` seconds before a moment `m` when `time` is `m - d`, as the report's quiet list
  /// counts whole days (`dashboards/quiet_conflicts.sql`). A conflict logged in a test is left
  /// out when the runs started since its last occurrence recorded the tests they ran and none ran
  /// one of its tests (``TestRuns/ranOneOfItsTests(_:since:)``).
  public func quiet(lastSeenAtOrBefore time: Int64, _ filter: QueryFilter) throws(StoreError)
    -> [ConflictChange]
  {
    let runs = filter.runsBeforeUntil
    return try changes(
      filter, where: "c.status = 'open'", having: "max(g.last_time) <= ?", [.integer(time)],
      finally: (
        TestRuns.ranOneOfItsTests("s.conflict_id", since: "r.started_at > s.last_time\(runs.sql)"),
        runs.values + runs.values
      ),
      among: QuietConflicts.lastSeenAtOrBefore(time, filter))
  }

  /// Open conflicts not seen in any of the newest `builds` builds (inside the filter; of runs
  /// started before the filter's `until`, when it has one) but seen before them. A conflict
  /// logged in a test is left out when those builds' runs recorded the tests they ran and none
  /// ran one of its tests (``TestRuns/ranOneOfItsTests(_:since:)``).
  public func quiet(forBuilds builds: Int, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    guard let oldestOfNewest = try oldestOfNewestBuilds(builds, filter) else { return [] }
    let newest = newestBuildsRuns(oldestOfNewest, filter)
    return try changes(
      filter, where: "c.status = 'open'", having: "max(g.build_key) < ?", [.text(oldestOfNewest)],
      knownBuildsOnly: true,
      finally: (TestRuns.ranOneOfItsTests("s.conflict_id", since: newest.sql), newest.values + newest.values),
      among: QuietConflicts.notIn(newestFrom: oldestOfNewest, filter))
  }

  /// The runs `r` of the newest builds, from the one keyed `oldestOfNewest` (inside `filter`,
  /// started before its `until`): a condition and its values.
  func newestBuildsRuns(_ oldestOfNewest: String, _ filter: QueryFilter) -> (
    sql: String, values: [QueryValue]
  ) {
    let runs = filter.runsBeforeUntil
    return ("r.build_key >= ?\(runs.sql)", [.text(oldestOfNewest)] + runs.values)
  }

  /// The key of the oldest of the newest `builds` builds with a run in the filter (started
  /// before its `until`, when it has one); `nil` when there are fewer builds.
  func oldestOfNewestBuilds(_ builds: Int, _ filter: QueryFilter) throws(StoreError) -> String? {
    let runs = filter.runsBeforeUntil
    let newest = try queries.rows(
      "SELECT DISTINCT r.build_key FROM runs r WHERE r.build_key IS NOT NULL\(runs.sql)"
        + " ORDER BY r.build_key DESC LIMIT ?",
      runs.values + [.integer(Int64(builds))])
    guard newest.count == builds else { return nil }
    return newest.last?.text("build_key")
  }

  /// Conflicts grouped over the filter's counts, narrowed by fixed SQL conditions (never values:
  /// values are in `values`), and `finally` by a condition on each conflict's group `s` (with
  /// its values). With `among` (a query of `conflict_id`s that holds every conflict the
  /// conditions keep, and its values), only those conflicts' counts are read.
  private func changes(
    _ filter: QueryFilter, where condition: String, having: String?, _ values: [QueryValue],
    knownBuildsOnly: Bool = false, finally: (sql: String, values: [QueryValue])? = nil,
    among: (sql: String, values: [QueryValue])? = nil
  ) throws(StoreError) -> [ConflictChange] {
    let engine = queries
    let counts = filter.countsTable(dialect: engine.dialect)
    let buildCondition = knownBuildsOnly ? " AND g.build_key IS NOT NULL" : ""
    let chosen = among.map { ",\nchosen AS (\($0.sql))" } ?? ""
    let chosenCondition = among == nil ? "" : " AND g.conflict_id IN (SELECT conflict_id FROM chosen)"
    let sql = """
      WITH \(counts.sql)\(chosen),
      s AS (
        SELECT g.conflict_id, CAST(sum(g.n) AS BIGINT) AS n, count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END) AS runs,
          min(g.first_time) AS first_time, max(g.last_time) AS last_time,
          min(g.build_key) AS first_key, max(g.build_key) AS last_key
        FROM g JOIN conflicts c ON c.id = g.conflict_id
        WHERE g.n > 0 AND \(condition)\(buildCondition)\(chosenCondition)
        GROUP BY g.conflict_id
        \(having.map { "HAVING " + $0 } ?? "")
      )
      SELECT c.fingerprint, c.title, c.status, s.n AS occurrences, s.runs, s.first_time, s.last_time,
        (SELECT min(build) FROM runs WHERE build_key = s.first_key) AS first_build,
        (SELECT min(build) FROM runs WHERE build_key = s.last_key) AS last_build,
        c.resolved_build, \(CodeOwnerColumns.select("c"))
      FROM s JOIN conflicts c ON c.id = s.conflict_id
      \(finally.map { "WHERE " + $0.sql } ?? "")
      ORDER BY s.first_time DESC, c.fingerprint
      """
    return try engine.rows(
      sql, counts.values + (among?.values ?? []) + values + (finally?.values ?? [])
    ).map {
      row throws(StoreError) in
      ConflictChange(
        fingerprint: try row.requiredText("fingerprint"), title: try row.requiredText("title"),
        status: ConflictState(stored: try row.requiredText("status")), occurrences: row.count("occurrences"),
        runs: row.count("runs"), firstSeen: row.integer("first_time") ?? 0,
        lastSeen: row.integer("last_time") ?? 0,
        firstBuild: row.text("first_build"), lastBuild: row.text("last_build"),
        resolvedBuild: row.text("resolved_build"), codeOwnership: row.codeOwnership)
    }
  }
}
