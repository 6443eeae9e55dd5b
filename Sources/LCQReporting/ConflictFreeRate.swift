/// The share of runs that logged no conflict, as crash-free sessions are a share of sessions:
/// `95.0` percent, and its change from the build before in percentage points, `-2.5`. Both are
/// worked out in whole numbers and rounded once, half away from zero, to one decimal.
public enum ConflictFreeRate {
  /// `free` of `all` runs as a percentage with one decimal (`95.0`); `nil` without a run.
  public static func percent(_ free: Int, of all: Int) -> String? {
    guard all > 0 else { return nil }
    return tenths(1000 * free, over: all)
  }

  /// The change from `previous` (conflict-free runs, runs) to `current` in percentage points
  /// with one decimal (`5.0`, `-2.5`, `0.0`); `nil` when either has no run.
  public static func change(from previous: (free: Int, all: Int), to current: (free: Int, all: Int))
    -> String?
  {
    guard previous.all > 0, current.all > 0 else { return nil }
    return tenths(
      1000 * (current.free * previous.all - previous.free * current.all), over: current.all * previous.all)
  }

  /// The share as the report writes it: `95.0%` (`0.0%` without a run).
  static func shown(_ runs: (free: Int, all: Int)) -> String {
    (percent(runs.free, of: runs.all) ?? "0.0") + "%"
  }

  /// The change as the report writes it: `+5.0 pts`, `-2.5 pts`, `0.0 pts`; `nil` when either
  /// has no run.
  static func shownChange(from previous: (free: Int, all: Int), to current: (free: Int, all: Int)) -> String?
  {
    change(from: previous, to: current).map { points in
      (points.hasPrefix("-") || points == "0.0" ? points : "+" + points) + " pts"
    }
  }

  /// `numerator / denominator` tenths (the denominator positive), rounded half away from zero,
  /// written with one decimal.
  static func tenths(_ numerator: Int, over denominator: Int) -> String {
    let magnitude = (2 * abs(numerator) + denominator) / (2 * denominator)
    let sign = numerator < 0 && magnitude > 0 ? "-" : ""
    return "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}
