/// What the queries, written once above the engines, ask of an engine: run one statement with
/// bound values and hand back its rows by column name, or count the rows a change touched.
///
/// Every engine gives one (``ConflictStore/queries``); ``TopOrder``, the lifecycle lists,
/// `check`, the trend, the details and the dashboard panels are written against it, so each
/// query is the same SQL and the same reading of its rows on SQLite and PostgreSQL.
public struct QueryEngine {
  /// What differs in the SQL both engines run.
  let dialect: SQLDialect
  /// Runs a statement (`?` placeholders) and returns its rows.
  let fetchRows: (String, [QueryValue]) throws(StoreError) -> QueryRows
  /// Runs a statement that changes rows and returns how many it changed.
  let changeRows: (String, [QueryValue]) throws(StoreError) -> Int
  /// Runs its argument in one transaction, with an engine whose statements run inside it:
  /// committed when it returns, rolled back when it throws.
  let inTransaction: ((QueryEngine) throws(StoreError) -> Void) throws(StoreError) -> Void

  /// Runs `sql` with `values` bound to its `?`s.
  func rows(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> QueryRows {
    try fetchRows(sql, values)
  }

  /// The first row of `sql`, if any.
  func row(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> QueryRow? {
    try fetchRows(sql, values).first
  }

  /// Runs `sql`, a statement that changes rows; returns how many it changed.
  func execute(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> Int {
    try changeRows(sql, values)
  }

  /// Runs `body` in one transaction (``inTransaction``).
  func transaction(_ body: (QueryEngine) throws(StoreError) -> Void) throws(StoreError) {
    try withoutActuallyEscaping(body) { body throws(StoreError) in try inTransaction(body) }
  }

  /// Runs `sql` with `:name` parameters bound from `named` (``SQLText/positional(_:named:)``).
  func rows(_ sql: String, named: [String: QueryValue]) throws(StoreError) -> QueryRows {
    let statement = SQLText.positional(sql, named: named)
    return try fetchRows(statement.sql, statement.values)
  }

  /// The first row of `sql` with `:name` parameters bound from `named`, if any.
  func row(_ sql: String, named: [String: QueryValue]) throws(StoreError) -> QueryRow? {
    try rows(sql, named: named).first
  }
}

/// The rows of one statement: its column names, once, and each row's values.
public struct QueryRows: Sendable, RandomAccessCollection {
  /// Column names, as the statement names them.
  public let columns: [String]
  /// Each row's values, one per column.
  public let values: [[PanelValue]]
  private let index: [String: Int]

  /// Rows with `columns` and `values`.
  init(columns: [String], values: [[PanelValue]]) {
    self.columns = columns
    self.values = values
    var index: [String: Int] = [:]
    for (position, name) in columns.enumerated() where index[name] == nil { index[name] = position }
    self.index = index
  }

  /// The first row's position.
  public var startIndex: Int { values.startIndex }
  /// The position after the last row.
  public var endIndex: Int { values.endIndex }
  /// The row at `position`.
  public subscript(position: Int) -> QueryRow { QueryRow(rows: self, position: position) }

  /// The position of the column `name`; a query reading a column its SQL does not name is a
  /// bug in lcq, caught by the query's tests.
  func column(_ name: String) -> Int {
    guard let position = index[name] else { preconditionFailure("no column \(name) in \(columns)") }
    return position
  }
}

/// One row of ``QueryRows``, read by column name.
public struct QueryRow {
  let rows: QueryRows
  let position: Int

  /// The value of the column `name`.
  public subscript(_ name: String) -> PanelValue { rows.values[position][rows.column(name)] }

  /// The column `name` as text; `nil` for NULL.
  func text(_ name: String) -> String? { self[name].text }

  /// The column `name` as text that the schema never leaves NULL.
  func requiredText(_ name: String) throws(StoreError) -> String {
    guard let text = text(name) else { throw .missingValue(column: name) }
    return text
  }

  /// The column `name` as an integer; `nil` for NULL.
  func integer(_ name: String) -> Int64? {
    if case .null = self[name] { return nil }
    return self[name].integer
  }

  /// The column `name` as an integer, `0` for NULL (counts and sums).
  func count(_ name: String) -> Int { Int(self[name].integer) }

  /// The column `name` as a truth value (a comparison's 0 or 1, or PostgreSQL's boolean).
  func flag(_ name: String) -> Bool { self[name].integer != 0 }
}
