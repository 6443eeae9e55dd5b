import Foundation

/// A conflict found by its fingerprint prefix.
public struct ConflictReference: Sendable, Hashable {
  /// The row id in `conflicts`.
  public var id: Int64
  /// The conflict's fingerprint (`v1:…`).
  public var fingerprint: String
}

/// Finding a conflict by its fingerprint prefix, the same for both engines.
enum ConflictLookup {
  /// The prefix as stored: `v1:` added when the user left the version out.
  static func fullPrefix(_ prefix: String) -> String {
    let trimmed = prefix.trimmingCharacters(in: .whitespaces)
    return trimmed.contains(":") ? trimmed : "v1:" + trimmed
  }

  /// Up to six conflicts whose fingerprint starts with the prefix (values: its length, itself).
  static let sql =
    "SELECT id, fingerprint FROM conflicts WHERE substr(fingerprint, 1, CAST(? AS INTEGER)) = ? ORDER BY fingerprint LIMIT 6"

  /// The one match among `matches` (id and fingerprint), or why there is none.
  static func single(_ matches: [(id: Int64, fingerprint: String)], prefix: String) throws(StoreError)
    -> ConflictReference
  {
    guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty, let first = matches.first else {
      throw .noConflict(prefix: prefix)
    }
    guard matches.count == 1 else { throw .ambiguous(prefix: prefix, matches: matches.map(\.fingerprint)) }
    return ConflictReference(id: first.id, fingerprint: first.fingerprint)
  }
}

extension ConflictStore {
  /// The conflict whose fingerprint starts with `prefix` (``ConflictLookup``).
  public func conflict(matching prefix: String) throws(StoreError) -> ConflictReference {
    let full = ConflictLookup.fullPrefix(prefix)
    let matches = try queries.rows(ConflictLookup.sql, [QueryValue(full.count), .text(full)]).map {
      row throws(StoreError) in
      (id: row.integer("id") ?? 0, fingerprint: try row.requiredText("fingerprint"))
    }
    return try ConflictLookup.single(matches, prefix: prefix)
  }
}
