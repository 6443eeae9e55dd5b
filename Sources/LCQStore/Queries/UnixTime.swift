/// Unix times as ISO 8601 text, computed without Foundation's formatters (UTC only).
public enum UnixTime {
  /// `2024-03-05T22:10:01Z`.
  public static func iso(_ time: Int64) -> String {
    let seconds = ((time % 86_400) + 86_400) % 86_400
    return isoDay(time) + "T" + pad(seconds / 3600) + ":" + pad(seconds / 60 % 60) + ":" + pad(seconds % 60)
      + "Z"
  }

  /// `2024-03-05`.
  public static func isoDay(_ time: Int64) -> String {
    let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return String(year) + "-" + pad(month) + "-" + pad(day)
  }

  private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
