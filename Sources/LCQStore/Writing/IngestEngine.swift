/// What an engine gives the one ingest writer (``IngestWriter``): its statements, the one
/// transaction each batch is written in, and what it does its own way inside it
/// (``BatchStatements``): above all the bulk insert of occurrences, the one part of an ingest
/// whose best form differs by engine (SQLite binds each row of a prepared statement in place;
/// PostgreSQL sends one statement with an array per column).
protocol IngestEngine: AnyObject, Sendable {
  /// Statements outside a batch: the run's row, what earlier ingests left unfinished, the run's
  /// end.
  var queries: QueryEngine { get }
  /// Whether a batch is written on a thread of its own while the next one is analysed, so that a
  /// server's time and lcq's overlap (the team store's).
  var writesInBackground: Bool { get }
  /// Whether a batch's new templates and conflicts are inserted in the order of their keys (the
  /// team store: writers at once then take the unique indexes' locks in one order and cannot
  /// deadlock) rather than in the order the log shows them (the SQLite file, written by one
  /// writer at a time, whose rows and pages then follow the log).
  var insertsNewKeysInOrder: Bool { get }
  /// Runs `body` as one write transaction, with statements inside it and the engine's
  /// ``BatchStatements``. The engine may run `body` again after a failure it knows to be passing
  /// (the team store: a lost connection, a deadlock), so `body` starts from what the last commit
  /// left.
  func writeBatch<T>(_ body: (QueryEngine, BatchStatements) throws(StoreError) -> T) throws(StoreError) -> T
}

/// What an engine does its own way inside a batch's transaction.
struct BatchStatements {
  /// Inserts occurrences in their order, skipping identities already stored; returns the
  /// conflict and time of each row it inserted, in order.
  let insertOccurrences: ([StoredRows.Occurrence]) throws(StoreError) -> [(conflictID: Int64, time: Int64)]
  /// Runs statements in their order and returns each one's rows: statements none of whose
  /// answers decides what is sent next, which the team store hands to its connection together
  /// (the SQLite file prepares each text once a connection).
  let fetchEach: ([SQLStatement]) throws(StoreError) -> [QueryRows]
}

/// One statement with the values bound to its `?`s.
struct SQLStatement {
  var sql: String
  var values: [QueryValue] = []
}
