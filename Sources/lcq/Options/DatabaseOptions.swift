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
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return try Store(path: path, mode: creating ? .createIfMissing : .existing)
  }
}

/// Exit statuses shared by lcq's commands (also in `--help` and the README).
enum ExitStatus {
  /// An input could not be opened or read; the others were still used.
  static let inputUnreadable = ExitCode(1)
  /// The database could not be opened, read or written.
  static let databaseError = ExitCode(2)
  /// `lcq show`: no conflict matches the prefix, or several do.
  static let notFound = ExitCode(1)

  /// The exit status lines for `--help`.
  static let databaseHelp = """
    Exit status:
      0   done
      1   (ingest) an input could not be read, the others were stored; (show, resolve…) no \
    conflict matches the fingerprint prefix, or several do
      2   the database could not be opened, read or written (missing, read-only, corrupt, \
    locked past the timeout, newer schema, disk full)
      64  the command line is wrong
    """
}
