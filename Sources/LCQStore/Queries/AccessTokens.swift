/// What a bearer token of `lcq serve` lets its holder do.
public enum AccessScope: String, CaseIterable, Sendable {
  /// Send logs: `POST /v1/logs` (OTLP) and `POST /v1/ingest` (a plain upload).
  case ingest
  /// Read the server's counters: `GET /metrics`.
  case metrics
  /// Send logs from a shipped app: `POST /v1/logs` only, with a rate and a daily quota per
  /// client address (the token is in every copy of the app, so it is as good as public).
  case device
}

/// A bearer token `lcq serve` accepts, as the store keeps it: its name, scope and apps, never
/// the token itself (only its SHA-256 is stored, see `Migrations/0018_access_tokens.sql`).
public struct AccessToken: Sendable, Hashable {
  /// Its row's id: what `runs.token_id` names.
  public let id: Int64
  /// The name it was created with (`lcq token create --name ci`), unique in the store.
  public let name: String
  /// What it allows.
  public let scope: AccessScope
  /// The apps whose history it may write (`--app`); `nil` for any app (`--any-app`, and every
  /// token made before tokens had apps).
  public let apps: [String]?
  /// When it was created (Unix seconds).
  public let createdAt: Int64
  /// When it was revoked (Unix seconds); `nil` while it is valid.
  public let revokedAt: Int64?

  /// Whether it may write the history of `app` (`nil`: a log that names no app).
  public func mayWrite(app: String?) -> Bool {
    guard let apps else { return true }
    guard let app else { return apps.count == 1 }
    return apps.contains(app)
  }
}

extension ConflictStore {
  /// Stores a new token under `name`, kept as the hex SHA-256 of the token's text, for `apps`
  /// (`nil`: any app).
  ///
  /// - Throws: ``StoreError`` when a token already has that name (the name is unique).
  public func createToken(
    name: String, scope: AccessScope, apps: [String]?, sha256: String, at time: Int64
  ) throws(StoreError) {
    _ = try queries.execute(
      "INSERT INTO access_tokens (name, scope, apps, token_sha256, created_at) VALUES (?, ?, ?, ?, ?)",
      [
        .text(name), .text(scope.rawValue), QueryValue(apps.map(JSONText.array)), .text(sha256),
        .integer(time),
      ])
  }

  /// Marks the token `name` revoked at `time`; whether a valid token had that name.
  public func revokeToken(named name: String, at time: Int64) throws(StoreError) -> Bool {
    try queries.execute(
      "UPDATE access_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL",
      [.integer(time), .text(name)]) > 0
  }

  /// Every token, revoked ones too, by name.
  public func accessTokens() throws(StoreError) -> [AccessToken] {
    var tokens: [AccessToken] = []
    for row in try queries.rows("SELECT \(AccessToken.columns) FROM access_tokens ORDER BY name") {
      if let token = try AccessToken(row) { tokens.append(token) }
    }
    return tokens
  }

  /// The valid (not revoked) token whose SHA-256 is `sha256`, if any.
  public func validToken(sha256: String) throws(StoreError) -> AccessToken? {
    guard
      let row = try queries.row(
        "SELECT \(AccessToken.columns) FROM access_tokens WHERE token_sha256 = ? AND revoked_at IS NULL",
        [.text(sha256)])
    else { return nil }
    return try AccessToken(row)
  }

  /// The runs the token `name` wrote, and their occurrences (`lcq token list`, `revoke --purge`).
  public func writtenByToken(named name: String) throws(StoreError) -> (runs: Int, occurrences: Int) {
    let row = try queries.row(
      """
      SELECT count(*) AS runs, coalesce(sum(r.occurrences), 0) AS occurrences
      FROM runs r JOIN access_tokens t ON t.id = r.token_id WHERE t.name = ?
      """, [.text(name)])
    return (row?.count("runs") ?? 0, row?.count("occurrences") ?? 0)
  }
}

extension ConflictStore {
  /// Deletes what the token `name` wrote (`lcq token revoke --purge`): its runs, their
  /// occurrences and failed blocks, and the open conflicts left with nothing, in one
  /// transaction; the counts are rebuilt from what is left (every conflict's, as `db copy`
  /// does: a purge is rare, and the token's runs can be anywhere in the history).
  public func purge(writtenByToken name: String) throws(StoreError) -> PruneResult {
    var result = PruneResult(occurrences: 0, failedBlocks: 0, runs: 0, conflicts: 0, templates: 0)
    let runs = "SELECT r.id FROM runs r JOIN access_tokens t ON t.id = r.token_id WHERE t.name = ?"
    let token: [QueryValue] = [.text(name)]
    try queries.transaction { engine throws(StoreError) in
      try OccurrenceRollup.lock(engine)
      if engine.dialect.partitionsOccurrences {
        _ = try engine.execute(
          """
          DELETE FROM occurrence_identities
          WHERE occurrence_id IN (SELECT o.id FROM occurrences o WHERE o.run_id IN (\(runs)))
          """, token)
      }
      _ = try engine.execute(
        """
        DELETE FROM open_messages
        WHERE occurrence_id IN (SELECT o.id FROM occurrences o WHERE o.run_id IN (\(runs)))
        """, token)
      result.occurrences = try engine.execute("DELETE FROM occurrences WHERE run_id IN (\(runs))", token)
      result.failedBlocks = try engine.execute("DELETE FROM failed_blocks WHERE run_id IN (\(runs))", token)
      try OccurrenceRollup.rebuild(engine)
      result.runs = try engine.execute("DELETE FROM runs WHERE id IN (\(runs))", token)
      result.conflicts = try engine.execute(
        """
        DELETE FROM conflicts WHERE status = 'open'
          AND NOT EXISTS (SELECT 1 FROM occurrences WHERE conflict_id = conflicts.id)
        """)
    }
    return result
  }
}

extension AccessToken {
  /// The columns ``init(_:)`` reads.
  static let columns = "id, name, scope, apps, created_at, revoked_at"

  /// The token of a row of `access_tokens`; `nil` for a scope this lcq does not know (written
  /// by a newer one).
  init?(_ row: QueryRow) throws(StoreError) {
    guard let scope = AccessScope(rawValue: try row.requiredText("scope")) else { return nil }
    self.init(
      id: row.integer("id") ?? 0, name: try row.requiredText("name"), scope: scope,
      apps: row.text("apps").flatMap(JSONText.strings), createdAt: row.integer("created_at") ?? 0,
      revokedAt: row.integer("revoked_at"))
  }
}
