import GRDB

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
}

extension Store {
  /// Trends spanning fewer days than this list every day, zeros included; longer ones list only
  /// the days with occurrences.
  public static let longestFilledTrend: Int64 = 92

  /// Occurrences per UTC day (every day from the first to the last, zeros included, when they
  /// span less than ``longestFilledTrend`` days) or per build (in build order, runs without a
  /// build last), for all conflicts or one.
  public func trend(_ filter: QueryFilter, by step: TrendStep, fingerprint: String? = nil) throws(StoreError)
    -> [TrendPoint]
  {
    let conflictID = try fingerprint.map { prefix throws(StoreError) in try conflict(matching: prefix).id }
    let counts = filter.countsTable(conflictID: conflictID)
    let sql: String
    switch step {
    case .day:
      sql = """
        WITH \(counts.sql)
        SELECT g.day, sum(g.n), count(DISTINCT CASE WHEN g.n > 0 THEN g.conflict_id END),
          count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END)
        FROM g GROUP BY g.day HAVING sum(g.n) > 0 ORDER BY g.day
        """
    case .build:
      sql = """
        WITH \(counts.sql)
        SELECT coalesce(g.build, '(none)'), sum(g.n), count(DISTINCT CASE WHEN g.n > 0 THEN g.conflict_id END),
          count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END)
        FROM g GROUP BY g.build_key HAVING sum(g.n) > 0 ORDER BY g.build_key IS NULL, g.build_key
        """
    }
    let rows = try read { db in try Row.fetchAll(db, sql: sql, arguments: counts.arguments) }
    guard step == .day else {
      return rows.map { TrendPoint(label: $0[0], occurrences: $0[1], conflicts: $0[2], runs: $0[3]) }
    }
    var byDay: [Int64: Row] = [:]
    for row in rows { byDay[row[0]] = row }
    guard let first = rows.first?[0] as Int64?, let last = rows.last?[0] as Int64? else { return [] }
    let days: [Int64] = last - first < Self.longestFilledTrend ? Array(first...last) : rows.map { $0[0] }
    return days.map { day in
      let row = byDay[day]
      return TrendPoint(
        label: UnixTime.isoDay(day * 86_400), occurrences: row?[1] ?? 0, conflicts: row?[2] ?? 0,
        runs: row?[3] ?? 0)
    }
  }
}
