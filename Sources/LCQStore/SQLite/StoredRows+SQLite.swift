import GRDB
import LCQAnalysis

// The SQLite file's insert of occurrences: one prepared statement, its parameters bound in
// place for each row (ParameterBinding), the ingest's hot path.
extension StoredRows {
  /// The statement ``insert(_:with:_:)`` runs, prepared once for any number of rows: its
  /// column list and its binds both follow ``Occurrence/Columns``, so they cannot drift apart.
  static func occurrenceInsert(_ db: Database) throws -> Statement {
    try db.cachedStatement(sql: OccurrenceInsert.sql(rows: 1, .sqlite))
  }

  /// Inserts `occurrence` with `statement` (see ``occurrenceInsert(_:)``) unless its identity is
  /// already stored; returns whether it was new.
  static func insert(_ occurrence: Occurrence, with statement: Statement, _ db: Database) throws -> Bool {
    var row = ParameterBinding(statement, of: db)
    for column in Occurrence.Columns.allCases {
      switch column {
      case .identity: row.bind(occurrence.identity)
      case .conflictID: row.bind(occurrence.conflictID)
      case .runID: row.bind(occurrence.runID)
      case .time: row.bind(occurrence.time)
      case .timeSource: row.bind(occurrence.timeFromLog ? "log" : "ingest")
      case .process: row.bind(occurrence.process)
      case .pid: row.bind(occurrence.pid)
      case .test: row.bind(occurrence.test)
      case .verdict: row.bind(occurrence.verdict.rawValue)
      case .brokenConstraint: row.bind(occurrence.brokenConstraint)
      case .brokenInMinimalSet: row.bind(occurrence.brokenInMinimalSet)
      case .sourceFile: row.bind(occurrence.sourceFile)
      case .sourceLine: row.bind(occurrence.sourceLine)
      case .templateID: row.bind(occurrence.templateID)
      case .templateValues: row.bind(occurrence.templateValues)
      case .issues: row.bind(occurrence.issues)
      case .analysisVersion: row.bind(Fingerprint.version)
      }
    }
    return try row.execute()
  }
}
