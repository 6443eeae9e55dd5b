/// Sentences the report says the same in every format.
enum ReportCaptions {
  /// Under "On the smallest screens": the widths `dashboards/small_screens.sql` asks about.
  static let smallScreens =
    "Conflicts that fire at some width from 320 to 375 pt (iPhone SE (1st generation), iPad Slide Over)"
}
