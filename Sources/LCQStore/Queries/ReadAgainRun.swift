/// A run that read conflict messages and stored none of them as new: each was already stored
/// for its build and run (docs/store.md, "The identity of an occurrence"), so it is a log read
/// again. Such a run is not a run of its own where runs are counted for their health: it is
/// never conflict-free, since the run that stored its messages counts them. The dashboards'
/// `run_health.sql` and `test_health.sql` write the same condition.
enum ReadAgainRun {
  /// SQL true for a read-again run `alias` of `runs`.
  static func condition(_ alias: String) -> String {
    "(\(alias).occurrences = 0 AND \(alias).duplicates > 0)"
  }
}
