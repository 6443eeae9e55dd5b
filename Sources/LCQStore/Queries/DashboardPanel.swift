import Foundation
import LCQAnalysis

/// A value in a query's or a dashboard panel's row, as SQLite returns it (PostgreSQL's
/// booleans read as 0 or 1, its integral numerics as integers).
public enum PanelValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  /// The value as an integer (`0` for null, text or a real that is not a number; a real's
  /// integral part, clamped to Int64's range: a database from elsewhere may hold anything).
  public var integer: Int64 {
    switch self {
    case .integer(let value): value
    case .real(let value):
      value.isNaN ? 0 : Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
    case .null, .text: 0
    }
  }

  /// The value as a number (`0` for null or text).
  public var real: Double {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    case .null, .text: 0
    }
  }

  /// The value as text (`nil` for null; numbers as SQLite prints them).
  public var text: String? {
    switch self {
    case .null: nil
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value): value
    }
  }
}

extension PanelValue {
  /// The strings of a JSON array held as text (`minimal_set`, `issues`, `missing`); `nil` when
  /// the value is not such an array.
  public var stringArray: [String]? {
    guard case .text(let text) = self else { return nil }
    return JSONText.strings(text)
  }
}

/// What a dashboard panel returned: its columns and rows, in the query's order.
public struct PanelRows: Sendable {
  /// Column names, as the query names them.
  public var columns: [String]
  /// Rows of values, one per column.
  public var rows: [[PanelValue]]

  /// Creates panel rows.
  public init(columns: [String], rows: [[PanelValue]]) {
    self.columns = columns
    self.rows = rows
  }

  /// Each row as name/value pairs.
  public var records: [[(String, PanelValue)]] {
    rows.map { row in Array(zip(columns, row)) }
  }
}

/// The window and app a report (and its dashboard panels) covers.
public struct ReportScope: Sendable, Hashable {
  /// The window's start (unix time, inclusive).
  public var since: Int64
  /// The window's end (unix time, exclusive).
  public var until: Int64
  /// Only runs of this app (`nil` for every app).
  public var app: String?
  /// The owner of the conflicts in the top lists (the `system_conflicts` panel lists the
  /// system's apart).
  public var owner: OwnerFilter
  /// Only conflicts whose latest code owners include this one (`nil` for every conflict).
  public var team: String?

  /// Creates a scope.
  public init(since: Int64, until: Int64, app: String? = nil, owner: OwnerFilter = .app, team: String? = nil)
  {
    self.since = since
    self.until = until
    self.app = app
    self.owner = owner
    self.team = team
  }

  /// The dashboards' named parameters: `:since` and `:until` as ISO 8601 UTC text, `:app` as
  /// the app's name or `''` for every app (as typed into Datasette), `:owner` as `app`,
  /// `system` or `all`, `:team` as an owner or `''` for every conflict.
  public var parameters: [String: String] {
    [
      "since": UnixTime.iso(since), "until": UnixTime.iso(until), "app": app ?? "", "owner": owner.rawValue,
      "team": team ?? "",
    ]
  }
}

extension Store {
  /// The names of the dashboard panels carried in the binary (`dashboards/*.sql`, without
  /// the extension).
  public static var panelNames: [String] {
    EmbeddedSQL.dashboards.map { String($0.name.dropLast(".sql".count)) }
  }
}

extension ConflictStore {
  /// Runs the dashboard panel `name` (`dashboards/NAME.sql`) over `scope`. The scope's values
  /// are bound to the query's named parameters, never written into its text.
  public func panel(_ name: String, _ scope: ReportScope) throws(StoreError) -> PanelRows {
    guard let sql = EmbeddedSQL.dashboards.first(where: { $0.name == name + ".sql" })?.sql else {
      preconditionFailure("no dashboard panel named \(name)")
    }
    let rows = try queries.rows(sql, named: scope.parameters.mapValues { .text($0) })
    return PanelRows(columns: rows.columns, rows: rows.values)
  }

  /// Runs the dashboard panel whose rows are `Row`s over `scope`.
  public func panel<Row: DashboardPanelRow>(_ type: Row.Type, _ scope: ReportScope) throws(StoreError)
    -> [Row]
  {
    try panel(Row.name, scope).typed(Row.self)
  }
}

/// The row type of one dashboard panel; `scripts/embed-sql.py` generates one per file in
/// `dashboards/` (``Panels``), with a property per column.
public protocol DashboardPanelRow: Sendable {
  /// The panel's name: its file in `dashboards/` without `.sql`.
  static var name: String { get }
  /// Its columns, in order, as its SQL names them.
  static var columns: [String] { get }
  /// The row's values, one per column.
  var values: [PanelValue] { get }
  /// A row of `values`, one per column (``PanelRows/typed(_:)`` checks the columns).
  init(checkedValues values: [PanelValue])
}

extension PanelRows {
  /// The rows as `Row`s. The rows must come from `Row`'s panel: both are made from the same
  /// file, so other columns are a bug (a stale `DashboardPanels.swift`, which
  /// `EmbeddedSQLTests` catches first).
  public func typed<Row: DashboardPanelRow>(_ type: Row.Type) -> [Row] {
    // PostgreSQL names no columns for an empty result.
    precondition(
      rows.isEmpty || columns == Row.columns, "\(Row.name) returned \(columns), not \(Row.columns)")
    return rows.map(Row.init(checkedValues:))
  }
}

/// A row of a panel that lists conflicts: it has their fingerprint, title and a count.
public protocol ConflictPanelRow: DashboardPanelRow {
  /// The conflict's fingerprint.
  var fingerprint: PanelValue { get }
  /// Its short human title.
  var title: PanelValue { get }
  /// Its occurrences as the panel counts them.
  var occurrences: PanelValue { get }
}

/// A panel row that lists a conflict with its code owners (`lcq ingest --source-root`).
public protocol OwnedConflictPanelRow: ConflictPanelRow {
  /// The latest code owners, a JSON array (null when no run mapped the conflict).
  var codeOwners: PanelValue { get }
  /// The latest source files, a JSON array (null when no run mapped the conflict).
  var sourceFiles: PanelValue { get }
}

extension OwnedConflictPanelRow {
  /// The code owners and source files, `nil` when no run mapped the conflict.
  public var codeOwnership: CodeOwnership? {
    guard let files = sourceFiles.stringArray, let owners = codeOwners.stringArray else { return nil }
    return CodeOwnership(sourceFiles: files, owners: owners)
  }
}
