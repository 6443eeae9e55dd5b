import Foundation
import GRDB
import LCQAnalysis
import LCQParsing

/// What `lcq db reanalyze` changed.
public struct ReanalysisResult: Sendable, Hashable {
  /// Occurrences read again.
  public var occurrences = 0
  /// Occurrences whose verdict, fingerprint or broken-constraint standing changed.
  public var changed = 0
  /// Failed blocks that the current parser reads, now stored as occurrences.
  public var recovered = 0
  /// Stored texts that no longer read as exactly one block (left as they were).
  public var unreadable = 0
  /// Conflicts left with no occurrence and removed.
  public var removedConflicts = 0
  /// Conflicts created by new fingerprints.
  public var newConflicts = 0
}

extension Store {
  /// Reads every stored block again with this binary's parser and analysis, and moves each
  /// occurrence to the conflict its new fingerprint names. A status (resolved, ignored) moves
  /// with the occurrences when all of an old conflict's occurrences land in one new conflict.
  public func reanalyze(batchSize: Int = 2000) throws(StoreError) -> ReanalysisResult {
    var result = ReanalysisResult()
    var cache = AnalysisCache()
    let analyzer = BlockAnalyzer(options: .init(enumeratesMinimalSets: false, findsSingleFixes: false))
    var moves: [Int64: Set<Int64>] = [:]
    /// Conflicts whose explanation and best fix this run has set.
    var refreshed = Set<Int64>()
    var lastID: Int64 = 0
    while true {
      let rows = try read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT o.id, o.conflict_id, o.verdict, o.broken_in_minimal_set, o.source_file, t.template,
              o.template_values, c.fingerprint, o.time
            FROM occurrences o JOIN block_templates t ON t.id = o.template_id JOIN conflicts c ON c.id = o.conflict_id
            WHERE o.id > ? ORDER BY o.id LIMIT ?
            """, arguments: [lastID, batchSize])
      }
      guard let last = rows.last else { break }
      lastID = last[0]
      try write { db in
        for row in rows {
          result.occurrences += 1
          let text = BlockTemplate(template: row[5], values: row[6]).text
          let blocks = ConflictScanner.blocks(in: text, file: row[4])
          guard blocks.count == 1, let block = blocks.first else {
            result.unreadable += 1
            continue
          }
          let summary = cache.summary(of: block) { analyzer.analyze($0) }
          guard let fingerprint = summary.fingerprint else {
            result.unreadable += 1
            continue
          }
          let oldConflict: Int64 = row[1]
          let unchanged =
            fingerprint == (row[7] as String) && summary.verdict.rawValue == (row[2] as String)
            && summary.brokenInMinimalSet == (row[3] as Bool?)
          if unchanged {
            if refreshed.insert(oldConflict).inserted {
              try StoredRows.refreshDiagnosis(conflictID: oldConflict, summary: summary, db)
            }
            try db.execute(
              sql: "UPDATE occurrences SET analysis_version = ? WHERE id = ?",
              arguments: [Fingerprint.version, row[0] as Int64])
            continue
          }
          result.changed += 1
          let (conflictID, created) = try Self.conflictID(
            for: fingerprint, summary: summary, block: block, time: row[8], db)
          if created { result.newConflicts += 1 }
          if !created, refreshed.insert(conflictID).inserted {
            try StoredRows.refreshDiagnosis(conflictID: conflictID, summary: summary, db)
          }
          if conflictID != oldConflict { moves[oldConflict, default: []].insert(conflictID) }
          try db.execute(
            sql: """
              UPDATE occurrences SET conflict_id = ?, verdict = ?, broken_in_minimal_set = ?, analysis_version = ?
              WHERE id = ?
              """,
            arguments: [
              conflictID, summary.verdict.rawValue, summary.brokenInMinimalSet, Fingerprint.version,
              row[0] as Int64,
            ])
        }
      }
    }
    result.recovered = try recoverFailedBlocks(&cache, analyzer)
    try write { db in
      for (old, targets) in moves {
        guard targets.count == 1, let target = targets.first else { continue }
        try db.execute(
          sql: """
            UPDATE conflicts SET status = old.status, resolved_build = old.resolved_build,
              resolved_build_key = old.resolved_build_key, status_changed_at = old.status_changed_at
            FROM (SELECT * FROM conflicts WHERE id = ?) AS old
            WHERE conflicts.id = ? AND conflicts.status = 'open' AND old.status != 'open'
              AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = old.id)
            """, arguments: [old, target])
      }
      for old in moves.keys {
        try db.execute(
          sql:
            "DELETE FROM conflicts WHERE id = ? AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = ?)",
          arguments: [old, old])
        result.removedConflicts += db.changesCount
      }
      try Store.refreshConflictSummaries(db)
    }
    return result
  }

  /// Failed blocks that now read are stored as occurrences of their run.
  private func recoverFailedBlocks(_ cache: inout AnalysisCache, _ analyzer: BlockAnalyzer) throws(StoreError)
    -> Int
  {
    let failed = try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, identity, run_id, time, time_source, process, pid, source_file, source_line, issues, raw_text
          FROM failed_blocks ORDER BY id
          """)
    }
    var recovered = 0
    try write { db in
      for row in failed {
        let blocks = ConflictScanner.blocks(in: row[10], file: row[7])
        guard blocks.count == 1, let block = blocks.first else { continue }
        let summary = cache.summary(of: block) { analyzer.analyze($0) }
        guard let fingerprint = summary.fingerprint, summary.verdict != .unparsed,
          summary.verdict != .redacted
        else { continue }
        let (conflictID, _) = try Self.conflictID(
          for: fingerprint, summary: summary, block: block, time: row[3], db)
        let template = BlockTemplate(splitting: row[10])
        let occurrence = StoredRows.Occurrence(
          identity: row[1], conflictID: conflictID, runID: row[2], time: row[3],
          timeFromLog: (row[4] as String) == "log",
          process: row[5], pid: row[6], verdict: summary.verdict,
          brokenInMinimalSet: summary.brokenInMinimalSet,
          brokenConstraint: block.brokenConstraint?.description,
          sourceFile: row[7], sourceLine: row[8],
          templateID: try StoredRows.templateID(template.template, db),
          templateValues: template.values, issues: row[9])
        _ = try StoredRows.insert(occurrence, with: StoredRows.occurrenceInsert(db), db)
        try db.execute(sql: "DELETE FROM failed_blocks WHERE id = ?", arguments: [row[0] as Int64])
        recovered += 1
      }
    }
    return recovered
  }

  /// The conflict for `fingerprint`, created when new.
  static func conflictID(
    for fingerprint: String, summary: AnalysisSummary, block: ConflictBlock, time: Int64, _ db: Database
  ) throws -> (Int64, created: Bool) {
    try StoredRows.conflictID(
      fingerprint: fingerprint, summary: summary,
      describedConstraints: summary.describedConstraints(of: block),
      time: time, db)
  }
}
