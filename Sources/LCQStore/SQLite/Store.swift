import Foundation
import GRDB

/// lcq's SQLite database: opened in WAL mode, migrated on open, shared safely by many processes.
///
/// Every value reaches SQL as a bound argument; no statement text is built from a value.
public final class Store: Sendable {
  /// The database file.
  public let path: String
  /// A pool of connections for commands that write; one read-only connection for those that
  /// only read.
  let pool: any DatabaseWriter
  /// The schema version the database had when opened, before any migration.
  public let schemaFound: Int

  /// How long a write waits for another process's write to finish: `$LCQ_BUSY_TIMEOUT`
  /// seconds when set (a finite number, clamped to 0…86,400: a day), else 30.
  public static var busyTimeout: TimeInterval {
    busyTimeout(ProcessInfo.processInfo.environment["LCQ_BUSY_TIMEOUT"])
  }

  /// The busy timeout `text` asks for (see ``busyTimeout``).
  static func busyTimeout(_ text: String?) -> TimeInterval {
    guard let seconds = text.flatMap(TimeInterval.init), seconds.isFinite else { return 30 }
    return min(max(0, seconds), 86_400)
  }

  /// Where the database is, as lcq prints it (``DatabaseLocation/redacted(_:)``).
  public var displayPath: String { DatabaseLocation.redacted(path) }

  /// What opening may do to the file.
  public enum OpenMode: Sendable {
    /// Create the file when it is missing (its folder must exist).
    case createIfMissing
    /// The file must exist.
    case existing
    /// The file must exist; it is opened read-only, so a user who cannot write the file or its
    /// folder can read it (a nightly database owned by the cron user, a downloaded CI
    /// artifact). A database with an older schema, or one another process is still creating,
    /// is migrated first when the user can write it, and refused when not.
    case readOnly
    /// As ``readOnly``, but an older schema is never migrated, whoever can write the file: it
    /// is refused with ``StoreError/needsMigration(path:from:to:)`` (`lcq mcp`, whose tools
    /// promise an agent that they change nothing).
    case readOnlyNeverMigrating

    /// Whether the database is only read.
    public var isReadOnly: Bool { self == .readOnly || self == .readOnlyNeverMigrating }
  }

  /// Opens (and, when needed and `mode` allows, migrates) the database at `path`.
  ///
  /// - Throws: ``StoreError``: a missing file or folder, a file that is not lcq's database, a
  ///   schema newer than this binary (the file is then left untouched), a read-only file (when
  ///   writing), a schema older than this binary (when reading only).
  public init(path: String, mode: OpenMode) throws(StoreError) {
    self.path = path
    if let scheme = DatabaseLocation.scheme(of: path) {
      throw .unsupportedLocation(path: path, scheme: scheme)
    }
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
    if isDirectory.boolValue { throw .notADatabase(path: path, reason: "it is a folder") }
    if !exists, (try? fileManager.destinationOfSymbolicLink(atPath: path)) != nil {
      // SQLite would create the link's target with the umask's permissions, not lcq's 0600.
      throw .notADatabase(
        path: path, reason: "it is a symbolic link to nothing; lcq creates no database through a link")
    }
    if !exists {
      if mode != .createIfMissing { throw .missing(path: path) }
      let folder = (path as NSString).deletingLastPathComponent
      if !folder.isEmpty, !fileManager.fileExists(atPath: folder) { throw .missingFolder(path: folder) }
    } else if !mode.isReadOnly, !fileManager.isWritableFile(atPath: path) {
      throw .readOnly(path: path)
    }
    if mode.isReadOnly {
      do {
        try Self.waitForCreation(at: path)
        try Self.refuseForeignFile(at: path, exists: exists)
        let queue = try Self.readOnlyQueue(at: path)
        let applied = try queue.read { db in try Self.appliedMigrations(db, path: path) }
        let missing = EmbeddedSQL.migrations.map(\.name).filter { !applied.contains($0) }
        if missing.isEmpty {
          pool = queue
          schemaFound = applied.count
          return
        }
        // An older schema, or a database another process is creating right now: a user who
        // can write the file migrates it (waiting for that process's migration to commit);
        // any other user is told who can.
        if mode == .readOnlyNeverMigrating || !fileManager.isWritableFile(atPath: path) {
          throw StoreError.needsMigration(path: path, from: applied.count, to: Self.schemaVersion)
        }
      } catch let error as StoreError {
        throw error
      } catch {
        throw Self.storeError(error, path: path)
      }
    }
    let configuration = Self.configuration(readOnly: false)
    do {
      try Self.refuseForeignFile(at: path, exists: exists)
      // Created owner-only before SQLite opens it; SQLite gives the WAL and shared-memory
      // files the database's permissions.
      if !exists { FilePermissions.createFile(atPath: path) }
      pool = try DatabasePool(path: path, configuration: configuration)
      let applied = try pool.read { db in try Self.appliedMigrations(db, path: path) }
      let pending = !Set(Migrator.sqlite.names).isSubset(of: applied)
      schemaFound = pending ? try Self.migrate(pool, path: path) : applied.count
    } catch let error as StoreError {
      throw error
    } catch {
      throw Self.storeError(error, path: path)
    }
  }

  /// The migrations the database of `db` has applied, by file name (none for an empty database).
  static func appliedMigrations(_ db: Database, path: String) throws(StoreError) -> Set<String> {
    try Migrator.sqlite.applied(queries(on: db, path: path))
  }

