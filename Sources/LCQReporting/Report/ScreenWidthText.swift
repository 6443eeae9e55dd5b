import LCQStore

/// A conflict's stored width envelope (`width_safe_from`, `width_safe_to`,
/// `width_fires_everywhere`: docs/envelope.md) in a few words, for a report's table cell.
enum ScreenWidthText {
  /// `width < 375 pt`, `width > 308.9 pt`, `width ≠ 420 pt`, `every width`; `—` when the
  /// conflict has no width a screen stands for.
  static func short(from: PanelValue, to: PanelValue, everywhere: PanelValue) -> String {
    if case .null = everywhere { return "—" }
    if everywhere.integer == 1 { return "every width" }
    let low = from.real
    let high: Double? = if case .null = to { nil } else { to.real }
    let points = { (value: Double) in ReportNumbers.decimal(value) }
    switch (low > 0, high) {
    case (_, let high?) where high == low:
      return high == 0 ? "width > 0 pt" : "width ≠ \(points(high)) pt"
    case (true, nil): return "width < \(points(low)) pt"
    case (false, let high?): return "width > \(points(high)) pt"
    case (true, let high?): return "width < \(points(low)) or > \(points(high)) pt"
    case (false, nil): return "—"
    }
  }
}
