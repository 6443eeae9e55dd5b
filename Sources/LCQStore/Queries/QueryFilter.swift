/// Which conflicts a query shows, by who owns them (`conflicts.owner`).
public enum OwnerFilter: String, Sendable, CaseIterable {
  /// Conflicts the app can fix: owned by the app, or not known to be the system's (a conflict
  /// stored before schema 3 until `lcq db reanalyze`, an undecidable block).
  case app
  /// Conflicts among UIKit's or AppKit's own constraints: no fix in the app.
  case system
  /// Conflicts among a third-party library's views (``LCQAnalysis/ConstraintOwner/library``):
  /// no fix in the app, only in the library.
  case library
  /// Every conflict.
  case all
}

/// What every query can be narrowed to: runs by their metadata, occurrences by their time,
/// conflicts by their owner.
public struct QueryFilter: Sendable, Hashable {
  /// Only runs of this app.
  public var app: String?
  /// Only runs of this build.
  public var build: String?
  /// Only runs on this OS version.
  public var osVersion: String?
  /// Only runs on this device model.
  public var device: String?
  /// Only occurrences at or after this unix time.
  public var since: Int64?
  /// Only occurrences before this unix time.
  public var until: Int64?
  /// Only conflicts with this owner.
  public var owner: OwnerFilter
  /// Only conflicts whose latest code owners (`lcq ingest --source-root`) include this one
  /// (`@org/team`, `@user` or an e-mail address).
  public var team: String?

  /// Creates a filter; `nil` fields do not filter.
  public init(
    app: String? = nil, build: String? = nil, osVersion: String? = nil, device: String? = nil,
    since: Int64? = nil,
    until: Int64? = nil, owner: OwnerFilter = .all, team: String? = nil
  ) {
    self.team = team
    self.app = app
    self.build = build
    self.osVersion = osVersion
    self.device = device
    self.since = since
    self.until = until
    self.owner = owner
  }

  /// The window's bounds, open ends made explicit.
  var lowerTime: Int64 { since ?? Int64.min }
  var upperTime: Int64 { until ?? Int64.max }

  /// `AND r.app = ? …` for the run alias `r`, with its values. Column names are fixed text;
  /// every value is a bound value.
  var runCondition: (sql: String, values: [QueryValue]) {
    var sql = ""
    var values: [QueryValue] = []
    for (column, value) in [("app", app), ("build", build), ("os_version", osVersion), ("device", device)] {
      guard let value else { continue }
      sql += " AND r.\(column) = ?"
      values.append(.text(value))
    }
    return (sql, values)
  }

  /// A common table expression
  /// `g(conflict_id, run_id, day, device, os_version, build, build_key, n, first_time, last_time)`: the
  /// occurrence counts per conflict, run and day inside the filter (the owner's conflicts only). Rollup rows that the window
  /// cuts are counted exactly from `occurrences` (their first and last times are clamped to the
  /// window).
  func countsTable(conflictID: Int64? = nil, dialect: SQLDialect) -> (sql: String, values: [QueryValue]) {
    let greatest = dialect.greatest
    let least = dialect.least
    var sql = """
      g AS (
        SELECT x.conflict_id, x.run_id, x.day, r.device, r.os_version, r.build, r.build_key,
          \(greatest)(x.first_time, ?) AS first_time, \(least)(x.last_time, ?) AS last_time,
          CASE WHEN x.first_time >= ? AND x.last_time < ? THEN x.occurrences
          ELSE (SELECT count(*) FROM occurrences o WHERE o.conflict_id = x.conflict_id AND o.run_id = x.run_id
            AND o.time >= \(greatest)(?, x.day * 86400) AND o.time < \(least)(?, x.day * 86400 + 86400)) END AS n
        FROM occurrence_rollup x JOIN runs r ON r.id = x.run_id
        WHERE x.last_time >= ? AND x.first_time < ?
      """
    var values: [QueryValue] = [
      lowerTime, upperTime == Int64.max ? upperTime : upperTime - 1, lowerTime, upperTime,
      lowerTime, upperTime, lowerTime, upperTime,
    ].map { .integer($0) }
    if let conflictID {
      sql += " AND x.conflict_id = ?"
      values.append(.integer(conflictID))
    }
    if owner != .all {
      sql += " AND x.conflict_id IN (SELECT id FROM conflicts WHERE coalesce(owner, 'app') = ?)"
      values.append(.text(owner.rawValue))
    }
    if let team {
      sql += " AND " + CodeOwnerColumns.ownedBy("x.conflict_id")
      values.append(.text(team))
    }
    let runs = runCondition
    sql += runs.sql + "\n)"
    values += runs.values
    return (sql, values)
  }
}
