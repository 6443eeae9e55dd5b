import LCQStore

/// One build of the report's conflict-free runs (the `run_health` panel), as the Markdown and
/// HTML pages show it: the share of its runs that logged no conflict, and the change from the
/// build before in percentage points (``ConflictFreeRate``).
struct BuildHealth {
  /// The build's name.
  var build: String
  /// Its runs.
  var runs: Int
  /// The share of them without a conflict: `95.0%`.
  var percent: String
  /// The change from the build before: `+5.0 pts`, `-2.5 pts`; `nil` when there is none.
  var change: String?
  /// The build before, when there is one.
  var previousBuild: String?

  /// The report's builds, newest first.
  static func rows(_ report: NightlyReport) -> [BuildHealth] {
    report.rows(Panels.RunHealth.self).map { row in
      let current = (free: Int(row.conflictFreeRuns.integer), all: Int(row.runs.integer))
      let previous = (free: Int(row.previousConflictFreeRuns.integer), all: Int(row.previousRuns.integer))
      let change = ConflictFreeRate.change(from: previous, to: current).map { points in
        (points.hasPrefix("-") || points == "0.0" ? points : "+" + points) + " pts"
      }
      return BuildHealth(
        build: row.build.text ?? "?", runs: current.all,
        percent: (ConflictFreeRate.percent(current.free, of: current.all) ?? "0.0") + "%", change: change,
        previousBuild: row.previousBuild.text)
    }
  }
}
