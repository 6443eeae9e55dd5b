/// How an occurrence row is inserted unless its identity is stored, on each engine: the one
/// rule (docs/store.md, "The identity of an occurrence") that ingest, `db copy` and
/// `db reanalyze` all keep.
///
/// On the SQLite file `identity` is a unique column and the insert skips a stored one. The team
/// store keeps `occurrences` in one partition per month of their time (`Migrations/postgresql/`
/// 0013), where no unique index can hold the identity alone: an insert there claims each
/// identity in `occurrence_identities` with a new id from `occurrence_ids`, and inserts only the
/// rows whose claim was new, in the same statement. The partitions of the rows' months are made
/// first (``prepareMonths(for:_:)``).
enum OccurrenceInsert {
  /// The statement that inserts `rows` occurrences (values: ``StoredRows/values(of:)`` of each,
  /// one after the other) in `dialect`, skipping identities already stored.
  static func sql(rows: Int, _ dialect: SQLDialect) -> String {
    let columns = StoredRows.Occurrence.Columns.allCases
    guard dialect.partitionsOccurrences else {
      let row = "(" + StoredRows.placeholders(StoredRows.Occurrence.Columns.self) + ")"
      let valueRows = Array(repeating: row, count: rows).joined(separator: ", ")
      return """
        INSERT INTO occurrences (\(StoredRows.columnList(StoredRows.Occurrence.Columns.self)))
        VALUES \(valueRows) ON CONFLICT (identity) DO NOTHING
        """
    }
    let row = "(" + columns.map { "CAST(? AS \($0.sqlType))" }.joined(separator: ", ") + ")"
    let valueRows = Array(repeating: row, count: rows).joined(separator: ", ")
    return claiming(from: "(VALUES \(valueRows))")
  }

  /// The team store's insert of the rows `source` gives (a `FROM` item whose columns are
  /// ``StoredRows/Occurrence/Columns`` in order), skipping identities already stored; it
  /// returns each inserted row's conflict and time.
  static func claiming(from source: String) -> String {
    let names = StoredRows.columnList(StoredRows.Occurrence.Columns.self)
    return """
      WITH incoming AS (SELECT v.*, nextval('occurrence_ids') AS id FROM \(source) AS v(\(names))),
      claimed AS (
        INSERT INTO occurrence_identities (identity, occurrence_id, time)
        SELECT identity, id, time FROM incoming ON CONFLICT (identity) DO NOTHING RETURNING occurrence_id
      )
      INSERT INTO occurrences (id, \(names))
      SELECT id, \(names) FROM incoming WHERE id IN (SELECT occurrence_id FROM claimed)
      RETURNING conflict_id, time
      """
  }

  /// Makes the partitions that occurrences at `times` go in, where the engine keeps them, through
  /// `engine` (in the transaction that inserts them).
  static func prepareMonths(for times: some Sequence<Int64>, _ engine: QueryEngine) throws(StoreError) {
    guard let statement = monthsStatement(for: times, engine.dialect) else { return }
    _ = try engine.rows(statement.sql, statement.values)
  }

  /// The statement of ``prepareMonths(for:_:)`` in `dialect`, or `nil` where there is nothing to
  /// make.
  static func monthsStatement(for times: some Sequence<Int64>, _ dialect: SQLDialect) -> SQLStatement? {
    guard let statement = dialect.makeOccurrenceMonths else { return nil }
    // A day's times share a month: one value per day is enough to name every month.
    let days = Set(times.map { $0 - ((($0 % 86_400) + 86_400) % 86_400) })
    guard !days.isEmpty else { return nil }
    return SQLStatement(
      sql: statement, values: [.text("{" + days.sorted().map(String.init).joined(separator: ",") + "}")])
  }
}

extension StoredRows.Occurrence.Columns {
  /// The column's SQL type, for the team store's casts.
  var sqlType: String {
    switch self {
    case .conflictID, .runID, .time, .pid, .brokenInMinimalSet, .sourceLine, .templateID: "BIGINT"
    case .identity, .timeSource, .process, .test, .verdict, .brokenConstraint, .sourceFile, .templateValues,
      .issues, .analysisVersion:
      "TEXT"
    }
  }
}
