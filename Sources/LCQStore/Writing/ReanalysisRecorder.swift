import LCQAnalysis

/// Writes what a reanalysis decided, on either engine (its statements run through the store's
/// ``QueryEngine``): occurrences kept or moved to the conflict their new fingerprint names,
/// failed blocks recovered, and at the end conflicts left empty removed (their status carried
/// to the one conflict that took all their occurrences) and the counts taken again from the
/// occurrences (``OccurrenceRollup/rebuild(_:)``).
///
/// Each conflict's explanation and best fix is refreshed once per reanalysis, from the first
/// occurrence that lands in it. On the team store a transaction cut by a lost connection is
/// run again from what the last commit left.
public final class ReanalysisRecorder {
  /// What one reanalysis has written so far.
  private struct Progress {
    /// Conflicts whose explanation and best fix this reanalysis has set.
    var refreshed = Set<Int64>()
    /// The conflicts each old conflict's moved occurrences went to.
    var moves: [Int64: Set<Int64>] = [:]
  }

  private let store: any ConflictStore
  private var progress = Progress()

  /// A recorder for one reanalysis of `store`.
  public init(store: any ConflictStore) {
    self.store = store
  }

  /// Writes `outcomes` in one transaction; returns how many conflicts it created.
  public func apply(_ outcomes: [ReanalysisOutcome]) throws(StoreError) -> Int {
    var progress = self.progress
    var created = 0
    try store.queries.transaction { engine throws(StoreError) in
      progress = self.progress
      created = 0
      for outcome in outcomes {
        switch outcome {
        case .unchanged(let occurrence, let summary):
          if progress.refreshed.insert(occurrence.conflictID).inserted {
            try Self.refresh(occurrence.conflictID, summary, engine)
          }
          _ = try engine.execute(
            ReanalysisStatements.stamp, [.text(Fingerprint.version), .integer(occurrence.id)])
        case .changed(let occurrence, let fingerprint, let summary, let describedConstraints):
          let (conflictID, isNew) = try StoredRows.conflictID(
            fingerprint: fingerprint, summary: summary, describedConstraints: describedConstraints,
            time: occurrence.time, engine)
          if isNew { created += 1 }
          if !isNew, progress.refreshed.insert(conflictID).inserted {
            try Self.refresh(conflictID, summary, engine)
          }
          if conflictID != occurrence.conflictID {
            progress.moves[occurrence.conflictID, default: []].insert(conflictID)
          }
          _ = try engine.execute(
            ReanalysisStatements.move,
            ReanalysisStatements.moveValues(occurrence, to: conflictID, summary: summary))
        }
      }
    }
    self.progress = progress
    return created
  }

  /// Stores each recovered failed block as an occurrence of its run, in one transaction (counted
  /// by ``finish()``).
  public func recover(_ recoveries: [FailedBlockRecovery]) throws(StoreError) {
    try store.queries.transaction { engine throws(StoreError) in
      for recovery in recoveries {
        let failed = recovery.block
        let (conflictID, _) = try StoredRows.conflictID(
          fingerprint: recovery.fingerprint, summary: recovery.summary,
          describedConstraints: recovery.describedConstraints, time: failed.time, engine)
        let template = BlockTemplate(splitting: failed.rawText)
        let occurrence = StoredRows.Occurrence(
          recovery, conflictID: conflictID, templateID: try StoredRows.templateID(template.template, engine),
          values: template.values)
        try OccurrenceInsert.prepareMonths(for: [occurrence.time], engine)
        _ = try engine.execute(
          OccurrenceInsert.sql(rows: 1, engine.dialect), StoredRows.values(of: occurrence))
        _ = try engine.execute("DELETE FROM failed_blocks WHERE id = ?", [.integer(failed.id)])
      }
    }
  }

  /// Carries statuses to the conflicts that took all of an old conflict's occurrences
  /// (``ReanalysisStatements/carryForward(_:_:)``), removes conflicts left with none, and
  /// counts every conflict again, in one transaction that holds ingests back meanwhile (a
  /// runner's batch waits, then commits); returns how many conflicts it removed.
  public func finish() throws(StoreError) -> Int {
    let moves = progress.moves
    var removed = 0
    try store.queries.transaction { engine throws(StoreError) in
      removed = 0
      try OccurrenceRollup.lock(engine)
      try ReanalysisStatements.carryForward(moves, engine)
      // The rollup rows of conflicts left empty go first (they reference them).
      try OccurrenceRollup.deleteAll(engine)
      for old in moves.keys.sorted() {
        removed += try engine.execute(ReanalysisStatements.removeEmpty, [.integer(old), .integer(old)])
      }
      try OccurrenceRollup.rebuild(engine)
    }
    return removed
  }

  private static func refresh(_ conflictID: Int64, _ summary: AnalysisSummary, _ engine: QueryEngine)
    throws(StoreError)
  {
    _ = try engine.execute(
      StoredRows.refreshDiagnosisSQL(engine.dialect),
      StoredRows.refreshDiagnosisValues(conflictID: conflictID, summary: summary))
  }
}

extension ConflictStore {
  /// Where one reanalysis of this store writes what it decided.
  public func makeReanalysisRecorder() -> ReanalysisRecorder {
    ReanalysisRecorder(store: self)
  }
}
