import LCQAnalysis

/// One line of `lcq top`.
public struct ConflictCount: Sendable, Hashable {
  /// The conflict's fingerprint (`v3:…`).
  public var fingerprint: String
  /// The conflict's short human title.
  public var title: String
  /// Where it stands.
  public var status: ConflictState
  /// Occurrences inside the filter.
  public var occurrences: Int
  /// Distinct runs with an occurrence inside the filter.
  public var runs: Int
  /// Distinct device models (runs that named one) with an occurrence inside the filter.
  public var devices: Int
  /// Distinct tests its occurrences inside the filter were logged in (docs/tests.md).
  public var tests = 0
  /// The earliest occurrence (unix time).
  public var firstSeen: Int64
  /// The latest occurrence (unix time).
  public var lastSeen: Int64
  /// The build of the latest occurrence.
  public var lastBuild: String?
  /// The source files and owners the latest run with a source tree found (`nil` when none did).
  public var codeOwnership: CodeOwnership?
  /// How much it shows, as its first sighting's analysis says (`nil` when stored without it).
  public var damage: DamageSummary? = nil
}

/// How `lcq top` ranks conflicts.
public enum TopOrder: String, Sendable, CaseIterable {
  case occurrences, runs, devices, tests
  /// The largest stored miss first (`conflicts.damage_points`), conflicts without a figure
  /// last; occurrences break ties.
  case damage
}

extension TopOrder {
  /// The statement of `lcq top` in `dialect`: the conflicts ranked by `self` inside `filter`.
  func statement(_ filter: QueryFilter, limit: Int, dialect: SQLDialect) -> (
    sql: String, values: [QueryValue]
  ) {
    let counts = filter.countsTable(dialect: dialect)
    let orderColumn =
      switch self {
      case .occurrences: "occurrences DESC, runs DESC"
      case .runs: "runs DESC, occurrences DESC"
      case .devices: "devices DESC, occurrences DESC"
      case .tests: "tests DESC, occurrences DESC"
      case .damage: "c.damage_points IS NULL, c.damage_points DESC, occurrences DESC, runs DESC"
      }
    let inside = DetailsStatements.occurrencesInside(filter)
    // Counted by conflict before the conflicts' own columns are joined: a year's window groups
    // millions of rows, and each carries three numbers to the grouping instead of a title.
    let sql = """
      WITH \(counts.sql),
      t AS (
        SELECT conflict_id, CAST(sum(n) AS BIGINT) AS occurrences,
          count(DISTINCT CASE WHEN n > 0 THEN run_id END) AS runs,
          count(DISTINCT CASE WHEN n > 0 THEN device END) AS devices
        FROM g GROUP BY conflict_id HAVING sum(n) > 0
      )
      SELECT c.fingerprint, c.title, c.status, t.occurrences, t.runs, t.devices,
        \(TestQueries.count(of: "t.conflict_id", inside.sql)) AS tests,
        c.first_seen, c.last_seen, c.last_build, \(CodeOwnerColumns.select("c")), \(DamageColumns.select("c"))
      FROM t JOIN conflicts c ON c.id = t.conflict_id
      ORDER BY \(orderColumn), c.fingerprint
      LIMIT ?
      """
    return (sql, counts.values + inside.values + [.integer(Int64(limit))])
  }
}

extension ConflictStore {
  /// The conflicts with the most occurrences (or runs, or devices) inside `filter`.
  public func top(_ filter: QueryFilter, by order: TopOrder = .occurrences, limit: Int = 20)
    throws(StoreError)
    -> [ConflictCount]
  {
    let engine = queries
    let statement = order.statement(filter, limit: limit, dialect: engine.dialect)
    return try engine.rows(statement.sql, statement.values).map { row throws(StoreError) in
      ConflictCount(
        fingerprint: try row.requiredText("fingerprint"), title: try row.requiredText("title"),
        status: ConflictState(stored: try row.requiredText("status")), occurrences: row.count("occurrences"),
        runs: row.count("runs"), devices: row.count("devices"), tests: row.count("tests"),
        firstSeen: row.integer("first_seen") ?? 0,
        lastSeen: row.integer("last_seen") ?? 0, lastBuild: row.text("last_build"),
        codeOwnership: row.codeOwnership, damage: DamageColumns.read(row))
    }
  }
}
