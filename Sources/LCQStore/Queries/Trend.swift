/// One step of `lcq trend`: a UTC day or a build.
public struct TrendPoint: Sendable, Hashable {
  /// `2024-03-05` for a day, the build's name for a build (`(none)` for runs without one).
  public var label: String
  /// Occurrences counted.
  public var occurrences: Int
  /// Distinct conflicts.
  public var conflicts: Int
  /// Distinct runs.
  public var runs: Int
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
  /// span less than ``TrendStep/longestFilledDays`` days) or per build (in build order, runs without a
  /// build last), for all conflicts or one.
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
    switch step {
    case .day:
      sql = """
        WITH \(counts.sql)
        SELECT g.day AS step, \(totals)
        FROM g GROUP BY g.day HAVING sum(g.n) > 0 ORDER BY g.day
        """
    case .build:
      sql = """
        WITH \(counts.sql)
        SELECT coalesce(min(g.build), '(none)') AS step, \(totals)
        FROM g GROUP BY g.build_key HAVING sum(g.n) > 0 ORDER BY g.build_key IS NULL, g.build_key
        """
    }
    let rows = try engine.rows(sql, counts.values)
    func point(_ label: String, _ row: QueryRow?) -> TrendPoint {
      TrendPoint(
        label: label, occurrences: row?.count("occurrences") ?? 0, conflicts: row?.count("conflicts") ?? 0,
        runs: row?.count("runs") ?? 0)
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
