import Foundation
import GRDB

/// What lcq asks of its database, whatever the engine behind it: the runs, conflicts and
/// occurrences it keeps, and every question the commands and the report ask of them.
///
/// Two engines implement it: ``Store`` (the embedded SQLite file, the default) and
/// ``PostgresStore`` (the team store). An engine implements this protocol and its companion
/// ``IngestRun``; LCQPipeline, LCQReporting and the
/// command line use only these. What is the same for every engine is written once outside it:
/// build order (``BuildKey``), time windows (``QueryFilter``, ``ReportScope``), occurrence
/// identities (LCQPipeline), and every query, against ``QueryEngine``: the rule of
/// regressions, the lifecycle lists, `check` and the dashboards' SQL (docs/store.md says which
/// SQL they may use).
public protocol ConflictStore: AnyObject, Sendable {
  /// Where the database is, as given (may hold a password: print ``displayPath``).
  var path: String { get }
  /// The location with any password masked, for messages.
  var displayPath: String { get }
  /// The schema version this binary writes.
  var schemaVersion: Int { get }

  // MARK: Writing

  /// Starts an ingest run described by `metadata`; its blocks are added and committed through
  /// the returned run, which must be finished.
  func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun
  /// Gives free space back; the sizes before and after, in bytes.
  func vacuum() throws(StoreError) -> (before: Int64, after: Int64)

  // MARK: Reanalysis

  /// Up to `limit` occurrences with a row number past `id`, in row order.
  func storedOccurrences(after id: Int64, limit: Int) throws(StoreError) -> [StoredOccurrence]
  /// Every failed block, in row order.
  func storedFailedBlocks() throws(StoreError) -> [StoredFailedBlock]

  // MARK: Queries

  /// How the queries reach this engine's database: every query of lcq (``top(_:by:limit:)``,
  /// the lifecycle lists, ``check(_:app:owner:baseline:)``, ``details(of:_:)``, the trend,
  /// the dashboard panels) is written once against it.
  var queries: QueryEngine { get }
  /// Counts of everything stored, and the file's size.
  func statistics() throws(StoreError) -> StoreStatistics
  /// Ends this process's use of the store, once every write is done: the SQLite file takes back
  /// what its write-ahead log holds (so a plain copy of the `.sqlite` file is the whole
  /// history) and closes its connections; the team store closes its connection. Best effort:
  /// what a writer elsewhere still holds stays where SQLite keeps it, and the last writer to
  /// close folds it in.
  func close()
}
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
          let statement = try db.makeStatement(sql: sql)
          let rows = try Row.fetchAll(statement, arguments: StatementArguments(values))
          return QueryRows(
            columns: statement.columnNames, values: rows.map { $0.databaseValues.map(PanelValue.init) })
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

  /// An ``IngestSession`` on this file.
  public func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun {
    try IngestSession(store: self, metadata: metadata, clock: clock)
  }
}

extension IngestSession: IngestRun {}
