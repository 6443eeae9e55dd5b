/// How lcq writes a count in words in its messages and text: `1 conflict`, `2 conflicts` (the
/// plural adds an s). The report groups thousands besides (``ReportNumbers``).
public enum Wording {
  /// `count` and `noun`, the noun in the plural unless the count is one.
  public static func counted(_ count: some BinaryInteger, _ noun: String) -> String {
    "\(count) " + (count == 1 ? noun : noun + "s")
  }
}

extension Wording {
  /// `p = 0.5`, `p = 0.043`, `p < 0.001`: a p-value to three decimals.
  public static func pValue(_ p: Double) -> String {
    let thousandths = Int((p * 1000).rounded())
    return thousandths < 1 ? "p < 0.001" : "p = \(decimal(Double(thousandths) / 1000))"
  }

  /// A number in (0, 1] or a whole number as written: `0.05`, `0.043`, `1`, with no trailing
  /// zeros, to six decimals.
  public static func decimal(_ value: Double) -> String {
    let millionths = Int((value * 1_000_000).rounded())
    let whole = millionths / 1_000_000
    var fraction = String(millionths % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
  }
}

extension Wording {
  /// A stored miss in points (`conflicts.damage_points`) to two decimals, rounded down as
  /// `lcq analyze` says a least miss (`99.66` for 299/3): what a table shows and JSON writes.
  public static func damagePoints(_ value: Double) -> String {
    decimal(((value * 100) + 1e-9).rounded(.down) / 100)
  }
}
