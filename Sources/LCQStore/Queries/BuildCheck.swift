import GRDB

/// What `lcq check` tests: one build, or one ingest run.
public enum CheckScope: Sendable, Hashable {
  /// Every run of this build (builds compare numerically).
  case build(String)
  /// The run ingested with this `--run-id`.
  case run(String)
}

/// The answer of `lcq check`.
public struct CheckResult: Sendable {
  /// The scope actually checked (the newest run's build, or the run, when none was given).
  public var scope: CheckScope
  /// Conflicts seen in the scope.
  public var seen: [CheckedConflict]

  /// Conflicts first seen in the scope: never in an earlier build (for a build) or an earlier
  /// run (for a run). Ignored and baselined conflicts are never new.
  public var new: [CheckedConflict] { seen.filter { $0.isNew && !$0.isAccepted } }
  /// Resolved conflicts seen again in the scope at or after the build that resolved them.
  public var regressed: [CheckedConflict] { seen.filter { $0.isRegressed && !$0.isAccepted } }
  /// Every conflict seen in the scope that is neither ignored nor baselined.
  public var unaccepted: [CheckedConflict] { seen.filter { !$0.isAccepted } }
}

/// One conflict seen in the checked scope.
public struct CheckedConflict: Sendable, Hashable {
  /// The fingerprint (`v1:…`).
  public var fingerprint: String
  /// The short human title.
  public var title: String
  /// Where it stands.
  public var status: ConflictState
  /// Occurrences in the scope.
  public var occurrences: Int
  /// Distinct runs among them.
  public var runs: Int
  /// The build that resolved it, for a resolved conflict.
  public var resolvedBuild: String?
  /// The plain-English explanation, when stored.
  public var explanation: String?
  /// The best proven fix, when stored.
  public var bestFix: String?
  /// First seen in the scope.
  public var isNew: Bool
  /// Resolved, and seen again in the scope at or after the resolving build.
  public var isRegressed: Bool
  /// Ignored, or in the baseline.
  public var isAccepted: Bool
}

extension Store {
  /// The newest run's scope: its build when it recorded one, else the run itself (by its run
  /// key); `nil` when the database has no run, or the newest has neither.
  public func latestScope(app: String?) throws(StoreError) -> CheckScope? {
    try read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT build, run_key FROM runs WHERE (? IS NULL OR app = ?) ORDER BY id DESC LIMIT 1
          """, arguments: [app, app])
      if let build: String = row?[0] { return .build(build) }
      if let run: String = row?[1] { return .run(run) }
      return nil
    }
  }

  /// Whether any ingest recorded `scope` (for `app`, when given): a build or run id nobody
  /// ingested is a typo or an empty ingest, never a passing check.
  public func hasRuns(in scope: CheckScope, app: String?) throws(StoreError) -> Bool {
    let (buildKey, runKey): (String?, String?) =
      switch scope {
      case .build(let build): (BuildKey.of(build), nil)
      case .run(let run): (nil, run)
      }
    return try read { db in
      try Bool.fetchOne(
        db,
        sql: """
          SELECT EXISTS (SELECT 1 FROM runs WHERE (build_key = ? OR run_key = ?) AND (? IS NULL OR app = ?))
          """,
        arguments: [buildKey, runKey, app, app]) ?? false
    }
  }

  /// Checks `scope` against history and a baseline of accepted fingerprints; only conflicts
  /// with `owner` are looked at (by default the app's: UIKit's own conflicts have no fix there).
  public func check(_ scope: CheckScope, app: String?, owner: OwnerFilter = .app, baseline: Set<String>)
    throws(StoreError)
    -> CheckResult
  {
    // In scope: the runs of the build, or the one run. Earlier: runs of an older build, or runs
    // ingested before the run. Runs that recorded no build say nothing about build order.
    let inScope: String
    let earlier: String
    let scopeArgument: String
    let scopeKey: String?
    switch scope {
    case .build(let build):
      inScope = "r.build_key = :key"
      earlier = "r.build_key < :key"
      scopeArgument = build
      scopeKey = BuildKey.of(build)
    case .run(let run):
      inScope = "r.run_key = :run"
      earlier = "r.id < (SELECT min(id) FROM runs WHERE run_key = :run)"
      scopeArgument = run
      scopeKey = nil
    }
    let sql = """
      WITH scoped AS (
        SELECT u.conflict_id, sum(u.occurrences) AS n, count(DISTINCT u.run_id) AS runs
        FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
        WHERE \(inScope) AND (:app IS NULL OR r.app = :app)
        GROUP BY u.conflict_id
      )
      SELECT c.fingerprint, c.title, c.status, s.n AS occurrences, s.runs, c.resolved_build, c.explanation,
        c.best_fix,
        NOT EXISTS (
          SELECT 1 FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
          WHERE u.conflict_id = c.id AND \(earlier) AND (:app IS NULL OR r.app = :app)
        ) AS is_new,
        EXISTS (
          SELECT 1 FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
          JOIN regression_runs rr ON rr.conflict_id = u.conflict_id AND rr.run_id = u.run_id
          WHERE u.conflict_id = c.id AND \(inScope) AND (:app IS NULL OR r.app = :app)
        ) AS is_regressed
      FROM scoped s JOIN conflicts c ON c.id = s.conflict_id
      WHERE :owner = 'all' OR coalesce(c.owner, 'app') = :owner
      ORDER BY s.n DESC, c.fingerprint
      """
    let arguments: StatementArguments = [
      "key": scopeKey, "run": scopeArgument, "app": app, "owner": owner.rawValue,
    ]
    let seen = try read { db in
      try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
        let fingerprint: String = row["fingerprint"]
        let status = ConflictState(stored: row["status"])
        return CheckedConflict(
          fingerprint: fingerprint, title: row["title"], status: status, occurrences: row["occurrences"],
          runs: row["runs"], resolvedBuild: row["resolved_build"], explanation: row["explanation"],
          bestFix: row["best_fix"], isNew: row["is_new"], isRegressed: row["is_regressed"],
          isAccepted: status == .ignored || baseline.contains(fingerprint))
      }
    }
    return CheckResult(scope: scope, seen: seen)
  }
}
