import LCQAnalysis

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
  /// Runs of the scope (of `app`, when given), with or without conflicts.
  public var runs: Int = 0
  /// The scope before it: the newest earlier build (for a build), or the run ingested just
  /// before (for a run); `nil` when there is none.
  public var previous: CheckScope? = nil
  /// Runs of the previous scope.
  public var previousRuns: Int = 0
  /// Where the scope's runs found the app turning the conflict messages off (`path:line what`,
  /// `lcq ingest --source-root`), sorted: a check that passes may only be runs that printed
  /// nothing.
  public var loggingOff: [String] = []
  /// The least miss, in points, that a new or regressed conflict must be known to reach to fail
  /// (`lcq check --min-damage`); `nil` weighs every one, whatever its damage.
  public var minDamage: Double? = nil

  /// Whether `conflict` is known to show less than ``minDamage`` (``DamageSummary/isBelow(_:)``:
  /// its stored miss is below it, and no view collapses). A conflict without a damage figure is
  /// not known to, and is weighed as without the threshold.
  public func isBelowMinDamage(_ conflict: CheckedConflict) -> Bool {
    guard let minDamage, let damage = conflict.damage else { return false }
    return damage.isBelow(minDamage)
  }

  /// How many runs of the scope and of the previous one saw `conflict`.
  public func share(of conflict: CheckedConflict) -> RunShare {
    RunShare(runs: conflict.runs, of: runs, previousRuns: conflict.previousRuns, previousOf: previousRuns)
  }

  /// The share a significance level weighs: the runs that ran the conflict's test
  /// (``CheckedConflict/testShare``) when both scopes ran it, for only those runs could log it
  /// there; otherwise every run of the two scopes (``share(of:)``).
  public func weighedShare(of conflict: CheckedConflict) -> RunShare {
    if let testShare = conflict.testShare, weighsTestRuns(of: conflict) { return testShare }
    return share(of: conflict)
  }

  /// Whether ``weighedShare(of:)`` weighs the runs that ran `conflict`'s test: both scopes ran it.
  public func weighsTestRuns(of conflict: CheckedConflict) -> Bool {
    guard let testShare = conflict.testShare else { return false }
    return testShare.previousOf > 0
  }

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
  /// The fingerprint (`v3:…`).
  public var fingerprint: String
  /// The short human title.
  public var title: String
  /// Where it stands.
  public var status: ConflictState
  /// Occurrences in the scope.
  public var occurrences: Int
  /// Distinct runs among them.
  public var runs: Int
  /// Runs of the previous scope (``CheckResult/previous``) that saw it.
  public var previousRuns: Int = 0
  /// The build that resolved it, for a resolved conflict.
  public var resolvedBuild: String?
  /// The plain-English explanation, when stored.
  public var explanation: String?
  /// The best proven fix, when stored.
  public var bestFix: String?
  /// On which sizes it fires (`conflicts.envelope`, docs/envelope.md), when a container-set
  /// size takes part.
  public var envelope: String? = nil
  /// First seen in the scope.
  public var isNew: Bool
  /// Resolved, and seen again in the scope at or after the resolving build.
  public var isRegressed: Bool
  /// Ignored, or in the baseline.
  public var isAccepted: Bool
  /// Its source files and code owners as the latest run with a source tree found them.
  public var codeOwnership: CodeOwnership? = nil
  /// The test that logged it first in the scope, when a log held the test runner's markers
  /// (docs/tests.md): where to reproduce it.
  public var test: String? = nil
  /// For a conflict logged in a ``test``: the runs of the scope and of the previous one that ran
  /// that test (`run_tests`), and how many of them logged the conflict in it. `nil` when no run
  /// of the scope recorded which tests it ran.
  public var testShare: RunShare? = nil
  /// How much it shows, as its first sighting's analysis says (`conflicts.damage`), `nil` when
  /// stored without it.
  public var damage: DamageSummary? = nil
}

