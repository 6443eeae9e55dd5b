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
  /// The schema version the database had when this store opened it, before any migration: 0
  /// for a database lcq had never written (`lcq db migrate` says what opening did).
  var schemaFound: Int { get }

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
