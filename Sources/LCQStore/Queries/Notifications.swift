import LCQAnalysis

/// A change of state that `lcq notify` posts: a conflict that became new, or a resolved one seen
/// again.
public struct ConflictNotice: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable {
    /// First stored by a run in the window.
    case new
    /// Resolved, and seen again in a run the rule of regressions allows (`regression_runs`).
    case regressed
  }

  /// The conflict's row id.
  public var conflictID: Int64
  /// What happened.
  public var kind: Kind
  /// The change's key in `notifications`: `new`, or `regressed:` and the time it was resolved,
  /// so that each change of state is posted once.
  public var change: String
  /// The conflict's fingerprint.
  public var fingerprint: String
  /// Its short human title.
  public var title: String
  /// Who owns it (`app` or `system`).
  public var owner: String
  /// Its occurrences and the runs that saw it, over its whole history.
  public var occurrences: Int
  /// The runs that saw it.
  public var runs: Int
  /// Its first and last occurrence (unix time).
  public var firstSeen: Int64
  /// Its last occurrence (unix time).
  public var lastSeen: Int64
  /// The builds of its first and last occurrence.
  public var firstBuild: String?
  /// The build of its last occurrence.
  public var lastBuild: String?
  /// For a regression: the build it was resolved in.
  public var resolvedBuild: String?
  /// Plain English, and the best proven fix (from the store).
  public var explanation: String?
  /// The best proven fix, or why there is none.
  public var bestFix: String?
  /// On which sizes it fires (``ConflictDetails/envelope``).
  public var envelope: String? = nil
  /// How much it shows (``ConflictDetails/damage``).
  public var damage: DamageSummary? = nil
  /// Its source files and code owners as the latest run with a source tree found them.
  public var codeOwnership: CodeOwnership? = nil
  /// The test that logged it (the earliest occurrence logged in one for a new conflict, the
  /// latest for a regression), when a log held the test runner's markers (docs/tests.md).
  public var test: String? = nil
}

extension ConflictStore {
  /// The changes of state not posted yet: conflicts first stored by a run that started at or
  /// after `since`, and resolved ones seen again in such a run (ignored conflicts never), of
  /// `owner` and, when given, `app`; and every change a run claimed and could not post (left
  /// pending), whenever it happened; with `team`, only conflicts whose latest code owners
  /// include it. Oldest first.
  public func unpostedNotices(since: Int64, app: String?, owner: OwnerFilter, team: String? = nil)
    throws(StoreError) -> [ConflictNotice]
  {
    let named: [String: QueryValue] = [
      "since": .integer(since), "app": QueryValue(app), "owner": .text(owner.rawValue),
      "team": QueryValue(team),
    ]
    let sql = """
      WITH candidates AS (
        SELECT c.id, 'new' AS kind, 'new' AS change FROM conflicts c
        WHERE c.status != 'ignored' AND (
          (SELECT min(r.started_at) FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
           WHERE u.conflict_id = c.id AND (CAST(:app AS TEXT) IS NULL OR r.app = :app)) >= :since
          OR EXISTS (SELECT 1 FROM notifications n WHERE n.conflict_id = c.id AND n.change = 'new' AND n.state = 'pending'))
        UNION ALL
        SELECT c.id, 'regressed', 'regressed:' || CAST(coalesce(c.status_changed_at, 0) AS TEXT) FROM conflicts c
        WHERE c.status = 'resolved' AND EXISTS (
          SELECT 1 FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
          JOIN regression_runs rr ON rr.conflict_id = u.conflict_id AND rr.run_id = u.run_id
          WHERE u.conflict_id = c.id AND (CAST(:app AS TEXT) IS NULL OR r.app = :app)
            AND (r.started_at >= :since OR EXISTS (
              SELECT 1 FROM notifications n WHERE n.conflict_id = c.id AND n.state = 'pending'
                AND n.change = 'regressed:' || CAST(coalesce(c.status_changed_at, 0) AS TEXT))))
      )
      SELECT c.id, k.kind, k.change, c.fingerprint, c.title, coalesce(c.owner, 'app') AS owner,
        c.occurrence_count AS occurrences,
        (SELECT count(DISTINCT u.run_id) FROM occurrence_rollup u WHERE u.conflict_id = c.id) AS runs,
        c.first_seen, c.last_seen, c.first_build, c.last_build, c.resolved_build, c.explanation, c.best_fix,
        c.envelope, \(DamageColumns.select("c")),
        CASE WHEN k.kind = 'new' THEN \(TestQueries.first(of: "c.id", "", TieOrder.earliestFirst))
          ELSE \(TestQueries.first(of: "c.id", "", TieOrder.latestFirst)) END AS test,
        \(CodeOwnerColumns.select("c"))
      FROM candidates k JOIN conflicts c ON c.id = k.id
      WHERE (:owner = 'all' OR coalesce(c.owner, 'app') = :owner)
        AND (CAST(:team AS TEXT) IS NULL OR \(CodeOwnerColumns.ownedBy("c.id", "CAST(:team AS TEXT)")))
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.conflict_id = c.id AND n.change = k.change AND n.state = 'sent')
      ORDER BY c.first_seen, c.fingerprint, k.kind
      """
    return try queries.rows(sql, named: named).map { row throws(StoreError) in
      ConflictNotice(
        conflictID: row.integer("id") ?? 0,
        kind: try row.requiredText("kind") == "new" ? .new : .regressed,
        change: try row.requiredText("change"),
        fingerprint: try row.requiredText("fingerprint"), title: try row.requiredText("title"),
        owner: try row.requiredText("owner"), occurrences: row.count("occurrences"), runs: row.count("runs"),
        firstSeen: row.integer("first_seen") ?? 0, lastSeen: row.integer("last_seen") ?? 0,
        firstBuild: row.text("first_build"), lastBuild: row.text("last_build"),
        resolvedBuild: row.text("resolved_build"), explanation: row.text("explanation"),
        bestFix: row.text("best_fix"), envelope: row.text("envelope"), damage: DamageColumns.read(row),
        codeOwnership: row.codeOwnership, test: row.text("test"))
    }
  }

