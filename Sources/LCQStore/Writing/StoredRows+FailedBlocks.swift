/// The rows of `failed_blocks`: blocks that could not be analysed, kept whole for a later lcq.
extension StoredRows {
  /// One row of `failed_blocks` as an ingest writes it.
  struct FailedBlock {
    var record: BlockRecord
    var runID: Int64

    /// The columns an insert writes, in the order it binds them.
    enum Columns: String, CaseIterable {
      case identity
      case runID = "run_id"
      case time
      case timeSource = "time_source"
      case process
      case pid
      case test
      case verdict
      case sourceFile = "source_file"
      case sourceLine = "source_line"
      case issues
      case rawText = "raw_text"
    }

    /// The values in the order of ``Columns``; the raw text as ``FailedBlockText/stored(_:)``
    /// keeps it.
    var values: [QueryValue] {
      Columns.allCases.map { column in
        switch column {
        case .identity: .text(record.identity)
        case .runID: .integer(runID)
        case .time: .integer(record.time)
        case .timeSource: .text(record.timeFromLog ? "log" : "ingest")
        case .process: QueryValue(record.process)
        case .pid: QueryValue(record.pid)
        case .test: QueryValue(record.test)
        case .verdict: .text(record.summary.verdict.rawValue)
        case .sourceFile: .text(record.sourceFile)
        case .sourceLine: .integer(Int64(record.sourceLine))
        case .issues: .text(JSONText.array(record.issues))
        case .rawText: .text(FailedBlockText.stored(record.rawText))
        }
      }
    }

    /// Inserts `rows` rows, skipping identities already stored, and returns the ids of the new
    /// ones: `INSERT INTO failed_blocks (…) VALUES (?, …), … ON CONFLICT (identity) DO NOTHING
    /// RETURNING id`.
    static func insertSQL(rows: Int) -> String {
      let row = "(\(StoredRows.placeholders(Columns.self)))"
      let values = Array(repeating: row, count: rows).joined(separator: ", ")
      return """
        INSERT INTO failed_blocks (\(StoredRows.columnList(Columns.self))) VALUES \(values)
        ON CONFLICT (identity) DO NOTHING RETURNING id
        """
    }
  }
}
