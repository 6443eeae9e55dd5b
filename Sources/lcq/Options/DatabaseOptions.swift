import ArgumentParser
import Foundation
import LCQStore

/// `--db PATH`, shared by every command that uses the database.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database: an SQLite file, or a postgres:// URL for a team store on PostgreSQL. Default: $LCQ_DB, "
        + "else ~/.local/share/lcq/lcq.sqlite (Linux) or ~/Library/Application Support/lcq/lcq.sqlite (macOS).",
      valueName: "path"))
  var path: String?

  /// The database path, and whether it is the platform default (whose folder lcq may create).
  var resolved: (path: String, isDefault: Bool) {
    if let path { return (path, false) }
    return DatabaseLocation.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// What a command does with the database.
  enum Access {
    /// Creates it (and the default folder) when missing, migrates it, writes (`ingest`,
    /// `db migrate`).
    case create
    /// Migrates and writes an existing database (`resolve`, `db prune`…).
    case write
    /// Reads an existing database, read-only and without migrating (every query, `check`,
    /// `report`, `db stats`).
    case read
    /// Reads an existing database and never migrates it, whoever could: an older schema is
    /// refused with the command that upgrades it (`lcq mcp`'s tools, which promise to change
    /// nothing).
    case readNeverMigrating
  }

  /// Opens the database for `access`.
  func open(_ access: Access) throws(StoreError) -> any ConflictStore {
    let (path, isDefault) = resolved
    if access == .create, isDefault {
      let folder = (path as NSString).deletingLastPathComponent
      // Owner-only (or as $LCQ_FILE_MODE says): the folder holds raw log text.
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: Int(FilePermissions.folderMode())])
    }
    let mode: Store.OpenMode =
      switch access {
      case .create: .createIfMissing
      case .write: .existing
      case .read: .readOnly
      case .readNeverMigrating: .readOnlyNeverMigrating
      }
    return try openDatabase(path, mode: mode)
  }
}

/// Opens the store at `location` (``DatabaseLocation/open(_:mode:environment:)``), first saying on
/// stderr what lcq warns of (a password that may cross a network in clear).
func openDatabase(_ location: String, mode: Store.OpenMode) throws(StoreError) -> any ConflictStore {
  let environment = ProcessInfo.processInfo.environment
  for warning in DatabaseLocation.warnings(location, environment: environment) {
    StandardError.write("lcq: \(warning)")
  }
  return try DatabaseLocation.open(location, mode: mode, environment: environment)
}
