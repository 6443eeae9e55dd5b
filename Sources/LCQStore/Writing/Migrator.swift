/// The one migration runner of both engines: which of the embedded migrations a database has
/// applied, and applying the rest in order.
///
/// Each engine gives its list of migrations (`Migrations/`, `Migrations/postgresql/`), the
/// table that records them, how a file is cut into statements, and what keeps a second lcq out
/// meanwhile (``migrate(_:)``'s caller holds it): SQLite's `BEGIN IMMEDIATE`, PostgreSQL's
/// advisory lock.
struct Migrator: Sendable {
  /// The embedded migrations, in order.
  let migrations: [(name: String, sql: String)]
  /// The table of applied migrations' file names (`identifier`).
  let table: String
  /// The statements of a migration file, run one after the other.
  let statements: @Sendable (String) -> [String]

  /// The SQLite file's: `grdb_migrations` keeps the layout of GRDB's migrator, and SQLite runs a
  /// whole file as one script.
  static let sqlite = Migrator(migrations: EmbeddedSQL.migrations, table: "grdb_migrations") { [$0] }

  /// The names of the embedded migrations.
  var names: [String] { migrations.map(\.name) }

  /// The migrations `engine`'s database has applied, by file name (none when lcq never wrote it).
  func applied(_ engine: QueryEngine) throws(StoreError) -> Set<String> {
    guard try engine.row(engine.dialect.tableExists, [.text(table)])?.flag("present") == true else {
      return []
    }
    return Set(try engine.rows("SELECT identifier FROM \(table)").compactMap { $0.text("identifier") })
  }

  /// Refuses a database that has applied a migration this binary does not know (a newer lcq
  /// wrote it), before anything is written.
  func refuseNewer(_ applied: Set<String>, path: String) throws(StoreError) {
    let unknown = applied.subtracting(names)
    if !unknown.isEmpty { throw .newerSchema(path: path, unknown: unknown.sorted()) }
  }

  /// Applies the migrations `engine`'s database lacks, each with its record in one transaction,
  /// and returns how many it had applied before. The caller holds what keeps other writers out,
  /// so what is applied is read again here.
  @discardableResult
  func migrate(_ engine: QueryEngine, path: String) throws(StoreError) -> Int {
    _ = try engine.execute("CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT NOT NULL PRIMARY KEY)")
    let applied = try self.applied(engine)
    try refuseNewer(applied, path: path)
    for migration in migrations where !applied.contains(migration.name) {
      try engine.transaction { engine throws(StoreError) in
        for statement in statements(migration.sql) { _ = try engine.execute(statement) }
        _ = try engine.execute("INSERT INTO \(table) (identifier) VALUES (?)", [.text(migration.name)])
      }
    }
    return applied.count
  }
}
