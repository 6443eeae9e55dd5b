import LCQAnalysis

/// The rows that `lcq ingest` and `lcq db reanalyze` both write, each by one statement, so the
/// two cannot drift apart.
enum StoredRows {
  /// The key of a template's row in `block_templates`: the SHA-256 of its text, in hex. Every
  /// engine and `lcq db copy` match templates by it.
  static func templateHash(_ template: String) -> String { SHA256.hex(template) }

  /// Stores a template (values: ``templateHash(_:)``, the text) unless its hash is stored.
  static let templateInsertSQL =
    "INSERT INTO block_templates (hash, template) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING"

  /// The id of `template`'s row in `block_templates`, inserted when new, through `engine`.
  static func templateID(_ template: String, _ engine: QueryEngine) throws(StoreError) -> Int64 {
    let hash = templateHash(template)
    _ = try engine.execute(templateInsertSQL, [.text(hash), .text(template)])
    guard
      let id = try engine.row("SELECT id FROM block_templates WHERE hash = ?", [.text(hash)])?.integer("id")
    else { throw .missingValue(column: "block_templates.id") }
    return id
  }

  /// The id of the conflict with `fingerprint`, inserted when new (`created`), through `engine`.
  static func conflictID(
    fingerprint: String, summary: AnalysisSummary, describedConstraints: [String], time: Int64,
    _ engine: QueryEngine
  ) throws(StoreError) -> (id: Int64, created: Bool) {
    let created = try engine.execute(
      conflictInsertSQL,
      conflictValues(
        fingerprint: fingerprint, summary: summary, describedConstraints: describedConstraints, time: time))
    guard
      let id = try engine.row("SELECT id FROM conflicts WHERE fingerprint = ?", [.text(fingerprint)])?
        .integer("id")
    else { throw .missingValue(column: "conflicts.id of \(fingerprint)") }
    return (id, created > 0)
  }

  /// A new conflict, unless its fingerprint is stored (``conflictValues(fingerprint:summary:describedConstraints:time:)``);
  /// the ingest of both engines and reanalysis run it.
  static let conflictInsertSQL = """
    INSERT INTO conflicts (fingerprint, title, verdict, minimal_set, explanation, best_fix, missing,
      owner, envelope, width_safe_from, width_safe_to, width_fires_everywhere, damage, damage_points, damage_shows,
      damage_collapses, first_seen, last_seen)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (fingerprint) DO NOTHING
    """

  /// The values of ``conflictInsertSQL`` for a conflict first seen at `time`.
  static func conflictValues(
    fingerprint: String, summary: AnalysisSummary, describedConstraints: [String], time: Int64
  ) -> [QueryValue] {
    [.text(fingerprint)] + descriptionValues(summary: summary, describedConstraints: describedConstraints)
      + [.integer(time), .integer(time)]
  }

  /// A conflict's description as a block's analysis gives it, in the order both
  /// ``conflictInsertSQL`` and ``exemplarSQL`` bind it: title, verdict, minimal set,
  /// explanation, best fix, missing quantities, owner, then ``envelopeValues(_:)`` and
  /// ``damageValues(_:)``.
  static func descriptionValues(summary: AnalysisSummary, describedConstraints: [String]) -> [QueryValue] {
    [
      .text(summary.title ?? ""), .text(summary.verdict.rawValue),
      .text(JSONText.array(describedConstraints)),
      QueryValue(summary.explanation), QueryValue(summary.bestFix), QueryValue(missingText(summary)),
      QueryValue(summary.owner?.rawValue),
    ] + envelopeValues(summary) + damageValues(summary)
  }

  /// The damage columns (`damage`, `damage_points`, `damage_shows`, `damage_collapses`) for
  /// `summary`.
  static func damageValues(_ summary: AnalysisSummary) -> [QueryValue] {
    guard let damage = summary.damage else { return [.null, .null, .null, .null] }
    guard let points = damage.points else { return [.text(damage.line), .null, .null, .null] }
    return [
      .text(damage.line), .real(points), QueryValue(damage.shows?.rawValue),
      .integer(damage.collapses ? 1 : 0),
    ]
  }

