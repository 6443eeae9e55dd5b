import GRDB

extension Store {
  /// Counts of everything stored.
  public func statistics() throws(StoreError) -> StoreStatistics {
    let (path, storePath) = (displayPath, self.path)
    return try read { db in
      let bytes =
        try Int64.fetchOne(
          db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
      return try StoreStatistics.counting(
        Store.queries(on: db, path: storePath), path: path,
        schemaVersion: try Store.appliedMigrations(db, path: path).count,
        bytes: bytes)
    }
  }

  /// Rebuilds the database file (`VACUUM`) and refreshes the query planner's statistics;
  /// returns the file size before and after.
  public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) {
    func size() throws(StoreError) -> Int64 {
      try read { db in
        try Int64.fetchOne(
          db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
      }
    }
    let before = try size()
    do {
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "VACUUM")
        try db.execute(sql: "PRAGMA optimize")
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    } catch {
      throw Self.storeError(error, path: path)
    }
    return (before, try size())
  }
}
