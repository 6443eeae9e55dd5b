/// A timestamp as a log prefix printed it, to the precision it printed.
///
/// Formats differ: unified-log lines carry microseconds and a UTC offset, `--style compact`
/// milliseconds and no offset, BSD syslog and `idevicesyslog` no year at all.
/// Nothing is invented: missing parts stay `nil`.
public struct LogTimestamp: Sendable, Hashable {
  /// Four-digit year, when printed.
  public var year: Int?
  /// Month, 1–12.
  public var month: Int
  /// Day of the month, 1–31.
  public var day: Int
  /// Hour, 0–23 (12-hour clocks are converted).
  public var hour: Int
  /// Minute, 0–59.
  public var minute: Int
  /// Second, 0–60.
  public var second: Int
  /// The fractional-second digits as printed (`"123457"`, `"124"`, or empty).
  public var fraction: String
  /// Offset from UTC in seconds, when printed (`-0800` is `-28800`).
  public var utcOffsetSeconds: Int?
  /// The timestamp text exactly as it appeared.
  public var text: String

  /// Whether every part is in range: a year from 1970 to 9999 (when printed), a month, a day
  /// that month has (29 February in any year), an hour, minute and second of a day (a leap
  /// second allowed), and a UTC offset of at most 14 hours.
  public var isPlausible: Bool {
    let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...daysInMonth[month - 1]).contains(day) else { return false }
    guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return false }
    if let year, !(1970...9999).contains(year) { return false }
    if let offset = utcOffsetSeconds, abs(offset) > 14 * 3600 { return false }
    return true
  }

  /// Creates a timestamp from its parts.
  public init(
    year: Int?, month: Int, day: Int, hour: Int, minute: Int, second: Int,
    fraction: String, utcOffsetSeconds: Int?, text: String
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.fraction = fraction
    self.utcOffsetSeconds = utcOffsetSeconds
    self.text = text
  }

  /// ISO-8601 text: an instant (`2024-03-05T14:10:01.123457-08:00`) when the offset is known,
  /// a local date-time without offset when it is not, and `nil` when the year is missing.
  public var iso8601: String? {
    guard let year else { return nil }
    var result =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    if !fraction.isEmpty { result += "." + fraction }
    if let offset = utcOffsetSeconds {
      if offset == 0 {
        result += "Z"
      } else {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        result += "\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
      }
    }
    return result
  }

  /// Seconds since 1970-01-01T00:00:00Z, when year and offset are both known.
  public var unixTime: Double? {
    guard let year, let offset = utcOffsetSeconds else { return nil }
    let days = Self.daysFromCivil(year: year, month: month, day: day)
    let whole = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    let fractionValue = fraction.isEmpty ? 0 : (Double("0." + fraction) ?? 0)
    return Double(whole) + fractionValue
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
