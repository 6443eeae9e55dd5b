import GRDB
import LCQAnalysis

/// A stored occurrence as `lcq db reanalyze` reads it back.
public struct StoredOccurrence: Sendable, Hashable {
  /// The occurrence's row.
  public var id: Int64
  /// The conflict it is an occurrence of.
  public var conflictID: Int64
  /// Its stored verdict (a ``Verdict`` raw value).
  public var verdict: String
  /// Whether the broken constraint was in the minimal set, as stored.
  public var brokenInMinimalSet: Bool?
  /// The input it was read from.
  public var sourceFile: String
  /// Its raw text, rebuilt from its template.
  public var text: String
  /// Its conflict's fingerprint.
  public var fingerprint: String
  /// Seconds since 1970 (UTC).
  public var time: Int64
}

/// A stored failed block (unreadable when it was ingested) as `lcq db reanalyze` reads it back.
public struct StoredFailedBlock: Sendable, Hashable {
  /// The failed block's row.
  public var id: Int64
  /// Its occurrence identity.
  public var identity: String
  /// The run that stored it.
  public var runID: Int64
  /// Seconds since 1970 (UTC).
  public var time: Int64
  /// Whether `time` came from the log.
  public var timeFromLog: Bool
  /// The process name from the log.
  public var process: String?
  /// The process id from the log.
  public var pid: Int?
  /// The input and line it was read from.
  public var sourceFile: String
  /// The 1-based line of its first line.
  public var sourceLine: Int
  /// What could not be read, as stored (JSON).
  public var issues: String?
  /// Its raw text.
  public var rawText: String
}

extension ConflictStore {
  /// Up to `limit` occurrences with a row number past `id`, in row order.
  public func storedOccurrences(after id: Int64, limit: Int) throws(StoreError) -> [StoredOccurrence] {
    try queries.rows(
      """
      SELECT o.id, o.conflict_id, o.verdict, o.broken_in_minimal_set, o.source_file, t.template,
        o.template_values, c.fingerprint, o.time
      FROM occurrences o JOIN block_templates t ON t.id = o.template_id JOIN conflicts c ON c.id = o.conflict_id
      WHERE o.id > ? ORDER BY o.id LIMIT ?
      """, [.integer(id), .integer(Int64(limit))]
    ).map { row throws(StoreError) in
      StoredOccurrence(
        id: row.integer("id") ?? 0, conflictID: row.integer("conflict_id") ?? 0,
        verdict: try row.requiredText("verdict"),
        brokenInMinimalSet: row.integer("broken_in_minimal_set").map { $0 != 0 },
        sourceFile: try row.requiredText("source_file"),
        text: BlockTemplate(
          template: try row.requiredText("template"), values: try row.requiredText("template_values")
        ).text,
        fingerprint: try row.requiredText("fingerprint"), time: row.integer("time") ?? 0)
    }
  }

  /// Every failed block, in row order.
  public func storedFailedBlocks() throws(StoreError) -> [StoredFailedBlock] {
    try queries.rows(
      """
      SELECT id, identity, run_id, time, time_source, process, pid, source_file, source_line, issues, raw_text
      FROM failed_blocks ORDER BY id
      """
    ).map { row throws(StoreError) in
      StoredFailedBlock(
        id: row.integer("id") ?? 0, identity: try row.requiredText("identity"),
        runID: row.integer("run_id") ?? 0,
        time: row.integer("time") ?? 0, timeFromLog: row.text("time_source") == "log",
        process: row.text("process"),
        pid: row.integer("pid").map { Int($0) }, sourceFile: try row.requiredText("source_file"),
        sourceLine: Int(row.integer("source_line") ?? 0), issues: row.text("issues"),
        rawText: try row.requiredText("raw_text"))
    }
  }
}

/// What became of one occurrence in a reanalysis.
public enum ReanalysisOutcome: Sendable {
  /// Same fingerprint, verdict and broken-constraint standing; `summary` refreshes its conflict.
  case unchanged(StoredOccurrence, summary: AnalysisSummary)
  /// Something changed: the occurrence goes to `fingerprint`'s conflict (made when new, with
  /// `describedConstraints`).
  case changed(
    StoredOccurrence, fingerprint: String, summary: AnalysisSummary, describedConstraints: [String])
}

/// A failed block the current analysis reads, with what it found.
public struct FailedBlockRecovery: Sendable {
  /// The failed block.
  public var block: StoredFailedBlock
  /// Its fingerprint.
  public var fingerprint: String
  /// Its analysis.
  public var summary: AnalysisSummary
  /// The descriptions its conflict is made with when new.
  public var describedConstraints: [String]
  /// The broken constraint's description.
  public var brokenConstraint: String?

  /// A recovery of `block`.
  public init(
    block: StoredFailedBlock, fingerprint: String, summary: AnalysisSummary, describedConstraints: [String],
    brokenConstraint: String?
  ) {
    self.block = block
    self.fingerprint = fingerprint
    self.summary = summary
    self.describedConstraints = describedConstraints
    self.brokenConstraint = brokenConstraint
  }
}

