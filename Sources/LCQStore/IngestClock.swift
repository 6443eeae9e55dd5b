import Foundation
import LCQParsing

/// Turns log timestamps into unix times, filling what the log leaves out.
///
/// - A timestamp without a year (syslog, `idevicesyslog`) takes the ingest year, or the year
///   before when that would put it more than a day in the future.
/// - A timestamp without a UTC offset is read in the ingesting machine's time zone (`TZ`).
public struct IngestClock: Sendable {
  /// The ingest time, seconds since 1970.
  public var now: Int64
  private let timeZone: TimeZone
  /// The UTC year of `now`.
  private let year: Int

  /// Creates a clock for an ingest that starts at `now`.
  public init(now: Date = Date(), timeZone: TimeZone = .current) {
    self.now = Int64(now.timeIntervalSince1970.rounded(.down))
    self.timeZone = timeZone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .utc
    year = calendar.component(.year, from: now)
  }

  /// The unix time (whole seconds) of `timestamp`, `nil` when it cannot be a real time (the
  /// occurrence then takes the ingest time): out of range in a field (`2024-99-99`), before
  /// 1970, or more than a year after both the ingest time and this machine's clock (a
  /// `9999-12-31` line would otherwise keep its conflict from ever being quiet).
  public func time(of timestamp: LogTimestamp) -> Int64? {
    guard timestamp.isPlausible else { return nil }
    var resolved = timestamp
    if resolved.year == nil {
      resolved.year = year
      if let guess = seconds(resolved), guess > now + 86_400 { resolved.year = year - 1 }
    }
    guard let time = seconds(resolved), time >= 0, time <= latestPlausible else { return nil }
    return time
  }

  /// The latest time a log line may carry: a year after the ingest time or the machine's
  /// clock, whichever is later.
  private var latestPlausible: Int64 {
    max(now, Int64(Date().timeIntervalSince1970)) + 366 * 86_400
  }

  private func seconds(_ timestamp: LogTimestamp) -> Int64? {
    var stamp = timestamp
    if stamp.utcOffsetSeconds == nil {
      stamp.utcOffsetSeconds = 0
      guard let utc = stamp.unixTime else { return nil }
      let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utc))
      stamp.utcOffsetSeconds = offset
    }
    return stamp.unixTime.map { Int64($0.rounded(.down)) }
  }
}

extension TimeZone {
  /// Coordinated Universal Time, which every system knows.
  public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
}