  /// Applies the migrations not yet applied (``Migrator``), all in one `BEGIN IMMEDIATE`
  /// transaction: the write lock is taken before looking at what is applied, so processes that
  /// open a new database at the same moment wait for each other (busy timeout) instead of both
  /// creating the tables. Returns how many migrations the database had applied before.
  static func migrate(_ pool: any DatabaseWriter, path: String) throws -> Int {
    try pool.writeWithoutTransaction { db in
      var found = 0
      try db.inTransaction(.immediate) {
        found = try Migrator.sqlite.migrate(queries(on: db, path: path), path: path)
        return .commit
      }
      return found
    }
  }

  /// The schema version: the number of migrations this binary knows.
  public static var schemaVersion: Int { EmbeddedSQL.migrations.count }

  /// Refuses a file that is not SQLite, an SQLite file that is not lcq's, or lcq's database
  /// with a newer schema, before GRDB writes anything to it.
  static func refuseForeignFile(at path: String, exists: Bool) throws {
    guard exists, let handle = FileHandle(forReadingAtPath: path) else { return }
    defer { try? handle.close() }
    let header = handle.readData(ofLength: 16)
    if header.isEmpty { return }
    guard header == Data("SQLite format 3\0".utf8) else {
      throw StoreError.notADatabase(path: path, reason: "the file is not an SQLite database")
    }
    let queue = try readOnlyQueue(at: path)
    let (tables, applied) = try queue.read { db in
      (
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
        try db.tableExists(Migrator.sqlite.table) ? try appliedMigrations(db, path: path) : nil
      )
    }
    guard let applied else {
      if tables.isEmpty { return }
      throw StoreError.notADatabase(path: path, reason: "an SQLite database with other tables")
    }
    // Checked here, on a read-only connection: opening a pool may write to the file.
    try Migrator.sqlite.refuseNewer(applied, path: path)
  }

  /// Waits up to 2 s for the file at `path` to hold lcq's tables when it holds no table at all
  /// (empty, or an SQLite header and nothing else): an ingest that is creating it commits its
  /// schema within milliseconds. One that stays so is not a database a reader may turn into
  /// one: refused, and left as it was.
  static func waitForCreation(at path: String) throws(StoreError) {
    let deadline = Date().addingTimeInterval(2)
    while isUnborn(path) {
      guard Date() < deadline else {
        throw .notADatabase(
          path: path, reason: "it is empty; an `lcq ingest --db` of it makes it one")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// Whether the file at `path` is empty, or an SQLite database without a single table.
  private static func isUnborn(_ path: String) -> Bool {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
      return false
    }
    if size == 0 { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    let header = handle.readData(ofLength: 16)
    try? handle.close()
    guard header == Data("SQLite format 3\0".utf8), let queue = try? readOnlyQueue(at: path) else {
      return false
    }
    let tables = try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    return tables == 0
  }

  /// One read-only connection to the database at `path`.
  ///
  /// A database in WAL mode is read through its shared-memory file, which SQLite creates beside
  /// the database when the last writer has removed it; in a folder the user cannot write, the
  /// file is opened as immutable instead (`file:…?immutable=1`): read as it is, without locks,
  /// which is right for a file nobody is writing (a copy, an artifact) and may miss a write in
  /// progress.
  static func readOnlyQueue(at path: String) throws -> DatabaseQueue {
    let configuration = configuration(readOnly: true)
    /// Opens `location` and reads its schema, which is where a missing shared-memory file shows.
    func opened(_ location: String) throws -> DatabaseQueue {
      let queue = try DatabaseQueue(path: location, configuration: configuration)
      _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
      return queue
    }
    do {
      return try opened(path)
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY
    {
      let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
      var allowed = CharacterSet.urlPathAllowed
      allowed.remove(charactersIn: "?#%")
      let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
      return try opened("file:" + encoded + "?immutable=1")
    }
  }

  /// How every connection is set up, for writing or for reading only.
  static func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "lcq"
    configuration.prepareDatabase { db in
      // Statement journals and the temporary tables of sorts and recounts stay in memory, not
      // in small writes to temp files.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      // A database from elsewhere (a CI artifact) may carry views and triggers of its own: its
      // schema may not call functions with side effects (SQLite's trusted_schema).
      try db.execute(sql: "PRAGMA trusted_schema = OFF")
    }
    return configuration
  }

  /// A GRDB or SQLite error as a ``StoreError``.
  static func storeError(_ error: any Error, path: String) -> StoreError {
    guard let error = error as? DatabaseError else { return .sqlite(path: path, message: "\(error)") }
    switch error.resultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      return .notADatabase(path: path, reason: error.message ?? "corrupt")
    case .SQLITE_READONLY: return .readOnly(path: path)
    case .SQLITE_CANTOPEN where !FileManager.default.isWritableFile(atPath: path):
      return .readOnly(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
    case .SQLITE_FULL: return .full(path: path)
    case .SQLITE_IOERR:
      // A write past a file-size limit fails with EFBIG, which SQLite reports as an I/O error.
      return .sqlite(
        path: path, message: "disk I/O error (the disk may be full, at a size limit, or failing)")
    default: return .sqlite(path: path, message: error.message ?? "\(error)")
    }
  }

  /// Runs `work` in one write transaction, turning errors into ``StoreError``.
  func write<T>(_ work: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try pool.write(work)
    } catch let error as StoreError {
      throw error
    } catch {
      throw Self.storeError(error, path: path)
    }
  }

  /// Runs `work` on a read-only snapshot, turning errors into ``StoreError``.
  func read<T>(_ work: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try pool.read(work)
    } catch let error as StoreError {
      throw error
    } catch {
      throw Self.storeError(error, path: path)
    }
  }
}
