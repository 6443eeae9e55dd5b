import Foundation
import LCQStore

/// A point in time given on the command line: a duration back from now (`90s`, `30m`, `24h`,
/// `7d`, `2w`), a UTC date (`2024-03-05`), or an ISO 8601 date-time (`2024-03-05T14:00:00Z`,
/// `2024-03-05T14:00:00+01:00`).
enum TimeArgument {
  /// The unix time `text` names, or `nil` when it names none (or one out of range).
  static func parse(_ text: String, now: Int64) -> Int64? {
    if let seconds = duration(text) {
      let (time, overflow) = now.subtractingReportingOverflow(seconds)
      return overflow ? nil : time
    }
    return date(text)
  }

  /// Seconds in `90s`, `30m`, `24h`, `7d`, `2w`.
  static func duration(_ text: String) -> Int64? {
    guard let unit = text.last, let count = Int64(text.dropLast()), count >= 0 else { return nil }
    let scale: Int64? =
      switch unit {
      case "s": 1
      case "m": 60
      case "h": 3600
      case "d": 86_400
      case "w": 604_800
      default: nil
      }
    guard let scale else { return nil }
    let (seconds, overflow) = count.multipliedReportingOverflow(by: scale)
    return overflow ? nil : seconds
  }

  static func date(_ text: String) -> Int64? {
    let parts = text.split(separator: "-", maxSplits: 2)
    if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    {
      var components = DateComponents(year: year, month: month, day: day)
      components.timeZone = .utc
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = .utc
      return calendar.date(from: components).map { Int64($0.timeIntervalSince1970) }
    }
    let formatter = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
      [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
    ] {
      formatter.formatOptions = options
      if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970) }
    }
    return nil
  }

  /// The help text for time options.
  static let help = "a duration back from now (30m, 24h, 7d, 2w), a UTC date (2024-03-05) or an ISO 8601 time"
}
