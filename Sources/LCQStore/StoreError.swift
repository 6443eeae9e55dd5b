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

  /// The error as one line for stderr.
  public var description: String {
    switch self {
    case .missing(let path): "\(path): no lcq database here (run `lcq ingest` first, or pass --db)"
    case .missingFolder(let path): "\(path): the folder does not exist"
    case .notADatabase(let path, let reason): "\(path): not an lcq database (\(reason))"
    case .newerSchema(let path, let unknown):
      "\(path): written by a newer lcq (unknown migrations: \(unknown.joined(separator: ", "))); upgrade lcq to use it"
    case .readOnly(let path): "\(path): the database is read-only"
    case .locked(let path): "\(path): the database stayed locked by another process past the busy timeout"
    case .full(let path): "\(path): the disk is full; nothing more was written"
    case .noConflict(let prefix): "no conflict has a fingerprint starting with '\(prefix)'"
    case .ambiguous(let prefix, let matches):
      "'\(prefix)' matches \(matches.count) conflicts (\(matches.prefix(5).joined(separator: ", "))); give more digits"
    case .sqlite(let path, let message): "\(path): \(message)"
    }
  }
}
