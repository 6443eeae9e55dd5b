/// One statement for many rows of values, as a batch writes its counts and sightings: a row of
/// placeholders per value list, at most ``IngestBatch/rowsPerStatement`` rows a statement, so
/// that the server parses and plans one statement where it planned one a row.
enum ManyRows {
  /// `count` copies of `row` (a parenthesised list of placeholders), comma-separated.
  static func values(_ row: String, count: Int) -> String {
    Array(repeating: row, count: count).joined(separator: ", ")
  }

  /// The statements that write `valueLists`: `sql(rows)` for each chunk of rows, binding its
  /// rows' values one after the other, then `trailing`.
  static func statements(
    _ valueLists: [[QueryValue]], trailing: [QueryValue] = [], sql: (_ rows: Int) -> String
  ) -> [SQLStatement] {
    IngestBatch.chunks(of: valueLists).map { chunk in
      SQLStatement(sql: sql(chunk.count), values: chunk.flatMap { $0 } + trailing)
    }
  }
}
