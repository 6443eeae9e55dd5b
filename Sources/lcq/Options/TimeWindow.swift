import ArgumentParser

/// `--since` and `--until`, read the same way by every command: `--until` is a time or a
/// duration back from now, and defaults to now; `--since` is a time or a duration back from
/// `--until`. A window whose start is not before its end is refused.
struct TimeWindow {
  /// The start, when given.
  var since: Int64?
  /// The end (exclusive), when given.
  var until: Int64?

  /// The help text for `--since`.
  static let sinceHelp =
    "The window's start: a duration back from --until (30m, 24h, 7d, 2w), a UTC date (2024-03-05) or an ISO 8601 time."
  /// The help text for `--until`.
  static let untilHelp =
    "The window's end, exclusive (default: now): a duration back from now, a UTC date or an ISO 8601 time."

  /// Resolves the options at `now`; a usage error names the option that is wrong. Without
  /// `--until` the window ends at `defaultUntil` (the report's: now), or is open.
  init(since: String?, until: String?, now: Int64, defaultUntil: Int64? = nil) throws(ValidationError) {
    if let until {
      guard let end = TimeArgument.parse(until, now: now) else {
        throw ValidationError("--until '\(until)' is not \(TimeArgument.help)")
      }
      self.until = end
    } else {
      self.until = defaultUntil
    }
    if let since {
      guard let start = TimeArgument.parse(since, now: self.until ?? now) else {
        throw ValidationError("--since '\(since)' is not \(TimeArgument.help)")
      }
      self.since = start
    }
    if let start = self.since, let end = self.until, start >= end {
      throw ValidationError("--since must be before --until")
    }
  }
}
