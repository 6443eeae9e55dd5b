import LCQStore

/// One test of the report's conflict-free runs per test (the `test_health` panel), as the
/// Markdown and HTML pages show it: the share of the newest build's runs of the test that logged
/// no conflict in it, and the change from the build before in percentage points
/// (``ConflictFreeRate``).
struct TestHealth {
  /// The test's name.
  var test: String
  /// The newest build that recorded its tests.
  var build: String
  /// Runs of that build that ran the test.
  var runs: Int
  /// The share of them that logged no conflict in it: `95.0%`.
  var percent: String
  /// The change from the build before: `+5.0 pts`; `nil` when the test did not run there.
  var change: String?
  /// The build before, when the test ran there.
  var previousBuild: String?

  /// The report's tests, the lowest share first.
  static func rows(_ report: NightlyReport) -> [TestHealth] {
    report.rows(Panels.TestHealth.self).map { row in
      let current = (free: Int(row.conflictFreeRuns.integer), all: Int(row.runs.integer))
      let previous = (free: Int(row.previousConflictFreeRuns.integer), all: Int(row.previousRuns.integer))
      let change = ConflictFreeRate.shownChange(from: previous, to: current)
      return TestHealth(
        test: row.test.text ?? "?", build: row.build.text ?? "?", runs: current.all,
        percent: ConflictFreeRate.shown(current), change: change,
        previousBuild: row.previousBuild.text)
    }
  }
}