  /// The envelope columns (`envelope`, `width_safe_from`, `width_safe_to`,
  /// `width_fires_everywhere`) for `summary`.
  static func envelopeValues(_ summary: AnalysisSummary) -> [QueryValue] {
    guard let width = summary.screenWidth else {
      return [QueryValue(summary.envelopeText), .null, .null, .null]
    }
    return [
      QueryValue(summary.envelopeText), width.safe.map { .real($0.low.doubleValue) } ?? .null,
      width.safe?.high.map { .real($0.doubleValue) } ?? .null, .integer(width.safe == nil ? 1 : 0),
    ]
  }

  /// Gives a counted conflict the description (title, verdict, minimal set, explanation, best
  /// fix, missing quantities, owner) of one of a batch's occurrences when that occurrence is now
  /// its earliest (``TieOrder/earliestFirst``): a conflict is described by its first sighting,
  /// whichever runner stored it first. Run after the batch's occurrences are stored and before
  /// their counts. At a tie of times, an occurrence of the same run with a smaller identity
  /// comes first whatever the others are, and finding one takes a few rows where ordering the
  /// second's occurrences takes them all: a flood of one message logs thousands in a second,
  /// and the collector commits many times within it. One statement for `rows` conflicts, each
  /// row's values ``exemplarValues(conflictID:runID:record:)``.
  static func exemplarSQL(rows: Int) -> String {
    let row =
      "(" + Array(repeating: "CAST(? AS TEXT)", count: 8).joined(separator: ", ")
      + ", CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT), CAST(? AS TEXT), "
      + "CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), "
      + "CAST(? AS BIGINT), CAST(? AS TEXT))"
    return """
      WITH sighting (title, verdict, minimal_set, explanation, best_fix, missing, owner, envelope, width_safe_from,
        width_safe_to, width_fires_everywhere, damage, damage_points, damage_shows, damage_collapses, id, time, run_id,
        identity)
        AS (VALUES \(ManyRows.values(row, count: rows)))
      UPDATE conflicts SET title = sighting.title, verdict = sighting.verdict, minimal_set = sighting.minimal_set,
        explanation = sighting.explanation, best_fix = sighting.best_fix, missing = sighting.missing,
        owner = sighting.owner, envelope = sighting.envelope, width_safe_from = sighting.width_safe_from,
        width_safe_to = sighting.width_safe_to, width_fires_everywhere = sighting.width_fires_everywhere,
        damage = sighting.damage, damage_points = sighting.damage_points, damage_shows = sighting.damage_shows,
        damage_collapses = sighting.damage_collapses
      FROM sighting
      WHERE conflicts.id = sighting.id AND conflicts.occurrence_count > 0 AND (sighting.time < conflicts.first_seen
        OR (sighting.time = conflicts.first_seen
          AND NOT EXISTS (SELECT 1 FROM occurrences o WHERE o.conflict_id = conflicts.id AND o.time = conflicts.first_seen
            AND o.run_id = sighting.run_id AND o.identity < sighting.identity)
          AND sighting.identity = \(TieOrder.first("o.identity", of: "conflicts.id", at: "conflicts.first_seen", TieOrder.earliestFirst))))
      """
  }

  /// The row of ``exemplarSQL(rows:)`` for `record`, an occurrence of `conflictID` in the run
  /// `runID`: its description, the conflict, the time, the run and the identity.
  static func exemplarValues(conflictID: Int64, runID: Int64, record: BlockRecord) -> [QueryValue] {
    descriptionValues(summary: record.summary, describedConstraints: record.describedConstraints)
      + [.integer(conflictID), .integer(record.time), .integer(runID), .text(record.identity)]
  }

  /// A test the run ran (values: the run's id, the test's name); stored once per run.
  static let runTestInsertSQL =
    "INSERT INTO run_tests (run_id, test) VALUES (?, ?) ON CONFLICT (run_id, test) DO NOTHING"

