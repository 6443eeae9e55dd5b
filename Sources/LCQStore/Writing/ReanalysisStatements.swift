import LCQAnalysis

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
    INSERT INTO code_owners (conflict_id, run_id, source_files, owners, source_line)
    SELECT ?, run_id, source_files, owners, source_line FROM code_owners
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