extension ConflictStore {
  /// The newest run's scope: its build when it recorded one, else the run itself (by its run
  /// key); `nil` when the database has no run, or the newest has neither.
  public func latestScope(app: String?) throws(StoreError) -> CheckScope? {
    let row = try queries.row(
      "SELECT build, run_key FROM runs WHERE (CAST(? AS TEXT) IS NULL OR app = ?) ORDER BY id DESC LIMIT 1",
      [QueryValue(app), QueryValue(app)])
    if let build = row?.text("build") { return .build(build) }
    if let run = row?.text("run_key") { return .run(run) }
    return nil
  }

  /// Whether any ingest recorded `scope` (for `app`, when given): a build or run id nobody
  /// ingested is a typo or an empty ingest, never a passing check.
  public func hasRuns(in scope: CheckScope, app: String?) throws(StoreError) -> Bool {
    let (buildKey, runKey): (String?, String?) =
      switch scope {
      case .build(let build): (BuildKey.of(build), nil)
      case .run(let run): (nil, run)
      }
    let row = try queries.row(
      """
      SELECT EXISTS (SELECT 1 FROM runs WHERE (build_key = ? OR run_key = ?) AND (CAST(? AS TEXT) IS NULL OR app = ?))
        AS present
      """, [QueryValue(buildKey), QueryValue(runKey), QueryValue(app), QueryValue(app)])
    return row?.flag("present") ?? false
  }

