import GRDB

extension Store: IngestEngine {
  /// SQLite writes in the caller's thread: a commit takes milliseconds.
  var writesInBackground: Bool { false }

  /// A write transaction on the pool; occurrences are inserted by one prepared statement whose
  /// parameters are bound in place for each row (``StoredRows/insert(_:with:_:)``).
  func writeBatch<T>(_ body: (QueryEngine, OccurrenceInsert) throws(StoreError) -> T) throws(StoreError) -> T
  {
    let path = self.path
    return try write { db in
      let statement = try StoredRows.occurrenceInsert(db)
      return try body(Self.queries(on: db, path: path)) { occurrences throws(StoreError) in
        var inserted: [(conflictID: Int64, time: Int64)] = []
        inserted.reserveCapacity(occurrences.count)
        do {
          for occurrence in occurrences where try StoredRows.insert(occurrence, with: statement, db) {
            inserted.append((occurrence.conflictID, occurrence.time))
          }
        } catch {
          throw Store.storeError(error, path: path)
        }
        return inserted
      }
    }
  }
}