/// Writes what a reanalysis decided in a SQLite store: occurrences kept or moved to the conflict their new
/// fingerprint names, failed blocks recovered, and at the end conflicts left empty removed
/// (their status carried to the one conflict that took all their occurrences).
///
/// Each conflict's explanation and best fix is refreshed once per reanalysis, from the first
/// occurrence that lands in it.
public final class ReanalysisWriter: ReanalysisRecorder {
  private let store: Store
  /// Conflicts whose explanation and best fix this reanalysis has set.
  private var refreshed = Set<Int64>()
  /// The conflicts each old conflict's moved occurrences went to.
  private var moves: [Int64: Set<Int64>] = [:]

  /// A writer for one reanalysis of `store`.
  public init(store: Store) {
    self.store = store
  }

  /// Writes `outcomes` in one transaction; returns how many conflicts it created.
  public func apply(_ outcomes: [ReanalysisOutcome]) throws(StoreError) -> Int {
    try store.write { db in
      var created = 0
      for outcome in outcomes {
        switch outcome {
        case .unchanged(let occurrence, let summary):
          if refreshed.insert(occurrence.conflictID).inserted {
            try StoredRows.refreshDiagnosis(conflictID: occurrence.conflictID, summary: summary, db)
          }
          try db.execute(
            sql: ReanalysisStatements.stamp, arguments: [Fingerprint.version, occurrence.id])
        case .changed(let occurrence, let fingerprint, let summary, let describedConstraints):
          let (conflictID, isNew) = try StoredRows.conflictID(
            fingerprint: fingerprint, summary: summary, describedConstraints: describedConstraints,
            time: occurrence.time, db)
          if isNew { created += 1 }
          if !isNew, refreshed.insert(conflictID).inserted {
            try StoredRows.refreshDiagnosis(conflictID: conflictID, summary: summary, db)
          }
          if conflictID != occurrence.conflictID {
            moves[occurrence.conflictID, default: []].insert(conflictID)
          }
          try db.execute(
            sql: ReanalysisStatements.move,
            arguments: StatementArguments(
              ReanalysisStatements.moveValues(occurrence, to: conflictID, summary: summary)))
        }
      }
      return created
    }
  }

  /// Stores each recovered failed block as an occurrence of its run, in one transaction.
  public func recover(_ recoveries: [FailedBlockRecovery]) throws(StoreError) {
    try store.write { db in
      for recovery in recoveries {
        let failed = recovery.block
        let (conflictID, _) = try StoredRows.conflictID(
          fingerprint: recovery.fingerprint, summary: recovery.summary,
          describedConstraints: recovery.describedConstraints, time: failed.time, db)
        let template = BlockTemplate(splitting: failed.rawText)
        let occurrence = StoredRows.Occurrence(
          recovery, conflictID: conflictID, templateID: try StoredRows.templateID(template.template, db),
          values: template.values)
        _ = try StoredRows.insert(occurrence, with: StoredRows.occurrenceInsert(db), db)
        try db.execute(sql: "DELETE FROM failed_blocks WHERE id = ?", arguments: [failed.id])
      }
    }
  }

  /// Carries statuses to the conflicts that took all of an old conflict's occurrences
  /// (``ReanalysisStatements/carryForward(_:_:)``), removes conflicts left with none, and
  /// refreshes every conflict's counts; returns how many it removed.
  public func finish() throws(StoreError) -> Int {
    let moves = self.moves
    let path = store.path
    return try store.write { db in
      try ReanalysisStatements.carryForward(moves, Store.queries(on: db, path: path))
      var removed = 0
      for old in moves.keys {
        // The move trigger counts an occurrence out of its old rollup row but cannot tell that
        // row's new first and last times: read them again (PostgreSQL rebuilds the rollup).
        try db.execute(sql: Self.refreshTimes, arguments: [old])
        try db.execute(sql: ReanalysisStatements.removeEmpty, arguments: [old, old])
        removed += db.changesCount
      }
      try db.execute(sql: ConflictSummaries.refresh)
      return removed
    }
  }

  /// The first and last times of conflict `?`'s rollup rows, from the occurrences they count.
  static let refreshTimes = """
    UPDATE occurrence_rollup SET
      first_time = coalesce((SELECT min(o.time) FROM occurrences o WHERE o.conflict_id = occurrence_rollup.conflict_id
        AND o.run_id = occurrence_rollup.run_id AND o.time >= occurrence_rollup.day * 86400
        AND o.time < occurrence_rollup.day * 86400 + 86400), first_time),
      last_time = coalesce((SELECT max(o.time) FROM occurrences o WHERE o.conflict_id = occurrence_rollup.conflict_id
        AND o.run_id = occurrence_rollup.run_id AND o.time >= occurrence_rollup.day * 86400
        AND o.time < occurrence_rollup.day * 86400 + 86400), last_time)
    WHERE conflict_id = ?
    """
}

