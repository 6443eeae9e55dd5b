/// One step of `lcq trend`: a UTC day or a build.
public struct TrendPoint: Sendable, Hashable {
  /// `2024-03-05` for a day, the build's name for a build (`(none)` for runs without one).
  public var label: String
  /// Occurrences counted.
  public var occurrences: Int
  /// Distinct conflicts.
  public var conflicts: Int
  /// Distinct runs with an occurrence counted.
  public var runs: Int
  /// For a build: every run of it in the filter, with or without an occurrence (the runs that
  /// started in the window, and those with an occurrence counted in it); `nil` for a day.
  public var allRuns: Int? = nil

  /// Creates a point.
  public init(label: String, occurrences: Int, conflicts: Int, runs: Int, allRuns: Int? = nil) {
    self.label = label
    self.occurrences = occurrences
    self.conflicts = conflicts
    self.runs = runs
    self.allRuns = allRuns
  }

  /// For a build: its runs without an occurrence counted (``allRuns`` less ``runs``).
  public var conflictFreeRuns: Int? { allRuns.map { $0 - runs } }
}

/// How `lcq trend` steps.
public enum TrendStep: String, Sendable, CaseIterable {
  case day, build

  /// Trends spanning fewer days than this list every day, zeros included; longer ones list
  /// only the days with occurrences.
  public static let longestFilledDays: Int64 = 92
}

extension ConflictStore {
  /// Occurrences per UTC day (every day from the first to the last, zeros included, when they
  /// span less than ``TrendStep/longestFilledDays`` days) or per build (in build order, runs
  /// without a build last; every build with a run in the filter, zeros included, with its runs
  /// counted whether they logged a conflict or not), for all conflicts or one.
  public func trend(_ filter: QueryFilter, by step: TrendStep, fingerprint: String? = nil) throws(StoreError)
    -> [TrendPoint]
  {
    let conflictID = try fingerprint.map { prefix throws(StoreError) in try conflict(matching: prefix).id }
    let engine = queries
    let counts = filter.countsTable(conflictID: conflictID, dialect: engine.dialect)
    let totals = """
      CAST(sum(g.n) AS BIGINT) AS occurrences, count(DISTINCT CASE WHEN g.n > 0 THEN g.conflict_id END) AS conflicts,
        count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END) AS runs
      """
    let sql: String
    var values = counts.values
    switch step {
    case .day where conflictID == nil && filter.isWindowOnly:
      sql = DayTrend.statement(engine.dialect)
      values = [.integer(filter.lowerTime), .integer(filter.upperTime)]
    case .day:
      sql = """
        WITH \(counts.sql)
        SELECT g.day AS step, \(totals)
        FROM g GROUP BY g.day HAVING sum(g.n) > 0 ORDER BY g.day
        """
    case .build:
      // The counted runs that started outside the window (a live ingest that began before it),
      // which belong to their build's runs as well.
      sql = """
        WITH \(counts.sql)
        SELECT g.build_key, coalesce(min(g.build), '(none)') AS step, \(totals),
          count(DISTINCT CASE WHEN g.n > 0 AND NOT (g.started_at >= ? AND g.started_at < ?) THEN g.run_id END)
            AS late_runs
        FROM g GROUP BY g.build_key HAVING sum(g.n) > 0
        """
      values += [.integer(filter.lowerTime), .integer(filter.upperTime)]
    }
    let rows = try engine.rows(sql, values)
    func point(_ label: String, _ row: QueryRow?) -> TrendPoint {
      TrendPoint(
        label: label, occurrences: row?.count("occurrences") ?? 0, conflicts: row?.count("conflicts") ?? 0,
        runs: row?.count("runs") ?? 0)
    }
    guard step == .day else { return try builds(rows, filter, point) }
    var byDay: [Int64: QueryRow] = [:]
    for row in rows { byDay[row["step"].integer] = row }
    guard let first = rows.first?["step"].integer, let last = rows.last?["step"].integer else { return [] }
    let days: [Int64] =
      last - first < TrendStep.longestFilledDays ? Array(first...last) : rows.map { $0["step"].integer }
    return days.map { day in point(UnixTime.isoDay(day * 86_400), byDay[day]) }
  }

  /// The trend's builds: those with counted occurrences (`counted`, with their `late_runs`)
  /// and those with a run started in the window (the filter's app, build, device and OS), in
  /// build order (keys compared byte by byte, as the `C` collation of the team store and
  /// SQLite do), runs without a build last; each with all its runs: those started in the window
  /// (less those that only read a log again, ``ReadAgainRun``) and the counted ones that started
  /// outside it. Two queries, so that the window's counts are
  /// read once.
  private func builds(
    _ counted: QueryRows, _ filter: QueryFilter, _ point: (String, QueryRow?) -> TrendPoint
  ) throws(StoreError) -> [TrendPoint] {
    let run = filter.runCondition
    let started = try queries.rows(
      """
      SELECT r.build_key, coalesce(min(r.build), '(none)') AS step,
        count(CASE WHEN NOT \(ReadAgainRun.condition("r")) THEN 1 END) AS runs FROM runs r
      WHERE r.started_at >= ? AND r.started_at < ?\(run.sql) GROUP BY r.build_key
      """, [.integer(filter.lowerTime), .integer(filter.upperTime)] + run.values)
    var countedByKey: [String?: QueryRow] = [:]
    for row in counted { countedByKey[row.text("build_key")] = row }
    var startedByKey: [String?: QueryRow] = [:]
    for row in started { startedByKey[row.text("build_key")] = row }
    let keys = Set(countedByKey.keys).union(startedByKey.keys).sorted { first, second in
      guard let first else { return false }
      guard let second else { return true }
      return first.utf8.lexicographicallyPrecedes(second.utf8)
    }
    return keys.map { key in
      let row = countedByKey[key]
      let label = row?.text("step") ?? startedByKey[key]?.text("step") ?? "(none)"
      var trendPoint = point(label, row)
      trendPoint.allRuns = (startedByKey[key]?.count("runs") ?? 0) + (row?.count("late_runs") ?? 0)
      return trendPoint
    }
  }
}