  /// Checks `scope` against history and a baseline of accepted fingerprints; only conflicts
  /// with `owner` are looked at (by default the app's: UIKit's own conflicts have no fix there),
  /// and with `team` only those whose latest code owners include it.
  public func check(
    _ scope: CheckScope, app: String?, owner: OwnerFilter = .app, team: String? = nil, baseline: Set<String>
  )
    throws(StoreError)
    -> CheckResult
  {
    // In scope: the runs of the build, or the one run. Earlier: runs of an older build, or runs
    // ingested before the run. Runs that recorded no build say nothing about build order. The
    // previous scope: the newest earlier build's runs, or the run just before.
    // `previousColumn` keys the previous scope, and `previousOrder` finds it first.
    let inScope: String
    let earlier: String
    let previousColumn: String
    let previousOrder: String
    let scopeArgument: String
    let scopeKey: String?
    switch scope {
    case .build(let build):
      inScope = "r.build_key = :key"
      earlier = "r.build_key < :key"
      (previousColumn, previousOrder) = ("build_key", "r.build_key DESC")
      scopeArgument = build
      scopeKey = BuildKey.of(build)
    case .run(let run):
      inScope = "r.run_key = :run"
      earlier = "r.id < (SELECT min(id) FROM runs WHERE run_key = :run)"
      (previousColumn, previousOrder) = ("run_key", "r.id DESC")
      scopeArgument = run
      scopeKey = nil
    }
    let previousScope = "r.\(previousColumn) = :previous"
    let forApp = "(CAST(:app AS TEXT) IS NULL OR r.app = :app)"
    var named: [String: QueryValue] = [
      "key": QueryValue(scopeKey), "run": .text(scopeArgument), "app": QueryValue(app),
      "owner": .text(owner.rawValue), "team": QueryValue(team),
    ]
    // A run that only read a log again (``ReadAgainRun``) is not one of the scope's runs: the
    // run that stored its messages is.
    let counted = "count(CASE WHEN NOT \(ReadAgainRun.condition("r")) THEN 1 END)"
    let runs = try queries.row(
      "SELECT \(counted) AS n FROM runs r WHERE \(inScope) AND \(forApp)", named: named)
    // The newest earlier build by its key, or the run ingested last before this one (by the
    // key it was ingested with).
    let previousKey = try queries.row(
      """
      SELECT r.\(previousColumn) AS previous FROM runs r
      WHERE \(earlier) AND r.\(previousColumn) IS NOT NULL AND \(forApp)
      ORDER BY \(previousOrder) LIMIT 1
      """, named: named)?.text("previous")
    named["previous"] = QueryValue(previousKey)
    let previous = try queries.row(
      "SELECT min(r.build) AS build, \(counted) AS n FROM runs r WHERE \(previousScope) AND \(forApp)",
      named: named)
    // Each scope's counts start from its runs (a build's few hundred), not from every rollup row
    // of each conflict seen: a year's history holds hundreds of thousands for a frequent one.
    let sql = """
      WITH scoped AS (
        SELECT u.conflict_id, CAST(sum(u.occurrences) AS BIGINT) AS n, count(DISTINCT u.run_id) AS runs
        FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
        WHERE \(inScope) AND \(forApp)
        GROUP BY u.conflict_id
      ),
      previous AS (
        SELECT u.conflict_id, count(DISTINCT u.run_id) AS runs
        FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
        WHERE \(previousScope) AND \(forApp)
        GROUP BY u.conflict_id
      )
      SELECT c.fingerprint, c.title, c.status, s.n AS occurrences, s.runs, c.resolved_build, c.explanation,
        c.best_fix, c.envelope, \(DamageColumns.select("c")),
        NOT EXISTS (
          SELECT 1 FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
          WHERE u.conflict_id = c.id AND \(earlier) AND \(forApp)
        ) AS is_new,
        EXISTS (
          SELECT 1 FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
          JOIN regression_runs rr ON rr.conflict_id = u.conflict_id AND rr.run_id = u.run_id
          WHERE u.conflict_id = c.id AND \(inScope) AND \(forApp)
        ) AS is_regressed,
        coalesce(pr.runs, 0) AS previous_runs,
        \(TestQueries.first(of: "c.id", " AND \(inScope) AND \(forApp)", TieOrder.earliestFirst)) AS test,
        \(CodeOwnerColumns.selectWithLine("c"))
      FROM scoped s JOIN conflicts c ON c.id = s.conflict_id LEFT JOIN previous pr ON pr.conflict_id = s.conflict_id
      WHERE (:owner = 'all' OR coalesce(c.owner, 'app') = :owner)
        AND (CAST(:team AS TEXT) IS NULL OR \(CodeOwnerColumns.ownedBy("c.id", "CAST(:team AS TEXT)")))
      ORDER BY s.n DESC, c.fingerprint
      """
    // A baseline written before a fingerprint version change names conflicts by the aliases
    // `lcq db reanalyze` recorded.
    let aliases = try fingerprintAliases()
    let baseline = baseline.union(baseline.compactMap { aliases[$0] })
    let seen = try queries.rows(sql, named: named).map { row throws(StoreError) in
      let fingerprint = try row.requiredText("fingerprint")
      let status = ConflictState(stored: try row.requiredText("status"))
      return CheckedConflict(
        fingerprint: fingerprint, title: try row.requiredText("title"), status: status,
        occurrences: row.count("occurrences"), runs: row.count("runs"),
        previousRuns: row.count("previous_runs"), resolvedBuild: row.text("resolved_build"),
        explanation: row.text("explanation"), bestFix: row.text("best_fix"), envelope: row.text("envelope"),
        isNew: row.flag("is_new"),
        isRegressed: row.flag("is_regressed"),
        isAccepted: status == .ignored || baseline.contains(fingerprint),
        codeOwnership: row.placedCodeOwnership, test: row.text("test"), damage: DamageColumns.read(row))
    }
    let shared = try withTestShares(
      seen, inScope: "\(inScope) AND \(forApp)",
      previousScope: "\(previousScope) AND \(forApp)", named: named)
    let previousCheckScope: CheckScope? = previousKey.map { key in
      switch scope {
      case .build: .build(previous?.text("build") ?? key)
      case .run: .run(key)
      }
    }
    let switches = try queries.rows(
      "SELECT DISTINCT r.logging_off FROM runs r WHERE \(inScope) AND \(forApp) AND r.logging_off IS NOT NULL",
      named: named)
    var result = CheckResult(
      scope: scope, seen: shared, runs: runs?.count("n") ?? 0, previous: previousCheckScope,
      previousRuns: previous?.count("n") ?? 0)
    result.loggingOff = Set(switches.flatMap { JSONText.strings($0.text("logging_off") ?? "[]") ?? [] })
      .sorted()
    return result
  }
}
