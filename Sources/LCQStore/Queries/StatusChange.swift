import Foundation
import GRDB

/// What `lcq resolve`, `lcq ignore` and `lcq reopen` set.
public enum ConflictStatus: Sendable, Hashable {
  /// Fixed in `build`: occurrences from that build on are regressions.
  case resolved(build: String)
  /// Known and accepted; still counted, never a regression.
  case ignored
  /// Back to open.
  case open
}

extension Store {
  /// Sets the status of the conflict matching `prefix`; returns its full fingerprint.
  @discardableResult
  public func setStatus(_ status: ConflictStatus, of prefix: String, at time: Int64) throws(StoreError)
    -> String
  {
    let conflict = try conflict(matching: prefix)
    let (name, build): (String, String?) =
      switch status {
      case .resolved(let build): (ConflictState.resolved.rawValue, build)
      case .ignored: (ConflictState.ignored.rawValue, nil)
      case .open: (ConflictState.open.rawValue, nil)
      }
    try write { db in
      try db.execute(
        sql: """
          UPDATE conflicts SET status = ?, resolved_build = ?, resolved_build_key = ?, status_changed_at = ?
          WHERE id = ?
          """,
        arguments: [name, build, build.map(BuildKey.of), time, conflict.id])
    }
    return conflict.fingerprint
  }
}
