// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import LCQAnalysis

  /// Writes what a reanalysis decided in the team store, with the same statements as the SQLite
  /// file's ``ReanalysisWriter`` (``ReanalysisStatements``, ``StoredRows``): occurrences kept or
  /// moved, failed blocks recovered, conflicts left empty removed with their status carried.
  ///
  /// PostgreSQL keeps no counting triggers (lcq's ingest counts each batch), so ``finish()``
  /// rebuilds `occurrence_rollup` and every conflict's counters from `occurrences`, in one
  /// transaction that holds ingests back meanwhile (a runner's batch waits, then commits).
  final class PostgresReanalysisRecorder: ReanalysisRecorder {
    private let store: PostgresStore
    /// Conflicts whose explanation and best fix this reanalysis has set.
    private var refreshed = Set<Int64>()
    /// The conflicts each old conflict's moved occurrences went to.
    private var moves: [Int64: Set<Int64>] = [:]

    init(store: PostgresStore) {
      self.store = store
    }

    func apply(_ outcomes: [ReanalysisOutcome]) throws(StoreError) -> Int {
      var refreshed = self.refreshed
      var moves = self.moves
      let created = try store.using { link throws(StoreError) in
        // A retry after a lost connection starts again from what the last commit left.
        refreshed = self.refreshed
        moves = self.moves
        return try link.transaction { () throws(StoreError) -> Int in
          var created = 0
          for outcome in outcomes {
            switch outcome {
            case .unchanged(let occurrence, let summary):
              if refreshed.insert(occurrence.conflictID).inserted {
                try refresh(occurrence.conflictID, summary, link)
              }
              try link.execute(
                ReanalysisStatements.stamp, [.text(Fingerprint.version), .integer(occurrence.id)])
            case .changed(let occurrence, let fingerprint, let summary, let describedConstraints):
              let (conflictID, isNew) = try conflictID(
                fingerprint, summary, describedConstraints, time: occurrence.time, link)
              if isNew { created += 1 }
              if !isNew, refreshed.insert(conflictID).inserted { try refresh(conflictID, summary, link) }
              if conflictID != occurrence.conflictID {
                moves[occurrence.conflictID, default: []].insert(conflictID)
              }
              try link.execute(
                ReanalysisStatements.move,
                ReanalysisStatements.moveValues(occurrence, to: conflictID, summary: summary))
            }
          }
          return created
        }
      }
      self.refreshed = refreshed
      self.moves = moves
      return created
    }

    func recover(_ recoveries: [FailedBlockRecovery]) throws(StoreError) {
      try store.using { link throws(StoreError) in
        try link.transaction { () throws(StoreError) in
          for recovery in recoveries {
            let failed = recovery.block
            let (conflictID, _) = try conflictID(
              recovery.fingerprint, recovery.summary, recovery.describedConstraints, time: failed.time, link)
            let template = BlockTemplate(splitting: failed.rawText)
            let occurrence = StoredRows.Occurrence(
              recovery, conflictID: conflictID, templateID: try templateID(template.template, link),
              values: template.values)
            try link.execute(StoredRows.occurrenceInsertSQL, StoredRows.values(of: occurrence))
            try link.execute("DELETE FROM failed_blocks WHERE id = ?", [.integer(failed.id)])
          }
        }
      }
    }

    func finish() throws(StoreError) -> Int {
      let moves = self.moves
      return try store.using { link throws(StoreError) in
        try link.transaction { () throws(StoreError) -> Int in
          try OccurrenceRollup.lock(link.queries)
          try ReanalysisStatements.carryForward(moves, link.queries)
          var removed = 0
          // The rollup rows of conflicts left empty go first (they reference them).
          try link.execute("DELETE FROM occurrence_rollup")
          for old in moves.keys {
            removed += try link.execute(ReanalysisStatements.removeEmpty, [.integer(old), .integer(old)])
          }
          try OccurrenceRollup.rebuild(link.queries)
          return removed
        }
      }
    }

    /// The id of the conflict `fingerprint`, stored when new; and whether it was.
    private func conflictID(
      _ fingerprint: String, _ summary: AnalysisSummary, _ describedConstraints: [String], time: Int64,
      _ link: PostgresLink
    ) throws(StoreError) -> (Int64, Bool) {
      let created = try link.table(
        StoredRows.conflictInsertSQL + " RETURNING id",
        StoredRows.conflictValues(
          fingerprint: fingerprint, summary: summary, describedConstraints: describedConstraints, time: time))
      if let id = created.first?.integer("id") { return (id, true) }
      guard
        let id = try link.table("SELECT id FROM conflicts WHERE fingerprint = ?", [.text(fingerprint)]).first?
          .integer("id")
      else { throw .missingValue(column: "conflicts.id of \(fingerprint)") }
      return (id, false)
    }

    private func refresh(_ conflictID: Int64, _ summary: AnalysisSummary, _ link: PostgresLink)
      throws(StoreError)
    {
      try link.execute(
        StoredRows.refreshDiagnosisSQL(.postgres),
        StoredRows.refreshDiagnosisValues(conflictID: conflictID, summary: summary))
    }

    /// The id of `template` in `block_templates`, stored when new.
    private func templateID(_ template: String, _ link: PostgresLink) throws(StoreError) -> Int64 {
      let hash = StoredRows.templateHash(template)
      try link.execute(StoredRows.templateInsertSQL, [.text(hash), .text(template)])
      guard
        let id = try link.table("SELECT id FROM block_templates WHERE hash = ?", [.text(hash)]).first?
          .integer(
            "id")
      else { throw .missingValue(column: "block_templates.id") }
      return id
    }
  }
#endif
