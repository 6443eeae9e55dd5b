import Foundation
import GRDB

/// A conflict found by its fingerprint prefix.
public struct ConflictReference: Sendable, Hashable {
  /// The row id in `conflicts`.
  public var id: Int64
  /// The conflict's fingerprint (`v1:…`).
  public var fingerprint: String
}

extension Store {
  /// The one conflict whose fingerprint starts with `prefix` (`v1:5f32`, or just `5f32`).
  ///
  /// - Throws: ``StoreError/noConflict(prefix:)`` or ``StoreError/ambiguous(prefix:matches:)``.
  public func conflict(matching prefix: String) throws(StoreError) -> ConflictReference {
    let trimmed = prefix.trimmingCharacters(in: .whitespaces)
    let full = trimmed.contains(":") ? trimmed : "v1:" + trimmed
    let matches = try read { db in
      try Row.fetchAll(
        db,
        sql:
          "SELECT id, fingerprint FROM conflicts WHERE substr(fingerprint, 1, ?) = ? ORDER BY fingerprint LIMIT 6",
        arguments: [full.count, full])
    }
    guard !trimmed.isEmpty, let first = matches.first else { throw .noConflict(prefix: prefix) }
    guard matches.count == 1 else { throw .ambiguous(prefix: prefix, matches: matches.map { $0[1] }) }
    return ConflictReference(id: first[0], fingerprint: first[1])
  }
}
