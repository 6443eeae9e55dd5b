import GRDB

extension Store: IngestEngine {
  /// SQLite writes in the caller's thread: a commit takes milliseconds.
  var writesInBackground: Bool { false }
  var insertsNewKeysInOrder: Bool { false }

  /// A write transaction on the pool; occurrences are inserted by one prepared statement whose
  /// parameters are bound in place for each row (``StoredRows/insert(_:with:_:)``), and the
  /// statements a batch hands over together are each prepared once a connection.
  func writeBatch<T>(_ body: (QueryEngine, BatchStatements) throws(StoreError) -> T) throws(StoreError) -> T {
    let path = self.path
    return try write { db in
      let statements = BatchStatements(
        insertOccurrences: { occurrences throws(StoreError) in
          var inserted: [(conflictID: Int64, time: Int64)] = []
          inserted.reserveCapacity(occurrences.count)
          do {
            let statement = try StoredRows.occurrenceInsert(db)
            for occurrence in occurrences where try StoredRows.insert(occurrence, with: statement, db) {
              inserted.append((occurrence.conflictID, occurrence.time))
            }
          } catch {
            throw Store.storeError(error, path: path)
          }
          return inserted
        },
        fetchEach: { statements throws(StoreError) in
          var answers: [QueryRows] = []
          do {
            for statement in statements {
              answers.append(try Self.rows(of: db.cachedStatement(sql: statement.sql), statement.values))
            }
          } catch {
            throw Store.storeError(error, path: path)
          }
          return answers
        })
      return try body(Self.queries(on: db, path: path), statements)
    }
  }
}
