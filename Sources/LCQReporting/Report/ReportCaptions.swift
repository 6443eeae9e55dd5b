import LCQStore

/// Sentences the report says the same in every format.
enum ReportCaptions {
  /// Under "On the smallest screens": the widths `dashboards/small_screens.sql` asks about.
  static let smallScreens =
    "Conflicts that fire at some width from 320 to 375 pt (iPhone SE (1st generation), iPad Slide Over)"

  /// Under "Top conflicts": the conflicts whose damage is invisible, counted apart
  /// (`invisible_damage`), `nil` when there are none.
  static func invisibleDamage(_ report: NightlyReport) -> String? {
    guard let row = report.rows(Panels.InvisibleDamage.self).first, row.conflicts.integer > 0 else {
      return nil
    }
    return
      "Not listed: \(ReportNumbers.counted(row.conflicts.integer, "conflict")) whose damage is invisible "
      + "(under half a point), with \(ReportNumbers.counted(row.occurrences.integer, "occurrence")) "
      + "in \(ReportNumbers.counted(row.runs.integer, "run"))."
  }

  /// A top conflict's "Shows" cell: `visible, 99.66 pt`, `subpixel, 0.6 pt`, or `not known`
  /// without a damage figure.
  static func shows(_ shows: PanelValue, _ points: PanelValue) -> String {
    guard let shows = shows.text else { return "not known" }
    if case .null = points { return shows }
    return "\(shows), \(Wording.damagePoints(points.real)) pt"
  }
}
