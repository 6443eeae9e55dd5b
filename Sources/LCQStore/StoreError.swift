/// Why the store could not do what was asked, worded for one line on stderr.
public enum StoreError: Error, CustomStringConvertible, Sendable {
  /// No database file where one was expected.
  case missing(path: String)
  /// The folder that should hold the database does not exist.
  case missingFolder(path: String)
  /// The file exists but is not an SQLite database, or not lcq's.
  case notADatabase(path: String, reason: String)
  /// The database was written by a newer lcq.
  case newerSchema(path: String, unknown: [String])
  /// The file or its folder cannot be written.
  case readOnly(path: String)
  /// Another process held the database longer than the busy timeout.
  case locked(path: String)
  /// The disk or the file system is full.
  case full(path: String)
  /// No conflict matches a fingerprint prefix, or several do.
  case noConflict(prefix: String)
  /// Several conflicts match a fingerprint prefix.
  case ambiguous(prefix: String, matches: [String])
  /// Any other SQLite error.
  case sqlite(path: String, message: String)
  /// A command that only reads met a database whose schema is older than this binary's.
  case needsMigration(path: String, from: Int, to: Int)
  /// A URL (`postgres://…`) where this lcq takes only a file path.
  case unsupportedLocation(path: String, scheme: String)
  /// A `postgres://` URL given to an lcq built without the team store (the TeamStore trait).
  case teamStoreNotBuilt(path: String)
  /// The PostgreSQL server could not be reached, refused the login, or failed a statement
  /// (`sqlState`: the server's SQLSTATE code, when it sent one).
  case postgres(path: String, message: String, sqlState: String?)
  /// The PostgreSQL server could not be reached, or the connection to it was lost (and, during
  /// a command, not won back within the reconnect window).
  case postgresUnreachable(path: String, message: String)
  /// A column the schema never leaves empty was NULL: the database was changed by hand.
  case missingValue(column: String)

  /// The error as one line for stderr.
  ///
  /// A database location is always shown redacted (``DatabaseLocation/redacted(_:)``): no
  /// password reaches a terminal, a CI log or cron mail.
  public var description: String {
    func shown(_ path: String) -> String { DatabaseLocation.redacted(path) }
    return switch self {
    case .missing(let path): "\(shown(path)): no lcq database here (run `lcq ingest` first, or pass --db)"
    case .missingFolder(let path): "\(shown(path)): the folder does not exist"
    case .notADatabase(let path, let reason): "\(shown(path)): not an lcq database (\(reason))"
    case .newerSchema(let path, let unknown):
      "\(shown(path)): written by a newer lcq (unknown migrations: \(unknown.joined(separator: ", "))); upgrade lcq to use it"
    case .readOnly(let path): "\(shown(path)): the database is read-only"
    case .locked(let path):
      "\(shown(path)): the database stayed locked by another process past the busy timeout"
    case .full(let path): "\(shown(path)): the disk is full; nothing more was written"
    case .noConflict(let prefix): "no conflict has a fingerprint starting with '\(prefix)'"
    case .ambiguous(let prefix, let matches):
      "'\(prefix)' matches \(matches.count) conflicts (\(matches.prefix(5).joined(separator: ", "))); give more digits"
    case .sqlite(let path, let message): "\(shown(path)): \(message)"
    case .needsMigration(let path, let from, let to):
      "\(shown(path)): the database has schema \(from) and this lcq reads schema \(to); run `lcq db migrate` as a user who can write it"
    case .unsupportedLocation(let path, let scheme):
      "\(shown(path)): this lcq stores to an SQLite file; a \(scheme):// database is not supported (pass a file path)"
    case .teamStoreNotBuilt(let path):
      "\(shown(path)): this lcq was built without the team store; build it with "
        + "`swift build -c release --traits TeamStore` to use a PostgreSQL database"
    case .postgres(let path, let message, let sqlState):
      "\(shown(path)): \(message)\(sqlState.map { " (SQLSTATE \($0))" } ?? "")"
    case .postgresUnreachable(let path, let message):
      "\(shown(path)): cannot reach the server: \(message)"
    case .missingValue(let column):
      "the database holds no value for \(column), which lcq always stores; was it changed by hand?"
    }
  }
}
