import Foundation

extension FileManager {
  /// Removes an SQLite file and the write-ahead log and shared-memory files SQLite keeps beside
  /// it (a read-only connection leaves them behind), ignoring those that are not there.
  public func removeSQLiteFile(at file: URL) {
    for suffix in ["", "-wal", "-shm"] {
      try? removeItem(at: URL(fileURLWithPath: file.path + suffix))
    }
  }
}
