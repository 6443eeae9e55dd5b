// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import Foundation
  import PostgresNIO

  /// The team store answers every query with the same statements as the SQLite file (they are
  /// written once, against ``QueryEngine``), so a query cannot mean two things.

  extension PostgresStore: ConflictStore {
    /// Nothing to fold in: the connections close when the store is released.
    public func close() {}

    /// An ingest run on this database (``IngestWriter``).
    public func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun {
      try IngestWriter(engine: self, metadata: metadata, clock: clock)
    }

    /// Statements on this store's connections (two threads' at once on two, ``PostgresLinkPool``);
    /// each read is a transaction of its own, so that it plans without JIT compilation
    /// (``PostgresLink/transaction(_:)``).
    public var queries: QueryEngine {
      QueryEngine(
        dialect: .postgres,
        fetchRows: { sql, values throws(StoreError) in
          try self.using { link throws(StoreError) in
            try link.transaction { () throws(StoreError) in try link.table(sql, values) }
          }
        },
        changeRows: { sql, values throws(StoreError) in
          try self.using { link throws(StoreError) in try link.execute(sql, values) }
        },
        inTransaction: { body throws(StoreError) in
          try self.using { link throws(StoreError) in
            try link.transaction { () throws(StoreError) in try body(link.queries) }
          }
        })
    }

    /// Counts of everything stored, and the database's size on the server.
    public func statistics() throws(StoreError) -> StoreStatistics {
      try using { link throws(StoreError) in
        try StoreStatistics.counting(
          link.queries, path: displayPath, schemaVersion: try Migrator.postgres.applied(link.queries).count,
          bytes: try link.rows("SELECT pg_database_size(current_database()) AS n").first?.value("n") ?? 0)
      }
    }

    /// Gives dead rows' space back to the tables (`VACUUM (ANALYZE)`, which also refreshes the
    /// planner's statistics) and returns the database's size before and after. Space returns to
    /// the operating system only at a table's end, as PostgreSQL's plain VACUUM does; it never
    /// locks out the runners writing meanwhile.
    public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) {
      try using { link throws(StoreError) in
        let size = "SELECT pg_database_size(current_database()) AS n"
        let before = try link.table(size).first?.integer("n") ?? 0
        try link.rows(
          "VACUUM (ANALYZE) runs, conflicts, occurrences, occurrence_rollup, conflict_day_counts, run_day_counts, "
            + "block_templates, failed_blocks, fingerprint_aliases")
        return (before, try link.table(size).first?.integer("n") ?? 0)
      }
    }
  }
#endif
