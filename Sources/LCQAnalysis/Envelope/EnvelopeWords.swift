import LCQSolver

/// An envelope in plain English: where the conflict fires, on which devices, and where it is
/// safe.
public enum EnvelopeWords {
  /// The most devices a sentence names before it counts the rest.
  static let namedDevices = 4

  /// `It fires when the cell's width is below 343 pt (where the cell spans the screen: iPhone SE
  /// (1st generation) portrait, iPad Slide Over); safe from 343 pt up.`
  public static func sentence(_ envelope: SizeEnvelope) -> String {
    let size = subject(envelope)
    guard let safe = envelope.safe else {
      return
        "It fires at every \(bare(envelope)): the conflict does not depend on the device, so the fix must "
        + "change the constraints, not the size\(held(envelope))."
    }
    let fires: String
    let range: String
    switch safe.firingSides {
    case .none:
      return "It holds at every \(bare(envelope))\(held(envelope))."
    case .above(let high) where high == .zero:
      return "It fires whenever \(size) is above 0 pt\(devices(envelope))\(held(envelope))."
    case .outside(let low, let high) where low == high:
      return "It fires unless \(size) is exactly \(points(high))\(devices(envelope))\(held(envelope))."
    case .below(let low):
      (fires, range) = ("below \(points(low))", "safe from \(points(low)) up")
    case .above(let high):
      (fires, range) = ("above \(points(high))", "safe up to \(points(high))")
    case .outside(let low, let high):
      (fires, range) = (
        "below \(points(low)) or above \(points(high))", "safe from \(points(low)) to \(points(high))"
      )
    }
    return "It fires when \(size) is \(fires)\(devices(envelope)); \(range)\(held(envelope))."
  }

  /// What a fix does across the sizes: `It holds at every cell width.`, or where it holds.
  public static func fixSentence(_ ranges: [FixSuggestion.SizeRange], envelopes: [SizeEnvelope]) -> String? {
    guard !ranges.isEmpty else { return nil }
    var parts: [String] = []
    for range in ranges {
      guard let envelope = envelopes.first(where: { $0.constraint == range.constraint }) else { continue }
      guard let holds = range.holds else {
        parts.append("at no \(bare(envelope))")
        continue
      }
      switch holds.firingSides {
      case .none: parts.append("at every \(bare(envelope))")
      case .below(let low): parts.append("for \(plural(envelope)) from \(points(low)) up")
      case .above(let high): parts.append("for \(plural(envelope)) up to \(points(high))")
      case .outside(let low, let high):
        parts.append("for \(plural(envelope)) from \(points(low)) to \(points(high))")
      }
    }
    guard !parts.isEmpty else { return nil }
    let everywhere = ranges.allSatisfy { $0.holds?.isEverySize ?? false }
    return "With it the layout holds \(parts.joined(separator: " and "))"
      + (everywhere ? "." : "; elsewhere it still conflicts.")
  }

  /// `the cell's width`, `the temporary fitting width`.
  public static func subject(_ envelope: SizeEnvelope) -> String {
    envelope.container == "fitting"
      ? "the temporary fitting \(envelope.axis.rawValue)"
      : "the \(envelope.container)'s \(envelope.axis.rawValue)"
  }

  /// `cell width`, `fitting width`.
  static func bare(_ envelope: SizeEnvelope) -> String { "\(envelope.container) \(envelope.axis.rawValue)" }

  /// `cell widths`.
  static func plural(_ envelope: SizeEnvelope) -> String { bare(envelope) + "s" }

  /// ` (where the cell spans the screen: iPhone SE (1st generation) portrait, …)`, or nothing
  /// when no screen stands for the size. When most of the table fires, the devices that do not
  /// are named instead.
  static func devices(_ envelope: SizeEnvelope) -> String {
    guard envelope.tracksScreen else { return "" }
    let firing = DeviceSizes.firing(envelope)
    let spans =
      envelope.container == "window"
      ? "the window fills the screen" : "the \(envelope.container) spans the screen"
    let sized = DeviceSizes.sized(on: envelope.axis).map(\.entry)
    if firing.isEmpty { return " (where \(spans): on no device screen in lcq's table)" }
    if firing.count == sized.count { return " (where \(spans): on every device screen in lcq's table)" }
    if firing.count * 2 > sized.count {
      let safe = sized.filter { !firing.contains($0) }.map(\.name)
      return " (where \(spans): on every device screen in lcq's table but \(list(safe)))"
    }
    return " (where \(spans): \(list(firing.map(\.name))))"
  }

  /// Up to ``namedDevices`` names, then how many more.
  static func list(_ names: [String]) -> String {
    var shown = names.prefix(namedDevices).joined(separator: ", ")
    if names.count > namedDevices { shown += " and \(names.count - namedDevices) more" }
    return shown
  }

  /// `, with [10] held as logged`.
  static func held(_ envelope: SizeEnvelope) -> String {
    guard !envelope.held.isEmpty else { return "" }
    return ", with " + envelope.held.map { "[\($0 + 1)]" }.joined(separator: " and ") + " held as logged"
  }

  /// A size in points: whole or to four decimals (`343 pt`, `41.6667 pt`).
  public static func points(_ value: Rational) -> String {
    number(value) + " pt"
  }

  /// A size to four decimals, trailing zeros dropped (`343`, `41.6667`).
  public static func number(_ value: Rational) -> String {
    let scaled = (value.doubleValue * 10_000).rounded()
    let negative = scaled < 0
    let magnitude = Int64(abs(scaled))
    let whole = magnitude / 10_000
    var fraction = String(magnitude % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }
}