  /// A conflict's source files and owners as the run saw them (values: the run's id, the files
  /// and owners as JSON arrays, the first file's line, the fingerprint); the first row of a
  /// conflict in a run stays.
  static let codeOwnersInsertSQL = """
    INSERT INTO code_owners (conflict_id, run_id, source_files, owners, source_line)
    SELECT id, ?, ?, ?, ? FROM conflicts WHERE fingerprint = ?
    ON CONFLICT (conflict_id, run_id) DO NOTHING
    """

  /// The values of ``codeOwnersInsertSQL`` for each conflict of `records` that carries an
  /// ownership (the first record's, once per fingerprint).
  static func codeOwnersValues(of records: some Sequence<BlockRecord>, runID: Int64) -> [[QueryValue]] {
    var seen: Set<String> = []
    var values: [[QueryValue]] = []
    for record in records {
      guard let ownership = record.codeOwnership, let fingerprint = record.summary.fingerprint,
        seen.insert(fingerprint).inserted
      else { continue }
      values.append([
        .integer(runID), .text(JSONText.array(ownership.sourceFiles)),
        .text(JSONText.array(ownership.owners)), QueryValue(ownership.firstLine.map(Int64.init)),
        .text(fingerprint),
      ])
    }
    return values
  }

  /// Sets a conflict's explanation, best fix, missing quantities, owner, envelope and damage to what
  /// the current analysis says (for `db reanalyze`, after the diagnosis improved), in `dialect`:
  /// it writes only when something differs.
  static func refreshDiagnosisSQL(_ dialect: SQLDialect) -> String {
    let differs = dialect.isDistinctFrom
    return """
      UPDATE conflicts SET explanation = ?, best_fix = ?, missing = ?, owner = ?, envelope = ?,
        width_safe_from = ?, width_safe_to = ?, width_fires_everywhere = ?, damage = ?, damage_points = ?,
        damage_shows = ?, damage_collapses = ?
      WHERE id = ? AND (explanation \(differs) ? OR best_fix \(differs) ? OR missing \(differs) ?
        OR owner \(differs) ? OR envelope \(differs) ? OR width_safe_from \(differs) ?
        OR width_safe_to \(differs) ? OR width_fires_everywhere \(differs) ? OR damage \(differs) ?
        OR damage_points \(differs) ? OR damage_shows \(differs) ? OR damage_collapses \(differs) ?)
      """
  }

  /// The values of ``refreshDiagnosisSQL(_:)``.
  static func refreshDiagnosisValues(conflictID: Int64, summary: AnalysisSummary) -> [QueryValue] {
    let diagnosis =
      [
        QueryValue(summary.explanation), QueryValue(summary.bestFix), QueryValue(missingText(summary)),
        QueryValue(summary.owner?.rawValue),
      ] + envelopeValues(summary) + damageValues(summary)
    return diagnosis + [.integer(conflictID)] + diagnosis
  }

  /// `conflicts.missing`: a JSON array of the missing quantities, `nil` when there are none.
  static func missingText(_ summary: AnalysisSummary) -> String? {
    summary.missing.isEmpty ? nil : JSONText.array(summary.missing.map(\.rawValue))
  }

  /// One row of `occurrences`.
  struct Occurrence {
    var identity: String
    var conflictID: Int64
    var runID: Int64
    var time: Int64
    var timeFromLog: Bool
    var process: String?
    var pid: Int?
    /// The test that was running (``BlockRecord/test``).
    var test: String?
    var verdict: Verdict
    /// Whether the broken constraint is in the minimal set, `nil` when unknown.
    var brokenInMinimalSet: Bool?
    var brokenConstraint: String?
    var sourceFile: String
    var sourceLine: Int
    var templateID: Int64
    var templateValues: String
    /// The issues as a JSON array, `nil` when none.
    var issues: String?

    /// The columns an insert writes, in the order it binds them (`analysis_version` is
    /// ``Fingerprint/version``).
    enum Columns: String, CaseIterable {
      case identity
      case conflictID = "conflict_id"
      case runID = "run_id"
      case time
      case timeSource = "time_source"
      case process
      case pid
      case test
      case verdict
      case brokenConstraint = "broken_constraint"
      case brokenInMinimalSet = "broken_in_minimal_set"
      case sourceFile = "source_file"
      case sourceLine = "source_line"
      case templateID = "template_id"
      case templateValues = "template_values"
      case issues
      case analysisVersion = "analysis_version"
    }
  }

