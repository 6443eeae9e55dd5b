import LCQAnalysis
import LCQStore

/// A conflict's stored width envelope (`width_safe_from`, `width_safe_to`,
/// `width_fires_everywhere`: docs/envelope.md) in a few words, for a report's table cell.
enum ScreenWidthText {
  /// `width < 375 pt`, `width > 308.9 pt`, `width ≠ 420 pt`, `every width`; `—` when the
  /// conflict has no width a screen stands for.
  static func short(from: PanelValue, to: PanelValue, everywhere: PanelValue) -> String {
    if case .null = everywhere { return "—" }
    if everywhere.integer == 1 { return "every width" }
    let high: Double? = if case .null = to { nil } else { to.real }
    let points = { (value: Double) in ReportNumbers.decimal(value) }
    switch FiringSides(low: from.real, high: high, zero: 0) {
    case .none: return "—"
    case .below(let low): return "width < \(points(low)) pt"
    case .above(let high): return "width > \(points(high)) pt"
    case .outside(let low, let high) where low == high: return "width ≠ \(points(high)) pt"
    case .outside(let low, let high): return "width < \(points(low)) or > \(points(high)) pt"
    }
  }
}
