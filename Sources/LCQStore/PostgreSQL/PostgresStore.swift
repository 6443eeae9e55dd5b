// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
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
    /// Where the database is.
    let location: PostgresLocation
    /// The connections its calls use: one at a time, more while calls overlap.
    private let links: PostgresLinkPool
    /// How long a lost connection is tried again before the command gives up, in seconds
    /// (`LCQ_RECONNECT_SECONDS`, default 60; 0 never retries).
    let reconnectWindow: Double

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
      do {
        location = try PostgresLocation(url: url, environment: environment)
      } catch {
        throw .postgres(path: url, message: error.description, sqlState: nil)
      }
      reconnectWindow = environment["LCQ_RECONNECT_SECONDS"].flatMap(Double.init).map { max(0, $0) } ?? 60
      // A server that does not answer is tried for a little (3 s), then said (a typo in the host
      // should not hang a CI job); one that answers that it is full or starting, as when a
      // fleet of runners connects at once, is waited for through the reconnect window.
      let started = Date()
      links = PostgresLinkPool(
        first: try Self.connectRetrying(
          location, displayPath: shown, until: started.addingTimeInterval(min(reconnectWindow, 3)),
          busyUntil: started.addingTimeInterval(reconnectWindow)))
      schemaFound = try using { link throws(StoreError) in try Self.migrate(link, path: url, mode: mode) }
    }

    /// Where the database is, as lcq prints it (no password).
    public var displayPath: String { DatabaseLocation.redacted(path) }

    /// The number of PostgreSQL migrations this binary carries.
    public var schemaVersion: Int { EmbeddedSQL.postgresMigrations.count }

    /// The schema version the database had when opened, before any migration (set once, by
    /// the initialiser).
    public private(set) var schemaFound = 0

    /// Runs `body` with a connection of its own (``PostgresLinkPool``): calls from two threads
    /// at once run on two connections. When the connection is lost (the server restarted, a
    /// proxy cut it), connects again with backoff for ``reconnectWindow`` seconds and runs
    /// `body` again: every caller's `body` is one transaction or one statement that may run
    /// twice (an ingest batch inserts with `ON CONFLICT DO NOTHING` and counts only the rows it
    /// inserted), so a retry stores exactly what is missing.
    func using<T>(_ body: (PostgresLink) throws(StoreError) -> T) throws(StoreError) -> T {
      var link = try links.take { othersOpen throws(StoreError) in
        guard othersOpen else {
          let deadline = Date().addingTimeInterval(reconnectWindow)
          return try Self.connectRetrying(
            location, displayPath: displayPath, until: deadline, busyUntil: deadline)
        }
        do throws(PostgresLink.ConnectFailure) {
          return try PostgresLink.connect(to: location, displayPath: displayPath)
        } catch {
          throw error.error
        }
      }
      let deadline = Date().addingTimeInterval(reconnectWindow)
      while true {
        do throws(StoreError) {
          let result = try body(link)
          links.giveBack(link)
          return result
        } catch .postgresUnreachable(_, let message) {
          guard Date() < deadline else {
            links.drop()
            throw .postgresUnreachable(
              path: path, message: "\(message) (and still after \(Int(reconnectWindow)) s)")
          }
          do throws(StoreError) {
            link = try Self.connectRetrying(
              location, displayPath: displayPath, until: deadline, busyUntil: deadline)
          } catch {
            links.drop()
            throw error
          }
        } catch {
          links.giveBack(link)
          throw Self.located(error, path: path)
        }
      }
    }

    /// A new connection to `location`, tried with backoff (0.25 s doubling to 4 s) while the
    /// server cannot be reached and `deadline` has not passed, or while it answers that it is
    /// busy (``PostgresLink/busyStates``) and `busyUntil` has not passed. A refused login is
    /// not retried.
    static func connectRetrying(
      _ location: PostgresLocation, displayPath: String, until deadline: Date, busyUntil: Date
    ) throws(StoreError) -> PostgresLink {
      var pause = 0.25
      while true {
        do {
          return try PostgresLink.connect(to: location, displayPath: displayPath)
        } catch {
          let retryable: Bool
          switch error.error {
          case .postgresUnreachable: retryable = true
          default: retryable = error.serverIsBusy
          }
          let until = error.serverIsBusy ? max(deadline, busyUntil) : deadline
          guard retryable, Date().addingTimeInterval(pause) < until else { throw error.error }
          Thread.sleep(forTimeInterval: pause)
          pause = min(pause * 2, 4)
        }
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

    /// Brings `link`'s database up to this binary's schema (``Migrator``) in one transaction that
    /// holds the advisory lock: a second lcq waits, then finds the migrations applied. The lock
    /// is the transaction's (`pg_advisory_xact_lock`), released when it ends, so nothing outlives
    /// it on the server connection: PgBouncer in transaction mode may hand every transaction
    /// another one. A database with a migration this binary does not know is refused before
    /// anything is written. Returns how many migrations the database had applied before.
    static func migrate(_ link: PostgresLink, path: String, mode: Store.OpenMode) throws(StoreError) -> Int {
      let migrator = Migrator.postgres
      let applied = try migrator.applied(link.queries)
      try migrator.refuseNewer(applied, path: path)
      if applied.isEmpty, mode != .createIfMissing { throw .missing(path: path) }
      if Set(migrator.names).isSubset(of: applied) { return applied.count }
      // A reader (often a role that may only SELECT) never migrates: it says who must.
      if mode.isReadOnly { throw .needsMigration(path: path, from: applied.count, to: migrator.names.count) }
      var found = applied.count
      try link.transaction { () throws(StoreError) in
        try link.rows("SELECT pg_advisory_xact_lock(?)", [.integer(migrationLockKey)])
        found = try migrator.migrate(link.queries, path: path)
      }
      return found
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

  extension Migrator {
    /// The team store's: `lcq_migrations`, and each file cut into statements by
    /// ``PostgresStore/statements(of:)``.
    static let postgres = Migrator(
      migrations: EmbeddedSQL.postgresMigrations, table: "lcq_migrations",
      statements: PostgresStore.statements(of:))
  }
#endif
