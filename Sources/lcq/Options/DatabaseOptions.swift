import ArgumentParser
import Foundation
import LCQStore

/// `--db PATH`, shared by every command that uses the database.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file. Default: $LCQ_DB, else ~/.local/share/lcq/lcq.sqlite (Linux) or "
        + "~/Library/Application Support/lcq/lcq.sqlite (macOS).", valueName: "path"))
  var path: String?

  /// The database path, and whether it is the platform default (whose folder lcq may create).
  var resolved: (path: String, isDefault: Bool) {
    if let path { return (path, false) }
    return DatabaseLocation.defaultPath(environment: ProcessInfo.processInfo.environment)
  }

  /// Opens the database; writers create it (and the default folder) when it is missing.
  func open(creating: Bool) throws(StoreError) -> Store {
    let (path, isDefault) = resolved
    if creating, isDefault {
      let folder = (path as NSString).deletingLastPathComponent
      // Owner-only (or as $LCQ_FILE_MODE says): the folder holds raw log text.
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: Int(FilePermissions.folderMode())])
    }
    return try Store(path: path, mode: creating ? .createIfMissing : .existing)
  }
}
