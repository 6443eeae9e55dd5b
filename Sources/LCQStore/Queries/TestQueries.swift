/// The SQL that reads which tests logged a conflict (`occurrences.test`, docs/tests.md), the
/// same for both engines.
///
/// Each statement is guarded by ``anyTestLogged``: the store's occurrences are read only when
/// one of them was logged in a test. Stores whose logs held no markers (most, and every store
/// before schema 13) answer from the empty partial index instead of reading every occurrence
/// of a conflict or a window.
enum TestQueries {
  /// Whether any occurrence was logged in a test (SQLite answers it from
  /// `occurrences_conflict_test`, which holds only such rows). It does not depend on the row:
  /// in a statement's `WHERE`, or around a subquery (`CASE WHEN`), it is evaluated once; inside
  /// a correlated subquery it would be evaluated for every row.
  static let anyTestLogged = "EXISTS (SELECT 1 FROM occurrences tested WHERE tested.test IS NOT NULL)"

  /// The occurrences `o` (with their runs `r`) of the conflict `conflict` (an SQL expression)
  /// logged in a test and meeting `condition` (more `AND …` terms, or nothing): the `FROM` and
  /// `WHERE` of a subquery, unguarded.
  static func occurrences(of conflict: String, _ condition: String) -> String {
    """
    FROM occurrences o JOIN runs r ON r.id = o.run_id
    WHERE o.conflict_id = \(conflict) AND o.test IS NOT NULL\(condition)
    """
  }

  /// ``occurrences(of:_:)`` guarded by ``anyTestLogged``: the `FROM` and `WHERE` of a statement
  /// of its own (not of a correlated subquery).
  static func logged(by conflict: String, _ condition: String) -> String {
    """
    \(occurrences(of: conflict, condition)) AND \(anyTestLogged)
    """
  }

  /// The test of conflict `conflict`'s occurrence that `order` (a ``TieOrder``) puts first among
  /// those logged in a test and meeting `condition`: a scalar expression, NULL when none is.
  static func first(of conflict: String, _ condition: String, _ order: String) -> String {
    """
    CASE WHEN \(anyTestLogged) THEN (SELECT o.test \(occurrences(of: conflict, condition)) ORDER BY \(order) LIMIT 1) END
    """
  }

  /// How many distinct tests logged conflict `conflict`'s occurrences meeting `condition`: a
  /// scalar expression.
  static func count(of conflict: String, _ condition: String) -> String {
    """
    CASE WHEN \(anyTestLogged) THEN (SELECT count(DISTINCT o.test) \(occurrences(of: conflict, condition))) ELSE 0 END
    """
  }
}
