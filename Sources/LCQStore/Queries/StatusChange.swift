import Foundation

/// What `lcq resolve`, `lcq ignore` and `lcq reopen` set.
public enum ConflictStatus: Sendable, Hashable {
  /// Fixed in `build`: occurrences from that build on are regressions.
  case resolved(build: String)
  /// Known and accepted; still counted, never a regression.
  case ignored
  /// Back to open.
  case open
}

extension ConflictStatus {
  /// Sets a conflict's status (the same statement for both engines; values: ``values(conflictID:at:)``).
  static let sql = """
    UPDATE conflicts SET status = ?, resolved_build = ?, resolved_build_key = ?, status_changed_at = ?
    WHERE id = ?
    """

  /// The values of ``sql`` that give the conflict `conflictID` this status at `time`.
  func values(conflictID: Int64, at time: Int64) -> [QueryValue] {
    let (name, build): (ConflictState, String?) =
      switch self {
      case .resolved(let build): (.resolved, build)
      case .ignored: (.ignored, nil)
      case .open: (.open, nil)
      }
    return [
      .text(name.rawValue), QueryValue(build), QueryValue(build.map(BuildKey.of)), .integer(time),
      .integer(conflictID),
    ]
  }
}

extension ConflictStore {
  /// Sets the status of the conflict whose fingerprint starts with `prefix`; returns its full
  /// fingerprint.
  @discardableResult
  public func setStatus(_ status: ConflictStatus, of prefix: String, at time: Int64) throws(StoreError)
    -> String
  {
    let conflict = try conflict(matching: prefix)
    _ = try queries.execute(ConflictStatus.sql, status.values(conflictID: conflict.id, at: time))
    return conflict.fingerprint
  }
}
