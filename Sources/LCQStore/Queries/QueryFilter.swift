import LCQAnalysis

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
  /// Only conflicts that fire at some screen width from the narrowest in lcq's device table
  /// (``LCQAnalysis/DeviceSizes/narrowestWidth``) up to, not including, this many points, as
  /// their stored envelope says (`conflicts.width_safe_from`, docs/envelope.md).
  public var firesBelow: Double?
  /// Only conflicts whose stored damage (`conflicts.damage_points`, docs/diagnosis.md) misses
  /// by at least this many points, or that collapse a view; a conflict without a figure is
  /// left out.
  public var minDamage: Double?

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

  /// ``runCondition`` and, when the filter has an `until`, `AND r.started_at < ?`: the runs of
  /// the filter that had started by its end.
  var runsBeforeUntil: (sql: String, values: [QueryValue]) {
    let run = runCondition
    guard let until else { return run }
    return (run.sql + " AND r.started_at < ?", run.values + [.integer(until)])
  }

  /// Common table expressions ending in
  /// `g(conflict_id, run_id, day, device, os_version, build, build_key, started_at, n, first_time,
  /// last_time)` (`started_at` is the run's):
  /// the occurrence counts per conflict, run and day inside the filter (the owner's conflicts
  /// only), with the first and last times clamped to the window. They are the dashboards' window
  /// counts (`dashboards/_window_counts.sql`, with `p` and `spans` for this filter's window and
  /// app), so a rollup row that the window cuts is counted exactly from `occurrences` by the same
  /// SQL; its two-argument `max` and `min` are named in `dialect`.
  func countsTable(conflictID: Int64? = nil, dialect: SQLDialect) -> (sql: String, values: [QueryValue]) {
    var sql = """
      p AS (SELECT CAST(? AS TEXT) AS app),
      spans (name, s, u) AS (SELECT 'window', CAST(? AS BIGINT), CAST(? AS BIGINT)),
      \(Self.windowCounts(dialect)),
      g AS (
        SELECT conflict_id, run_id, day, device, os_version, build, build_key, started_at, first_time, last_time, n
        FROM counts
        WHERE 1 = 1
      """
    var values: [QueryValue] = [QueryValue(app), .integer(lowerTime), .integer(upperTime)]
    if let conflictID {
      sql += " AND conflict_id = ?"
      values.append(.integer(conflictID))
    }
    let conflicts = conflictConditions("conflict_id")
    sql += conflicts.sql
    values += conflicts.values
    for (column, value) in [("build", build), ("os_version", osVersion), ("device", device)] {
      guard let value else { continue }
      sql += " AND \(column) = ?"
      values.append(.text(value))
    }
    sql += "\n)"
    return (sql, values)
  }

  /// `AND column IN (…)` for the owner's conflicts, `AND …` for the team's, for the
  /// firing widths and for the least damage (each when the filter has one), on the conflict id column `column` (a literal), with their values.
  func conflictConditions(_ column: String) -> (sql: String, values: [QueryValue]) {
    var sql = ""
    var values: [QueryValue] = []
    if owner != .all {
      sql += " AND \(column) IN (SELECT id FROM conflicts WHERE coalesce(owner, 'app') = ?)"
      values.append(.text(owner.rawValue))
    }
    if let team {
      sql += " AND " + CodeOwnerColumns.ownedBy(column)
      values.append(.text(team))
    }
    if let firesBelow, firesBelow > DeviceSizes.narrowestWidth {
      // The width's firing sizes lie below `width_safe_from` and above `width_safe_to`.
      sql += """
         AND \(column) IN (SELECT id FROM conflicts WHERE width_fires_everywhere = 1
          OR width_safe_from > ? OR width_safe_to < ?)
        """
      values += [.real(DeviceSizes.narrowestWidth), .real(firesBelow)]
    } else if firesBelow != nil {
      // No width lies from the narrowest screen up to one at or below it.
      sql += " AND 0 = 1"
    }
    if let minDamage {
      sql += " AND \(column) IN (\(DamageColumns.atLeast))"
      values.append(.real(minDamage))
    }
    return (sql, values)
  }

  /// Whether the filter narrows the occurrences by their time only: no run metadata, owner,
  /// team, firing width or least damage.
  var isWindowOnly: Bool {
    app == nil && build == nil && osVersion == nil && device == nil && owner == .all && team == nil
      && firesBelow == nil && minDamage == nil
  }

  /// `dashboards/_window_counts.sql` with its two-argument `max` and `min` named in `dialect`.
  static func windowCounts(_ dialect: SQLDialect) -> String { fragment(EmbeddedSQL.windowCounts, dialect) }

  /// `dashboards/_day_spans.sql` with its two-argument `max` and `min` named in `dialect`.
  static func daySpans(_ dialect: SQLDialect) -> String { fragment(EmbeddedSQL.daySpans, dialect) }

  /// A fragment of `dashboards/` whose `max(` and `min(` are the two-argument scalars, with
  /// those named in `dialect` (PostgreSQL's `GREATEST` and `LEAST`).
  private static func fragment(_ sql: String, _ dialect: SQLDialect) -> String {
    sql.trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "max(", with: dialect.greatest + "(")
      .replacingOccurrences(of: "min(", with: dialect.least + "(")
  }
}
