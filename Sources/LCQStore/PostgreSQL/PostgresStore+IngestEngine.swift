// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import Foundation

  extension PostgresStore: IngestEngine {
    /// A batch is written on a thread of its own while the next is analysed: the server's time
    /// and lcq's overlap.
    var writesInBackground: Bool { true }
    var insertsNewKeysInOrder: Bool { true }

    /// How many times a batch is tried when the server rolls it back for a deadlock or a
    /// serialization failure.
    static let attempts = 5

    /// One transaction on the connection (again after a lost connection, ``using(_:)``, and
    /// after a deadlock or a serialization failure, which roll the batch back whole);
    /// occurrences are inserted by one statement that binds an array per column, and the other
    /// statements a batch hands over together are handed to the connection together
    /// (``PostgresLink/tables(_:)``).
    func writeBatch<T>(_ body: (QueryEngine, BatchStatements) throws(StoreError) -> T) throws(StoreError)
      -> T
    {
      var attempt = 1
      while true {
        do {
          return try using { link throws(StoreError) in
            try link.transaction { () throws(StoreError) -> T in
              try body(
                link.queries,
                BatchStatements(
                  insertOccurrences: { occurrences throws(StoreError) in try Self.insert(occurrences, link) },
                  fetchEach: { statements throws(StoreError) in try link.tables(statements) }))
            }
          }
        } catch {
          // 40001 serialization_failure, 40P01 deadlock_detected.
          guard case .postgres(_, _, let state?) = error, state == "40001" || state == "40P01",
            attempt < Self.attempts
          else { throw error }
          attempt += 1
          Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
        }
      }
    }

    /// Inserts `occurrences` with ``occurrenceInsertSQL`` (their months' partitions are made at
    /// the batch's start, ``IngestBatch``); returns the conflict and time of each row inserted.
    private static func insert(_ occurrences: [StoredRows.Occurrence], _ link: PostgresLink)
      throws(StoreError)
      -> [(conflictID: Int64, time: Int64)]
    {
      let columns = StoredRows.Occurrence.Columns.allCases
      var values = Array(repeating: [QueryValue](), count: columns.count)
      for index in values.indices { values[index].reserveCapacity(occurrences.count) }
      for occurrence in occurrences {
        for (index, value) in StoredRows.values(of: occurrence).enumerated() { values[index].append(value) }
      }
      let arrays = zip(columns, values).map { PostgresArrayParameter(element: element(of: $0), values: $1) }
      let rows = try link.rows(occurrenceInsertSQL, arrays: arrays)
      var inserted: [(conflictID: Int64, time: Int64)] = []
      inserted.reserveCapacity(rows.count)
      for row in rows {
        inserted.append((try row.value("conflict_id", as: Int64.self), try row.value("time", as: Int64.self)))
      }
      return inserted
    }

    /// ``OccurrenceInsert/claiming(from:)`` of `unnest(?::bigint[], ?::text[], …)`, an array
    /// per column of ``StoredRows/Occurrence/Columns`` in their order.
    static let occurrenceInsertSQL: String = {
      let arrays = StoredRows.Occurrence.Columns.allCases.map { "?::\(element(of: $0).sqlName)[]" }
        .joined(separator: ", ")
      return OccurrenceInsert.claiming(from: "unnest(\(arrays))")
    }()

    /// The type of the array that carries `column`'s values.
    static func element(of column: StoredRows.Occurrence.Columns) -> PostgresArrayParameter.Element {
      column.sqlType == "BIGINT" ? .bigint : .text
    }
  }
#endif