  /// The values of `occurrence` in the order of ``Occurrence/Columns`` (for an engine that
  /// binds ``QueryValue``s; the SQLite file's fast insert binds the same in place).
  static func values(of occurrence: Occurrence) -> [QueryValue] {
    Occurrence.Columns.allCases.map { column in
      switch column {
      case .identity: .text(occurrence.identity)
      case .conflictID: .integer(occurrence.conflictID)
      case .runID: .integer(occurrence.runID)
      case .time: .integer(occurrence.time)
      case .timeSource: .text(occurrence.timeFromLog ? "log" : "ingest")
      case .process: QueryValue(occurrence.process)
      case .pid: QueryValue(occurrence.pid)
      case .test: QueryValue(occurrence.test)
      case .verdict: .text(occurrence.verdict.rawValue)
      case .brokenConstraint: QueryValue(occurrence.brokenConstraint)
      case .brokenInMinimalSet: QueryValue(occurrence.brokenInMinimalSet.map { $0 ? 1 : 0 })
      case .sourceFile: .text(occurrence.sourceFile)
      case .sourceLine: .integer(Int64(occurrence.sourceLine))
      case .templateID: .integer(occurrence.templateID)
      case .templateValues: .text(occurrence.templateValues)
      case .issues: QueryValue(occurrence.issues)
      case .analysisVersion: .text(Fingerprint.version)
      }
    }
  }

  /// The column names of `columns`, in order, comma-separated.
  static func columnList<Columns: CaseIterable & RawRepresentable>(_ columns: Columns.Type) -> String
  where Columns.RawValue == String {
    columns.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// `column = ?` for each of `columns`, comma-separated.
  static func assignments<Columns: CaseIterable & RawRepresentable>(_ columns: Columns.Type) -> String
  where Columns.RawValue == String {
    columns.allCases.map { "\($0.rawValue) = ?" }.joined(separator: ", ")
  }

  /// One `?` for each of `columns`, comma-separated.
  static func placeholders<Columns: CaseIterable>(_ columns: Columns.Type) -> String {
    Array(repeating: "?", count: columns.allCases.count).joined(separator: ", ")
  }
}

extension StoredRows.Occurrence {
  /// The row of `record`'s block, an occurrence of `conflictID` in `runID`.
  init(_ record: BlockRecord, conflictID: Int64, runID: Int64, templateID: Int64) {
    self.init(
      identity: record.identity, conflictID: conflictID, runID: runID, time: record.time,
      timeFromLog: record.timeFromLog, process: record.process, pid: record.pid, test: record.test,
      verdict: record.summary.verdict,
      brokenInMinimalSet: record.summary.brokenInMinimalSet, brokenConstraint: record.brokenConstraint,
      sourceFile: record.sourceFile, sourceLine: record.sourceLine, templateID: templateID,
      templateValues: record.template.values,
      issues: record.issues.isEmpty ? nil : JSONText.array(record.issues))
  }

  /// The row of a failed block that a reanalysis now reads, an occurrence of `conflictID`
  /// whose template is `templateID` (the block's text split by ``BlockTemplate``).
  init(_ recovery: FailedBlockRecovery, conflictID: Int64, templateID: Int64, values: String) {
    let failed = recovery.block
    self.init(
      identity: failed.identity, conflictID: conflictID, runID: failed.runID, time: failed.time,
      timeFromLog: failed.timeFromLog, process: failed.process, pid: failed.pid, test: failed.test,
      verdict: recovery.summary.verdict,
      brokenInMinimalSet: recovery.summary.brokenInMinimalSet, brokenConstraint: recovery.brokenConstraint,
      sourceFile: failed.sourceFile, sourceLine: failed.sourceLine, templateID: templateID,
      templateValues: values,
      issues: failed.issues)
  }
}
