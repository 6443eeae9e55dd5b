import LCQSolver

/// Points as a person reads them, to two decimals, rounded so that what is said stays true: a
/// least figure rounded down, a greatest one up (`at least 99.66 pt` for 299/3).
public enum PointFigures {
  /// How a figure is rounded to two decimals.
  enum Rounding {
    /// Toward smaller values, for "at least".
    case down
    /// Toward larger values, for "at most".
    case up
    /// To the nearest, for a figure said to be about its value.
    case nearest
  }

  /// Figures of this many points or more are too large to say (a log's numbers past any screen).
  static let largest = Rational(1_000_000_000_000, 1)

  /// Whether `value` is small enough to say (under ``largest`` either way).
  public static func isSayable(_ value: Rational) -> Bool {
    -largest < value && value < largest
  }

  /// The sign a negative figure is written with: the minus sign (U+2212), as the constraints'
  /// own words write a subtraction, so that `−11 pt` never reads as a dash.
  static let minus = "\u{2212}"

  /// `value` to two decimals, trailing zeros dropped (`20.34`, `120`, `−11`).
  static func text(_ value: Rational, _ rounding: Rounding) -> String {
    guard -largest < value, value < largest else { return value.signum < 0 ? minus + "1e12" : "1e12" }
    let hundredths = value * Rational(100, 1)
    let double = hundredths.doubleValue
    var count: Int64
    switch rounding {
    case .down: count = Int64(double.rounded(.down))
    case .up: count = Int64(double.rounded(.up))
    case .nearest: count = Int64(double.rounded())
    }
    // The double may be off by one in the last place: settle the count exactly.
    switch rounding {
    case .down:
      while Rational(count, 1) > hundredths { count -= 1 }
      while !(hundredths < Rational(count + 1, 1)) { count += 1 }
    case .up:
      while Rational(count, 1) < hundredths { count += 1 }
      while !(Rational(count - 1, 1) < hundredths) { count -= 1 }
    case .nearest:
      break
    }
    let negative = count < 0
    let magnitude = count.magnitude
    var fraction = String(magnitude % 100)
    if fraction.count == 1 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (negative ? minus : "") + String(magnitude / 100) + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// `value` as an exact fraction (`299/3`, `−299/3`), for a figure two decimals do not say.
  static func fraction(_ value: Rational) -> String {
    value.signum < 0 ? minus + "\(-value)" : "\(value)"
  }

  /// An exact figure in points: `16 pt`, or `about 0.21 pt` when two decimals do not say it.
  public static func points(_ value: Rational) -> String {
    (isExact(value) ? "" : "about ") + text(value, .nearest) + " pt"
  }

  /// Whether `value` is said exactly by two decimals.
  static func isExact(_ value: Rational) -> Bool {
    guard -largest < value, value < largest else { return false }
    let hundredths = value * Rational(100, 1)
    return Rational(Int64(hundredths.doubleValue.rounded()), 1) == hundredths
  }
}