  /// Claims `notice` for the run `claim` at `now`: true when this run may post it (it was never
  /// claimed, or it is pending and unclaimed, or its claim is older than `lease` seconds: a run
  /// that died). Two runs never both get true for one change.
  public func claim(_ notice: ConflictNotice, claim: String, now: Int64, lease: Int64) throws(StoreError)
    -> Bool
  {
    let inserted = try queries.execute(
      """
      INSERT INTO notifications (conflict_id, change, state, claimed_at, claim) VALUES (?, ?, 'pending', ?, ?)
      ON CONFLICT (conflict_id, change) DO NOTHING
      """, [.integer(notice.conflictID), .text(notice.change), .integer(now), .text(claim)])
    if inserted == 1 { return true }
    let taken = try queries.execute(
      """
      UPDATE notifications SET claimed_at = ?, claim = ?
      WHERE conflict_id = ? AND change = ? AND state = 'pending' AND (claimed_at IS NULL OR claimed_at < ?)
      """,
      [
        .integer(now), .text(claim), .integer(notice.conflictID), .text(notice.change), .integer(now - lease),
      ])
    return taken == 1
  }

  /// Records that the post of `notice` (claimed by `claim`) was answered with success after
  /// `attempts` tries.
  public func recordPosted(_ notice: ConflictNotice, claim: String, now: Int64, attempts: Int)
    throws(StoreError)
  {
    _ = try queries.execute(
      """
      UPDATE notifications SET state = 'sent', sent_at = ?, attempts = attempts + ?, last_error = NULL
      WHERE conflict_id = ? AND change = ? AND claim = ?
      """,
      [
        .integer(now), .integer(Int64(attempts)), .integer(notice.conflictID), .text(notice.change),
        .text(claim),
      ])
  }

  /// Records that `notice` could not be posted (`error`, in words that name no URL) and releases
  /// the claim, so that the next run tries it again.
  public func recordNotPosted(_ notice: ConflictNotice, claim: String, attempts: Int, error: String)
    throws(StoreError)
  {
    _ = try queries.execute(
      """
      UPDATE notifications SET claimed_at = NULL, claim = NULL, attempts = attempts + ?, last_error = ?
      WHERE conflict_id = ? AND change = ? AND claim = ?
      """,
      [
        .integer(Int64(attempts)), .text(error), .integer(notice.conflictID), .text(notice.change),
        .text(claim),
      ])
  }
}
