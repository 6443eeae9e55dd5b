import Foundation
import LCQAnalysis

/// A conflict found by its fingerprint prefix.
public struct ConflictReference: Sendable, Hashable {
  /// The row id in `conflicts`.
  public var id: Int64
  /// The conflict's fingerprint (`v3:…`).
  public var fingerprint: String
}

/// Finding a conflict by its fingerprint prefix, the same for both engines.
enum ConflictLookup {
  /// The prefix as stored: this lcq's version (``Fingerprint/version``) added when the user
  /// left the version out.
  static func fullPrefix(_ prefix: String) -> String {
    let trimmed = prefix.trimmingCharacters(in: .whitespaces)
    return trimmed.contains(":") ? trimmed : Fingerprint.version + ":" + trimmed
  }

  /// Up to six conflicts whose fingerprint starts with the prefix (values: its length, itself).
  static let sql =
    "SELECT id, fingerprint FROM conflicts WHERE substr(fingerprint, 1, CAST(? AS INTEGER)) = ? ORDER BY fingerprint LIMIT 6"

  /// Up to six conflicts known by an alias that starts with the prefix (values: its length,
  /// itself): a fingerprint of an older version (`fingerprint_aliases`, schema 6).
  static let aliasSQL = """
    SELECT DISTINCT c.id, c.fingerprint FROM fingerprint_aliases a JOIN conflicts c ON c.id = a.conflict_id
    WHERE substr(a.fingerprint, 1, CAST(? AS INTEGER)) = ? ORDER BY c.fingerprint LIMIT 6
    """

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
    var matches = try queries.rows(ConflictLookup.sql, [QueryValue(full.count), .text(full)]).map {
      row throws(StoreError) in
      (id: row.integer("id") ?? 0, fingerprint: try row.requiredText("fingerprint"))
    }
    if matches.isEmpty {
      matches = try queries.rows(ConflictLookup.aliasSQL, [QueryValue(full.count), .text(full)]).map {
        row throws(StoreError) in
        (id: row.integer("id") ?? 0, fingerprint: try row.requiredText("fingerprint"))
      }
    }
    return try ConflictLookup.single(matches, prefix: prefix)
  }

  /// Each fingerprint alias (an older version's fingerprint) with the fingerprint of the
  /// conflict it names now.
  public func fingerprintAliases() throws(StoreError) -> [String: String] {
    var aliases: [String: String] = [:]
    for row in try queries.rows(
      "SELECT a.fingerprint AS alias, c.fingerprint FROM fingerprint_aliases a JOIN conflicts c ON c.id = a.conflict_id"
    ) {
      aliases[try row.requiredText("alias")] = try row.requiredText("fingerprint")
    }
    return aliases
  }

  /// How many conflicts have a fingerprint of another version than this lcq's: stored by an
  /// older lcq and not yet reanalysed (`lcq db reanalyze` groups them anew).
  public func conflictsOfOtherFingerprintVersions() throws(StoreError) -> Int {
    let row = try queries.row(
      "SELECT count(*) AS n FROM conflicts WHERE substr(fingerprint, 1, CAST(? AS INTEGER)) != ?",
      [QueryValue(Fingerprint.version.count + 1), .text(Fingerprint.version + ":")])
    return row?.count("n") ?? 0
  }
}
