/// What a bearer token of `lcq serve` lets its holder do.
public enum AccessScope: String, CaseIterable, Sendable {
  /// Send logs: `POST /v1/logs` (OTLP) and `POST /v1/ingest` (a plain upload).
  case ingest
  /// Read the server's counters: `GET /metrics`.
  case metrics
}

/// A bearer token `lcq serve` accepts, as the store keeps it: its name and scope, never the
/// token itself (only its SHA-256 is stored, see `Migrations/0018_access_tokens.sql`).
public struct AccessToken: Sendable, Hashable {
  /// The name it was created with (`lcq token create --name ci`), unique in the store.
  public let name: String
  /// What it allows.
  public let scope: AccessScope
  /// When it was created (Unix seconds).
  public let createdAt: Int64
  /// When it was revoked (Unix seconds); `nil` while it is valid.
  public let revokedAt: Int64?
}

extension ConflictStore {
  /// Stores a new token under `name`, kept as the hex SHA-256 of the token's text.
  ///
  /// - Throws: ``StoreError`` when a token already has that name (the name is unique).
  public func createToken(name: String, scope: AccessScope, sha256: String, at time: Int64) throws(StoreError)
  {
    _ = try queries.execute(
      "INSERT INTO access_tokens (name, scope, token_sha256, created_at) VALUES (?, ?, ?, ?)",
      [.text(name), .text(scope.rawValue), .text(sha256), .integer(time)])
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
    for row in try queries.rows("SELECT name, scope, created_at, revoked_at FROM access_tokens ORDER BY name")
    {
      if let token = try AccessToken(row) { tokens.append(token) }
    }
    return tokens
  }

  /// The valid (not revoked) token whose SHA-256 is `sha256`, if any.
  public func validToken(sha256: String) throws(StoreError) -> AccessToken? {
    guard
      let row = try queries.row(
        "SELECT name, scope, created_at, revoked_at FROM access_tokens WHERE token_sha256 = ? AND revoked_at IS NULL",
        [.text(sha256)])
    else { return nil }
    return try AccessToken(row)
  }
}

extension AccessToken {
  /// The token of a row of `access_tokens`; `nil` for a scope this lcq does not know (written
  /// by a newer one).
  init?(_ row: QueryRow) throws(StoreError) {
    guard let scope = AccessScope(rawValue: try row.requiredText("scope")) else { return nil }
    self.init(
      name: try row.requiredText("name"), scope: scope, createdAt: row.integer("created_at") ?? 0,
      revokedAt: row.integer("revoked_at"))
  }
}
