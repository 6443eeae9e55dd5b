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
    case .day:
      sql = """
        WITH \(counts.sql)
        SELECT g.day AS step, \(totals)
        FROM g GROUP BY g.day HAVING sum(g.n) > 0 ORDER BY g.day
        """
    case .build:
      // Every run of each build: those started in the window (with the filter's app, device, OS
      // and build), and those whose occurrences the window counts (a live ingest that began
      // before it).
      let run = filter.runCondition
      sql = """
        WITH \(counts.sql),
        counted AS (SELECT g.build_key, \(totals) FROM g GROUP BY g.build_key),
        ran AS (
          SELECT r.id, r.build_key, r.build FROM runs r WHERE r.started_at >= ? AND r.started_at < ?\(run.sql)
          UNION
          SELECT r.id, r.build_key, r.build FROM runs r WHERE r.id IN (SELECT g.run_id FROM g WHERE g.n > 0)
        ),
        ran_builds AS (SELECT build_key, min(build) AS build, count(*) AS all_runs FROM ran GROUP BY build_key)
        SELECT coalesce(b.build, '(none)') AS step, coalesce(c.occurrences, 0) AS occurrences,
          coalesce(c.conflicts, 0) AS conflicts, coalesce(c.runs, 0) AS runs, b.all_runs
        FROM ran_builds b
        LEFT JOIN counted c ON c.build_key = b.build_key OR (c.build_key IS NULL AND b.build_key IS NULL)
        ORDER BY b.build_key IS NULL, b.build_key
        """
      values += [.integer(filter.lowerTime), .integer(filter.upperTime)] + run.values
    }
    let rows = try engine.rows(sql, values)
    func point(_ label: String, _ row: QueryRow?) -> TrendPoint {
      TrendPoint(
        label: label, occurrences: row?.count("occurrences") ?? 0, conflicts: row?.count("conflicts") ?? 0,
        runs: row?.count("runs") ?? 0, allRuns: step == .build ? row?.count("all_runs") : nil)
    }
    guard step == .day else { return rows.map { point($0.text("step") ?? "(none)", $0) } }
    var byDay: [Int64: QueryRow] = [:]
    for row in rows { byDay[row["step"].integer] = row }
    guard let first = rows.first?["step"].integer, let last = rows.last?["step"].integer else { return [] }
    let days: [Int64] =
      last - first < TrendStep.longestFilledDays ? Array(first...last) : rows.map { $0["step"].integer }
    return days.map { day in point(UnixTime.isoDay(day * 86_400), byDay[day]) }
  }
}
