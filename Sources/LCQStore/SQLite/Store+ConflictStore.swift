import GRDB

extension Store: ConflictStore {
  /// The number of migrations this binary carries.
  public var schemaVersion: Int { Self.schemaVersion }

  /// Checkpoints the write-ahead log into the database file (`TRUNCATE`: the `-wal` file is
  /// left empty) and closes the pool. A process that exits without it may leave every row it
  /// wrote in `-wal`, and a copy of the `.sqlite` file alone would be an empty database.
  public func close() {
    guard let pool = pool as? DatabasePool else { return }  // opened read-only: nothing written
    try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    try? pool.close()
  }

  /// Statements on this file's connection pool: reads on a snapshot, changes in a write
  /// transaction.
  public var queries: QueryEngine {
    QueryEngine(
      dialect: .sqlite,
      fetchRows: { sql, values throws(StoreError) in
        try self.read { db in try Self.queries(on: db, path: self.path).fetchRows(sql, values) }
      },
      changeRows: { sql, values throws(StoreError) in
        try self.write { db in try Self.queries(on: db, path: self.path).changeRows(sql, values) }
      },
      inTransaction: { body throws(StoreError) in
        try self.write { db in try body(Self.queries(on: db, path: self.path)) }
      })
  }

  /// Statements on `db`, inside the transaction its caller holds.
  static func queries(on db: Database, path: String) -> QueryEngine {
    QueryEngine(
      dialect: .sqlite,
      fetchRows: { sql, values throws(StoreError) in
        do {
          return try rows(of: db.makeStatement(sql: sql), values)
        } catch {
          throw Store.storeError(error, path: path)
        }
      },
      changeRows: { sql, values throws(StoreError) in
        do {
          try db.execute(sql: sql, arguments: StatementArguments(values))
          return db.changesCount
        } catch {
          throw Store.storeError(error, path: path)
        }
      },
      inTransaction: { body throws(StoreError) in try body(queries(on: db, path: path)) })
  }

  /// The rows of `statement` run with `values`, as lcq's queries read them.
  static func rows(of statement: Statement, _ values: [QueryValue]) throws -> QueryRows {
    let rows = try Row.fetchAll(statement, arguments: StatementArguments(values))
    return QueryRows(
      columns: statement.columnNames, values: rows.map { $0.databaseValues.map(PanelValue.init) })
  }

  /// An ingest run on this file (``IngestWriter``).
  public func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun {
    try IngestWriter(engine: self, metadata: metadata, clock: clock)
  }
}
