import LCQAnalysis

/// The SQL every query uses to show and filter by a conflict's code owners (schema 8's
/// `latest_code_owners`: the latest run that indexed a source tree decides), written once. The
/// dashboards in `dashboards/` spell the same view and conditions in their own files.
enum CodeOwnerColumns {
  /// The latest `source_files` and `code_owners` (the view's `owners`) of the conflict aliased
  /// `alias`, as two columns; NULL when no run mapped it.
  static func select(_ alias: String) -> String {
    """
    (SELECT lo.source_files FROM latest_code_owners lo WHERE lo.conflict_id = \(alias).id) AS source_files,
      (SELECT lo.owners FROM latest_code_owners lo WHERE lo.conflict_id = \(alias).id) AS code_owners
    """
  }

  /// ``select(_:)``'s columns and the latest `source_line` (schema 12), for the queries that
  /// place a conflict in its code (`lcq check`).
  static func selectWithLine(_ alias: String) -> String {
    """
    \(select(alias)),
      (SELECT lo.source_line FROM latest_code_owners lo WHERE lo.conflict_id = \(alias).id) AS source_line
    """
  }

  /// A condition on the conflict id column `column`: its latest mapping names the bound value
  /// `parameter` (`?`, or a named parameter such as `:team`) among its owners.
  static func ownedBy(_ column: String, _ parameter: String = "?") -> String {
    """
    \(column) IN (SELECT lo.conflict_id FROM latest_code_owners lo
      WHERE EXISTS (SELECT 1 FROM json_each(lo.owners) t WHERE t.value = \(parameter)))
    """
  }
}

extension QueryRow {
  /// The ownership in the columns ``CodeOwnerColumns/select(_:)`` names, `nil` when no run
  /// mapped the conflict.
  var codeOwnership: CodeOwnership? {
    guard let files = text("source_files"), let owners = text("code_owners") else { return nil }
    return CodeOwnership(sourceFiles: JSONText.strings(files) ?? [], owners: JSONText.strings(owners) ?? [])
  }

  /// The ownership with its first file's line, in the columns
  /// ``CodeOwnerColumns/selectWithLine(_:)`` names.
  var placedCodeOwnership: CodeOwnership? {
    guard var ownership = codeOwnership else { return nil }
    ownership.firstLine = integer("source_line").map(Int.init)
    return ownership
  }
}
