/// What changed between two builds (`lcq diff A B`): each conflict seen in the runs of either,
/// with its occurrences per run in each, so that a build tested twice as often does not look
/// twice as bad.
public struct BuildDiff: Sendable, Hashable {
  /// The build compared from.
  public var buildA: String
  /// The build compared with it.
  public var buildB: String
  /// How many runs build A has (the app's only, when one was asked for): the divisor of its
  /// rates.
  public var runsA: Int
  /// How many runs build B has: the divisor of its rates.
  public var runsB: Int
  /// The conflicts seen in either build, in ``Change`` order, then by the size of the change.
  public var conflicts: [DiffedConflict]
}

/// One conflict in a ``BuildDiff``.
public struct DiffedConflict: Sendable, Hashable {
  /// The conflict's fingerprint.
  public var fingerprint: String
  /// Its short human title.
  public var title: String
  /// Where it stands now.
  public var status: ConflictState
  /// Its occurrences in the runs of build A.
  public var occurrencesA: Int
  /// Its occurrences in the runs of build B.
  public var occurrencesB: Int
  /// How many runs of build A saw it.
  public var runsSeenA: Int
  /// How many runs of build B saw it.
  public var runsSeenB: Int
  /// What happened to it from A to B.
  public var change: Change

  /// What happened to a conflict from build A to build B, compared per run and exactly
  /// (`occurrencesB × runsA` against `occurrencesA × runsB`).
  public enum Change: String, Sendable, CaseIterable {
    /// Seen in B, not in A.
    case new
    /// Seen in both, more often per run in B.
    case more
    /// Seen in A, not in B.
    case fixed
    /// Seen in both, less often per run in B.
    case fewer
    /// Seen in both, as often per run.
    case same
  }
}

extension ConflictStore {
  /// Compares the runs of `buildA` with those of `buildB` (each matched as ``BuildKey`` orders
  /// builds, narrowed to `app` when given), for the conflicts of `owner`. A build with no run
  /// has `runsA` or `runsB` 0 and no conflict counted in it.
  public func diff(from buildA: String, to buildB: String, app: String?, owner: OwnerFilter)
    throws(StoreError) -> BuildDiff
  {
    let named: [String: QueryValue] = [
      "a": .text(BuildKey.of(buildA)), "b": .text(BuildKey.of(buildB)), "app": QueryValue(app),
      "owner": .text(owner.rawValue),
    ]
    let runs = try queries.rows(
      """
      SELECT count(CASE WHEN build_key = :a THEN 1 END) AS runs_a, count(CASE WHEN build_key = :b THEN 1 END) AS runs_b
      FROM runs WHERE CAST(:app AS TEXT) IS NULL OR app = :app
      """, named: named
    ).first
    let runsA = runs?.count("runs_a") ?? 0
    let runsB = runs?.count("runs_b") ?? 0
    let rows = try queries.rows(
      """
      WITH scoped AS (
        SELECT u.conflict_id, u.run_id, u.occurrences, r.build_key FROM occurrence_rollup u JOIN runs r ON r.id = u.run_id
        WHERE r.build_key IN (:a, :b) AND (CAST(:app AS TEXT) IS NULL OR r.app = :app)
      ),
      counts AS (
        SELECT conflict_id,
          CAST(sum(CASE WHEN build_key = :a THEN occurrences ELSE 0 END) AS BIGINT) AS occurrences_a,
          CAST(sum(CASE WHEN build_key = :b THEN occurrences ELSE 0 END) AS BIGINT) AS occurrences_b,
          count(DISTINCT CASE WHEN build_key = :a AND occurrences > 0 THEN run_id END) AS runs_a,
          count(DISTINCT CASE WHEN build_key = :b AND occurrences > 0 THEN run_id END) AS runs_b
        FROM scoped GROUP BY conflict_id
      )
      SELECT c.fingerprint, c.title, c.status, s.occurrences_a, s.occurrences_b, s.runs_a, s.runs_b
      FROM counts s JOIN conflicts c ON c.id = s.conflict_id
      WHERE (s.occurrences_a > 0 OR s.occurrences_b > 0)
        AND (:owner = 'all' OR coalesce(c.owner, 'app') = :owner)
      ORDER BY c.fingerprint
      """, named: named)
    var conflicts: [DiffedConflict] = []
    for row in rows {
      let inA = row.count("occurrences_a")
      let inB = row.count("occurrences_b")
      conflicts.append(
        DiffedConflict(
          fingerprint: try row.requiredText("fingerprint"), title: try row.requiredText("title"),
          status: ConflictState(stored: try row.requiredText("status")), occurrencesA: inA, occurrencesB: inB,
          runsSeenA: row.count("runs_a"), runsSeenB: row.count("runs_b"),
          change: Self.change(inA, runsA, inB, runsB)))
    }
    let order = Dictionary(uniqueKeysWithValues: DiffedConflict.Change.allCases.enumerated().map { ($1, $0) })
    // Within a kind, the largest change per run first: |B/runsB − A/runsA|, compared exactly.
    func size(_ conflict: DiffedConflict) -> (numerator: Int, denominator: Int) {
      (
        abs(conflict.occurrencesB * max(runsA, 1) - conflict.occurrencesA * max(runsB, 1)),
        max(runsA, 1) * max(runsB, 1)
      )
    }
    conflicts.sort { left, right in
      if left.change != right.change { return order[left.change] ?? 0 < order[right.change] ?? 0 }
      let (l, r) = (size(left), size(right))
      if l.numerator * r.denominator != r.numerator * l.denominator {
        return l.numerator * r.denominator > r.numerator * l.denominator
      }
      return left.fingerprint < right.fingerprint
    }
    return BuildDiff(buildA: buildA, buildB: buildB, runsA: runsA, runsB: runsB, conflicts: conflicts)
  }

  /// What the counts say happened, per run: `inB / runsB` against `inA / runsA`.
  static func change(_ inA: Int, _ runsA: Int, _ inB: Int, _ runsB: Int) -> DiffedConflict.Change {
    if inA == 0 { return .new }
    if inB == 0 { return .fixed }
    let b = inB * runsA
    let a = inA * runsB
    return b > a ? .more : b < a ? .fewer : .same
  }
}