/// The statements of a reanalysis that both engines run.
enum ReanalysisStatements {
  /// Stamps an unchanged occurrence with the current fingerprint version.
  static let stamp = "UPDATE occurrences SET analysis_version = ? WHERE id = ?"

  /// Moves an occurrence to a conflict with its new verdict (``moveValues(_:to:summary:)``).
  static let move = """
    UPDATE occurrences SET conflict_id = ?, verdict = ?, broken_in_minimal_set = ?, analysis_version = ?
    WHERE id = ?
    """

  /// The values of ``move``.
  static func moveValues(_ occurrence: StoredOccurrence, to conflictID: Int64, summary: AnalysisSummary)
    -> [QueryValue]
  {
    [
      .integer(conflictID), .text(summary.verdict.rawValue),
      QueryValue(summary.brokenInMinimalSet.map { $0 ? 1 : 0 }), .text(Fingerprint.version),
      .integer(occurrence.id),
    ]
  }

  /// Carries the statuses and fingerprints of old conflicts to the conflicts that took all their
  /// occurrences (`moves`: each old conflict's targets; one that went to several keeps both to
  /// itself): the old fingerprint, and those it was known by, become aliases of the new
  /// conflict (`fingerprint_aliases`), and its code owners per run become the new one's. A target that is not open keeps its own status. When several old conflicts became
  /// one (a new fingerprint version groups what the old one kept apart), the status changed
  /// last wins: a resolution with its build, or an ignore, as the team last decided about that
  /// bug; `lcq regressed` then shows a resolved one seen again after its build.
  static func carryForward(_ moves: [Int64: Set<Int64>], _ engine: QueryEngine) throws(StoreError) {
    let wholly = moves.compactMapValues { $0.count == 1 ? $0.first : nil }
    guard !wholly.isEmpty else { return }
    let decided = try engine.rows(
      "SELECT id, coalesce(status_changed_at, 0) AS changed FROM conflicts WHERE status != 'open'")
    let latestFirst = decided.compactMap { row -> (id: Int64, changed: Int64)? in
      guard let id = row.integer("id"), wholly[id] != nil else { return nil }
      return (id, row.integer("changed") ?? 0)
    }.sorted { ($0.changed, $0.id) > ($1.changed, $1.id) }
    for old in latestFirst {
      guard let target = wholly[old.id] else { continue }
      _ = try engine.execute(carryStatus, [.integer(old.id), .integer(target)])
    }
    for (old, target) in wholly.sorted(by: { $0.key < $1.key }) {
      _ = try engine.execute(moveAliases, [.integer(target), .integer(old), .integer(old)])
      _ = try engine.execute(addAlias, [.integer(target), .integer(old)])
      _ = try engine.execute(carryCodeOwners, [.integer(target), .integer(old), .integer(old)])
    }
  }

  /// Gives conflict `?` 1 the code owners each run recorded for old conflict `?` 2, when `?` 2
  /// (`?` 3) has no occurrence left (it is about to be removed, and its rows with it); a run
  /// that recorded `?` 1 itself keeps its own row.
  static let carryCodeOwners = """
    INSERT INTO code_owners (conflict_id, run_id, source_files, owners)
    SELECT ?, run_id, source_files, owners FROM code_owners
    WHERE conflict_id = ? AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = ?)
    ON CONFLICT (conflict_id, run_id) DO NOTHING
    """

  /// Makes old conflict `?` 2's fingerprint an alias of `?` 1, when `?` 2 has no occurrence
  /// left (it is about to be removed).
  static let addAlias = """
    INSERT INTO fingerprint_aliases (fingerprint, conflict_id)
    SELECT fingerprint, ? FROM conflicts
    WHERE id = ? AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = conflicts.id)
    ON CONFLICT (fingerprint) DO UPDATE SET conflict_id = excluded.conflict_id
    """

  /// Moves the aliases of old conflict `?` 2 to `?` 1, when `?` 2 (`?` 3) has no occurrence left.
  static let moveAliases = """
    UPDATE fingerprint_aliases SET conflict_id = ?
    WHERE conflict_id = ? AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = ?)
    """

  /// Carries an old conflict's status to the one conflict (`?` 2) that took all its
  /// occurrences (`?` 1), when that one is open.
  static let carryStatus = """
    UPDATE conflicts SET status = old.status, resolved_build = old.resolved_build,
      resolved_build_key = old.resolved_build_key, status_changed_at = old.status_changed_at
    FROM (SELECT * FROM conflicts WHERE id = ?) AS old
    WHERE conflicts.id = ? AND conflicts.status = 'open' AND old.status != 'open'
      AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = old.id)
    """

  /// Deletes a conflict (`?` twice) left with no occurrence.
  static let removeEmpty =
    "DELETE FROM conflicts WHERE id = ? AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = ?)"
}
