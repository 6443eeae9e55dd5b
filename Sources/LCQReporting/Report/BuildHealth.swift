import Foundation
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
  /// None of its runs logged a conflict message of any owner, while most of the build before's
  /// did: the messages may have been turned off (docs/owners.md, "Silence is not health").
  var isSilent = false

  /// What the report says of a silent build.
  var silence: String {
    "Build \(build): none of its \(Wording.counted(runs, "run")) logged a conflict message of any kind, after most of "
      + "build \(previousBuild ?? "?")'s did: check that the app did not turn the messages off."
  }

  /// What the report says of where the newest run that read a source tree found the messages
  /// turned off (`path:line what`, from the `ingestion_health` panel's JSON array).
  static func loggingOff(_ panelValue: PanelValue?) -> [String] {
    let list = panelValue?.text.flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]
    }
    return (list ?? []).map { LoggingOffText.sentence($0) + "." }
  }

  /// The report's builds, newest first.
  static func rows(_ report: NightlyReport) -> [BuildHealth] {
    report.rows(Panels.RunHealth.self).map { row in
      let current = (free: Int(row.conflictFreeRuns.integer), all: Int(row.runs.integer))
      let previous = (free: Int(row.previousConflictFreeRuns.integer), all: Int(row.previousRuns.integer))
      let change = ConflictFreeRate.shownChange(from: previous, to: current)
      let silent = (runs: Int(row.silentRuns.integer), previous: Int(row.previousSilentRuns.integer))
      return BuildHealth(
        build: row.build.text ?? "?", runs: current.all,
        percent: ConflictFreeRate.shown(current), change: change,
        previousBuild: row.previousBuild.text,
        isSilent: current.all > 0 && silent.runs == current.all && previous.all > 0
          && 2 * silent.previous < previous.all)
    }
  }
}
