/// The runs that ran a test (`run_tests`, schema 15), against the runs that logged a conflict in
/// it (`occurrences.test`): the denominators of a test-aware gate and of the rates per test.
///
/// A run whose input held no test markers (or that an lcq before schema 15 stored) ran no test
/// as far as the store knows; its tests are unknown, so it counts in no test's runs.
enum TestRuns {
  /// Whether any run recorded the tests it ran; evaluated once in a statement (see
  /// ``TestQueries/anyTestLogged``).
  static let anyRecorded = "EXISTS (SELECT 1 FROM run_tests)"

  /// The runs `r` meeting `condition` (an SQL condition on `r`) that ran the test `test` (an SQL
  /// expression): a scalar count.
  static func ran(_ test: String, _ condition: String) -> String {
    """
    (SELECT count(*) FROM run_tests t JOIN runs r ON r.id = t.run_id WHERE t.test = \(test) AND \(condition))
    """
  }

  /// The tests that logged conflict `conflict` (an SQL expression): a subquery's `SELECT`.
  static func testsOf(_ conflict: String) -> String {
    "SELECT o.test FROM occurrences o WHERE o.conflict_id = \(conflict) AND o.test IS NOT NULL"
  }

  /// The runs `r` meeting `condition` that ran one of the tests that logged conflict `conflict`
  /// (an SQL expression): a scalar count.
  static func ranOneOf(_ conflict: String, _ condition: String) -> String {
    """
    (SELECT count(DISTINCT t.run_id) FROM run_tests t JOIN runs r ON r.id = t.run_id
      WHERE \(condition) AND t.test IN (\(testsOf(conflict))))
    """
  }

  /// Whether conflict `conflict` (an SQL expression) may be called quiet as far as its tests go:
  /// true unless it was logged in a test, the runs `r` meeting `since` recorded the tests they
  /// ran, and none of them ran one of its tests, so that its absence from them says nothing.
  /// A condition; `since`'s placeholders come twice, in order.
  static func ranOneOfItsTests(_ conflict: String, since: String) -> String {
    """
    NOT (\(anyRecorded)
      AND EXISTS (\(testsOf(conflict)))
      AND EXISTS (SELECT 1 FROM run_tests t JOIN runs r ON r.id = t.run_id WHERE \(since))
      AND NOT EXISTS (
        SELECT 1 FROM run_tests t JOIN runs r ON r.id = t.run_id
        WHERE \(since) AND t.test IN (\(testsOf(conflict)))))
    """
  }

  /// The runs `r` meeting `condition` (more `AND …` terms) that logged conflict `conflict` (an
  /// SQL expression) in a test: a scalar count.
  static func logged(_ conflict: String, _ condition: String) -> String {
    "(SELECT count(DISTINCT o.run_id) \(TestQueries.occurrences(of: conflict, condition)))"
  }
}

extension ConflictStore {
  /// `seen` with each conflict's ``CheckedConflict/testShare``: for a conflict logged in a test,
  /// how many runs of the scope (`inScope`) and of the previous scope (`previousScope`), both
  /// SQL conditions on runs `r` with the `named` values, ran that test, and how many of them
  /// logged the conflict in it. Left `nil` where no run of the scope recorded the test.
  func withTestShares(
    _ seen: [CheckedConflict], inScope: String, previousScope: String, named: [String: QueryValue]
  ) throws(StoreError) -> [CheckedConflict] {
    guard seen.contains(where: { $0.test != nil }),
      try queries.row("SELECT \(TestRuns.anyRecorded) AS recorded")?.flag("recorded") == true
    else { return seen }
    let sql = """
      SELECT \(TestRuns.logged("c.id", " AND o.test = :test AND \(inScope)")) AS runs,
        \(TestRuns.ran(":test", inScope)) AS ran,
        \(TestRuns.logged("c.id", " AND o.test = :test AND \(previousScope)")) AS previous_runs,
        \(TestRuns.ran(":test", previousScope)) AS previous_ran
      FROM conflicts c WHERE c.fingerprint = :fingerprint
      """
    var shared: [CheckedConflict] = []
    for var conflict in seen {
      if let test = conflict.test {
        var values = named
        values["test"] = .text(test)
        values["fingerprint"] = .text(conflict.fingerprint)
        if let row = try queries.row(sql, named: values), row.count("ran") >= max(row.count("runs"), 1) {
          conflict.testShare = RunShare(
            runs: row.count("runs"), of: row.count("ran"), previousRuns: row.count("previous_runs"),
            previousOf: max(row.count("previous_ran"), row.count("previous_runs")))
        }
      }
      shared.append(conflict)
    }
    return shared
  }
}
