import Foundation
import PostgresNIO

/// lcq's team store: a PostgreSQL database that every CI runner writes to and every reader
/// reads, reached by a `postgres://` or `postgresql://` URL (``PostgresLocation``).
///
/// Opening migrates the schema (`Migrations/postgresql/`) under an advisory lock, so that
/// runners starting at once migrate once, and refuses a database written by a newer lcq before
/// anything is written.
public final class PostgresStore: @unchecked Sendable {
  /// The URL as given (may hold a password: print ``displayPath``).
  public let path: String
  /// The connection every call of this store uses, one at a time.
  let link: PostgresLink
  /// Serialises use of ``link``: a store is shared by the ingest worker and its reader.
  private let lock = NSLock()

  /// The advisory lock every lcq holds while it migrates a database ('lcq' in ASCII).
  static let migrationLockKey: Int64 = 0x6C_6371

  /// Connects to the database at `url` (with `environment`'s `PG*` variables and password
  /// file filling what it leaves out) and brings its schema up to this binary's.
  ///
  /// - Throws: ``StoreError``: a URL lcq cannot use, a server it cannot reach or that refuses
  ///   the login, a database written by a newer lcq, a read-only open of a database where lcq
  ///   has stored nothing.
  public init(url: String, mode: Store.OpenMode, environment: [String: String]) throws(StoreError) {
    path = url
    let shown = DatabaseLocation.redacted(url)
    let location: PostgresLocation
    do {
      location = try PostgresLocation(url: url, environment: environment)
    } catch {
      throw .postgres(path: url, message: error.description, sqlState: nil)
    }
    link = try PostgresLink.connect(to: location, displayPath: shown)
    try Self.migrate(link, path: url, mode: mode)
  }

  /// Where the database is, as lcq prints it (no password).
  public var displayPath: String { DatabaseLocation.redacted(path) }

  /// The number of PostgreSQL migrations this binary carries.
  public var schemaVersion: Int { EmbeddedSQL.postgresMigrations.count }

  /// Runs `body` with the connection to itself.
  func using<T>(_ body: (PostgresLink) throws(StoreError) -> T) throws(StoreError) -> T {
    lock.lock()
    defer { lock.unlock() }
    do {
      return try body(link)
    } catch {
      throw Self.located(error, path: path)
    }
  }

  /// `error` with the store's location filled in where the connection left it out.
  static func located(_ error: StoreError, path: String) -> StoreError {
    if case .postgres(let where_, let message, let state) = error, where_.isEmpty {
      return .postgres(path: path, message: message, sqlState: state)
    }
    return error
  }

  // MARK: Migrations

  /// The migrations `link`'s database has applied, by file name (none when lcq never wrote it).
  static func appliedMigrations(_ link: PostgresLink) throws(StoreError) -> Set<String> {
    let exists = try link.rows("SELECT to_regclass('lcq_migrations') IS NOT NULL AS present")
    guard try exists.first?.value("present", as: Bool.self) == true else { return [] }
    var names = Set<String>()
    for row in try link.rows("SELECT identifier FROM lcq_migrations") {
      names.insert(try row.value("identifier", as: String.self))
    }
    return names
  }

  /// Applies the migrations `link`'s database lacks, each in one transaction, while holding the
  /// advisory lock: a second lcq waits, then finds them applied. A database with a migration
  /// this binary does not know is refused before anything is written.
  static func migrate(_ link: PostgresLink, path: String, mode: Store.OpenMode) throws(StoreError) {
    let known = EmbeddedSQL.postgresMigrations.map(\.name)
    let applied = try appliedMigrations(link)
    let unknown = applied.subtracting(known)
    if !unknown.isEmpty { throw .newerSchema(path: path, unknown: unknown.sorted()) }
    if applied.isEmpty, mode != .createIfMissing { throw .missing(path: path) }
    if Set(known).isSubset(of: applied) { return }
    // A reader (often a role that may only SELECT) never migrates: it says who must.
    if mode == .readOnly { throw .needsMigration(path: path, from: applied.count, to: known.count) }
    try link.rows("SELECT pg_advisory_lock(?)", [.integer(migrationLockKey)])
    defer { _ = try? link.rows("SELECT pg_advisory_unlock(?)", [.integer(migrationLockKey)]) }
    try link.rows("CREATE TABLE IF NOT EXISTS lcq_migrations (identifier TEXT PRIMARY KEY)")
    let nowApplied = try appliedMigrations(link)
    let nowUnknown = nowApplied.subtracting(known)
    if !nowUnknown.isEmpty { throw .newerSchema(path: path, unknown: nowUnknown.sorted()) }
    for migration in EmbeddedSQL.postgresMigrations where !nowApplied.contains(migration.name) {
      try link.transaction { () throws(StoreError) in
        for statement in statements(of: migration.sql) {
          try link.rows(statement)
        }
        try link.rows("INSERT INTO lcq_migrations (identifier) VALUES (?)", [.text(migration.name)])
      }
    }
  }

  /// The statements of a migration file: its lines without `--` comments, split after each line
  /// that ends in `;` outside a `$$`-quoted function body (the rule for files in
  /// `Migrations/postgresql/`: no other statement has a `;` at the end of a line inside it).
  static func statements(of sql: String) -> [String] {
    var statements: [String] = []
    var current = ""
    var inBody = false
    for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !inBody, trimmed.isEmpty || trimmed.hasPrefix("--") { continue }
      current += line + "\n"
      if line.components(separatedBy: "$$").count % 2 == 0 { inBody.toggle() }
      if !inBody, trimmed.hasSuffix(";") {
        statements.append(current)
        current = ""
      }
    }
    if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { statements.append(current) }
    return statements
  }
}
