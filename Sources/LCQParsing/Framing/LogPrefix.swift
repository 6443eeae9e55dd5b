/// What the text before a message on its first line says: when, which process, which pid.
public struct LogPrefix: Sendable, Hashable {
  /// The timestamp, when the prefix has one.
  public var timestamp: LogTimestamp?
  /// The process name.
  public var process: String?
  /// The process id.
  public var pid: Int?

  /// Creates a prefix.
  public init(timestamp: LogTimestamp? = nil, process: String? = nil, pid: Int? = nil) {
    self.timestamp = timestamp
    self.process = process
    self.pid = pid
  }

  /// Reads the prefix of every supported log style: Xcode console and NSLog, `log stream` /
  /// `log show` (default, compact, syslog), Console.app, BSD syslog, `idevicesyslog`,
  /// `process[pid:tid]` alone. Unknown text yields an empty prefix, never an error.
  public static func parse(_ text: String) -> LogPrefix {
    parse(bytes: Array(text.utf8))
  }

  /// Reads the prefix from its UTF-8 bytes (see ``parse(_:)``).
  static func parse(bytes: [UInt8]) -> LogPrefix {
    var scanner = PrefixScanner(bytes: bytes)
    return scanner.read()
  }
}

/// The work behind ``LogPrefix/parse(_:)``.
struct PrefixScanner {
  let bytes: [UInt8]

  mutating func read() -> LogPrefix {
    var prefix = LogPrefix()
    var rest = 0
    if let (timestamp, after) = findTimestamp() ?? findTimestampAfterProse() {
      // An impossible date (month 99, hour 25) is read past but not kept: a time a log cannot
      // have printed would place the event anywhere, and keep a conflict out of `quiet`.
      prefix.timestamp = timestamp.isPlausible ? timestamp : nil
      rest = after
    }
    if let unified = readUnifiedDefaultStyle(from: rest) {
      prefix.process = unified.process
      prefix.pid = unified.pid
      return prefix
    }
    if let (process, pid) = readProcessAndPid(from: rest) {
      prefix.process = process
      prefix.pid = pid
    } else if let process = readConsoleColumns(from: rest) {
      prefix.process = process
    }
    return prefix
  }

  /// A timestamp after prose the poster wrote before the line (`…the following appears:
  /// 2019-05-01 10:00:00.123 MyApp[123:456] `), past the first 48 bytes: the first full date and
  /// time that a `Name[pid]` follows.
  private func findTimestampAfterProse() -> (LogTimestamp, Int)? {
    var index = 48
    while index < bytes.count {
      if bytes[index].isASCIIDigit, !bytes[index - 1].isASCIIDigit,
        let found = readISO(at: index) ?? readSlashed(at: index), readProcessAndPid(from: found.1) != nil
      {
        return found
      }
      index += 1
    }
    return nil
  }

  /// Console.app's copied columns after the time, separated by tabs: the message type
  /// (`Default`, `Error`…) when shown, then the process, then the message.
  private func readConsoleColumns(from start: Int) -> String? {
    var fields = bytes[start...].split(separator: .tab, omittingEmptySubsequences: false).map {
      $0.drop(while: \.isBlank)
    }
    // The last field is the message's start (empty: the header followed a tab).
    guard fields.count >= 2 else { return nil }
    fields.removeLast()
    if let first = fields.first, first.isEmpty { fields.removeFirst() }
    var columnsSeen = false
    // The type and a time without a date (`12:26:35.200431 +0100`: no date, so no timestamp
    // is kept) come in either order.
    while let first = fields.first,
      Self.consoleTypes.contains(String(decoding: first, as: UTF8.self).lowercased())
        || (first.first?.isASCIIDigit == true && first.contains(UInt8(ascii: ":")))
    {
      fields.removeFirst()
      columnsSeen = true
    }
    guard columnsSeen || start > 0, fields.count == 1, var field = fields.first else { return nil }
    while let last = field.last, last.isBlank { field.removeLast() }
    let name = String(decoding: field, as: UTF8.self)
    guard !name.isEmpty, name.utf8.count <= 64, !name.contains(":") else { return nil }
    return name
  }

  /// The message types Console.app shows in its Type column.
  private static let consoleTypes: Set<String> = [
    "default", "info", "debug", "error", "fault", "notice", "activity",
  ]

  // MARK: Timestamps

  /// Looks for a timestamp in the first 48 bytes (stray characters may precede it).
  private func findTimestamp() -> (LogTimestamp, Int)? {
    let limit = min(bytes.count, 48)
    var index = 0
    while index < limit {
      if bytes[index].isASCIIDigit, index == 0 || !bytes[index - 1].isASCIIDigit {
        if let found = readISO(at: index) ?? readSlashed(at: index) { return found }
      }
      if bytes[index].isASCIILetter, index == 0 || !bytes[index - 1].isASCIILetter,
        let found = readMonthName(at: index)
      {
        return found
      }
      index += 1
    }
    return nil
  }

  /// `2024-03-05 14:10:01.123457-0800` (offset optional, `T` accepted).
  private func readISO(at start: Int) -> (LogTimestamp, Int)? {
    guard let year = number(at: start, digits: 4), byte(start + 4) == "-",
      let month = number(at: start + 5, digits: 2), byte(start + 7) == "-",
      let day = number(at: start + 8, digits: 2), byte(start + 10) == " " || byte(start + 10) == "T",
      let (hour, minute, second, fraction, afterTime) = readTime(at: start + 11)
    else { return nil }
    var index = afterTime
    var offset: Int?
    // Console.app puts a blank before the offset (`12:26:35.200431 +0100`).
    if byte(index) == " ", byte(index + 1) == "+" || byte(index + 1) == "-",
      number(at: index + 2, digits: 4) != nil
    {
      index += 1
    }
    if byte(index) == "+" || byte(index) == "-", let hours = number(at: index + 1, digits: 2) {
      let sign = byte(index) == "-" ? -1 : 1
      if let minutes = number(at: index + 3, digits: 2) {
        offset = sign * (hours * 3600 + minutes * 60)
        index += 5
      } else if byte(index + 3) == ":", let minutes = number(at: index + 4, digits: 2) {
        offset = sign * (hours * 3600 + minutes * 60)
        index += 6
      }
    } else if byte(index) == "Z" {
      offset = 0
      index += 1
    }
    let stamp = LogTimestamp(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      fraction: fraction, utcOffsetSeconds: offset, text: text(start, index))
    return (stamp, index)
  }

  /// Console.app: `11/15/14 7:37:32.893 AM`, `2/19/2016 3:28:57.233 PM`, `21/03/2018 21:50:12.007`.
  private func readSlashed(at start: Int) -> (LogTimestamp, Int)? {
    guard let (first, afterFirst) = variableNumber(at: start, maxDigits: 2), byte(afterFirst) == "/",
      let (second, afterSecond) = variableNumber(at: afterFirst + 1, maxDigits: 2), byte(afterSecond) == "/",
      let (yearValue, afterYear) = variableNumber(at: afterSecond + 1, maxDigits: 4),
      byte(afterYear) == " ",
      let (hour, minute, secondValue, fraction, afterTime) = readTime(at: afterYear + 1)
    else { return nil }
    let year = afterYear - afterSecond - 1 == 2 ? 2000 + yearValue : yearValue
    let dayFirst = first > 12
    var hour24 = hour
    var index = afterTime
    if byte(index) == " ", byte(index + 2) == "M", byte(index + 1) == "A" || byte(index + 1) == "P" {
      if byte(index + 1) == "P", hour < 12 { hour24 += 12 }
      if byte(index + 1) == "A", hour == 12 { hour24 = 0 }
      index += 3
    }
    let stamp = LogTimestamp(
      year: year, month: dayFirst ? second : first, day: dayFirst ? first : second, hour: hour24,
      minute: minute, second: secondValue, fraction: fraction, utcOffsetSeconds: nil, text: text(start, index)
    )
    return (stamp, index)
  }

  /// BSD syslog and idevicesyslog: `Mar  4 18:25:38` (no year).
  private func readMonthName(at start: Int) -> (LogTimestamp, Int)? {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    guard start + 3 <= bytes.count,
      let month = months.firstIndex(of: text(start, start + 3)), byte(start + 3) == " "
    else { return nil }
    var index = start + 4
    if byte(index) == " " { index += 1 }
    guard let (day, afterDay) = variableNumber(at: index, maxDigits: 2), byte(afterDay) == " ",
      let (hour, minute, second, fraction, afterTime) = readTime(at: afterDay + 1)
    else { return nil }
    let stamp = LogTimestamp(
      year: nil, month: month + 1, day: day, hour: hour, minute: minute, second: second,
      fraction: fraction, utcOffsetSeconds: nil, text: text(start, afterTime))
    return (stamp, afterTime)
  }

  /// `H:MM:SS[.fff…]` or `HH:MM:SS[.fff…]`.
  private func readTime(at start: Int) -> (Int, Int, Int, String, Int)? {
    guard let (hour, afterHour) = variableNumber(at: start, maxDigits: 2), byte(afterHour) == ":",
      let minute = number(at: afterHour + 1, digits: 2), byte(afterHour + 3) == ":",
      let second = number(at: afterHour + 4, digits: 2)
    else { return nil }
    var index = afterHour + 6
    var fraction = ""
    if byte(index) == "." || byte(index) == ",", index + 1 < bytes.count, bytes[index + 1].isASCIIDigit {
      let fractionStart = index + 1
      index += 1
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
      fraction = text(fractionStart, index)
    }
    return (hour, minute, second, fraction, index)
  }

  // MARK: Process and pid

  /// `log stream` default style: `0x1f2e3d   Default   0x0   4242   0    MyApp: (UIKitCore) …`: five
  /// space-separated fields (thread, type, activity, pid, TTL), then the process name up to a
  /// colon.
  private func readUnifiedDefaultStyle(from start: Int) -> (process: String, pid: Int)? {
    var fields: [Range<Int>] = []
    var index = start
    while fields.count < 5 {
      // The message must follow the fields.
      guard let field = nextWord(&index, end: bytes.count), index < bytes.count else { return nil }
      fields.append(field)
      index += 1
    }
    guard hasHexPrefix(fields[0]), hasHexPrefix(fields[2]), let pid = integer(in: fields[3]),
      integer(in: fields[4]) != nil
    else { return nil }
    while index < bytes.count, bytes[index] == .space { index += 1 }
    let nameStart = index
    while index < bytes.count, bytes[index] != UInt8(ascii: ":") { index += 1 }
    guard index < bytes.count, index > nameStart else { return nil }
    return (text(nameStart, index), pid)
  }

  /// `Name[pid]`, `Name[pid:tid]` or `Name(Library)[pid]`, after the timestamp.
  private func readProcessAndPid(from start: Int) -> (String?, Int)? {
    var index = start
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "["),
        let (pid, afterPid) = variableNumber(at: index + 1, maxDigits: 10)
      else {
        index += 1
        continue
      }
      var close = afterPid
      let hasThread = byte(close) == ":"
      if hasThread {
        close += 1
        while close < bytes.count, bytes[close].isHexDigit { close += 1 }
      }
      guard byte(close) == "]" else {
        index += 1
        continue
      }
      let name = processName(in: start..<index, keepSpaces: hasThread)
      return (name.isEmpty ? nil : name, pid)
    }
    return nil
  }

  /// The process name in the text before `[pid]`: without a library in parentheses or braces, without
  /// what precedes a tab, and without leading noise (a syslog host, a compact-style type code
  /// such as `Df`, `AM`/`PM`, stray pasted characters). Unless `keepSpaces`, only the last word.
  private func processName(in range: Range<Int>, keepSpaces: Bool) -> String {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, bytes[start].isBlank { start += 1 }
    while end > start, bytes[end - 1].isBlank { end -= 1 }
    // `MyApp(UIKitCore)` (idevicesyslog), `MyApp{UIKitCore}` (pymobiledevice3).
    for (opener, closer) in [("(", ")"), ("{", "}")] as [(Unicode.Scalar, Unicode.Scalar)] {
      if end > start, bytes[end - 1] == UInt8(ascii: closer),
        let open = bytes[start..<end].lastIndex(of: UInt8(ascii: opener))
      {
        end = open
      }
    }
    if let tab = bytes[start..<end].lastIndex(of: .tab) { start = tab + 1 }
    var words: [Range<Int>] = []
    var index = start
    while let word = nextWord(&index, end: end) { words.append(word) }
    var first = 0
    while words.count - first > 1, Self.isTypeCode(bytes[words[first]]) { first += 1 }
    // Prose before the name (`…the following appears: My App[123:456]`) ends at a colon.
    if let colon = words.dropLast().lastIndex(where: { bytes[$0.upperBound - 1] == UInt8(ascii: ":") }) {
      first = max(first, colon + 1)
    }
    guard let last = words.last else { return "" }
    if !keepSpaces { return text(last.lowerBound, last.upperBound) }
    return words[first...].map { text($0.lowerBound, $0.upperBound) }.joined(separator: " ")
  }

  /// The words that precede a process name without being one.
  private static let typeCodes: Set<[UInt8]> = Set(
    ["Df", "In", "Db", "Er", "Ft", "Fa", "AM", "PM", "A", "E", "I", "D", "F"].map { Array($0.utf8) })

  private static func isTypeCode(_ word: ArraySlice<UInt8>) -> Bool {
    word.count <= 2 && typeCodes.contains(Array(word))
  }

  // MARK: Bytes

  private func byte(_ index: Int) -> Unicode.Scalar? {
    index < bytes.count ? Unicode.Scalar(bytes[index]) : nil
  }

  /// The next run of bytes other than spaces in `index..<end`, after any spaces; moves `index`
  /// to its end. `nil` when only spaces are left.
  private func nextWord(_ index: inout Int, end: Int) -> Range<Int>? {
    while index < end, bytes[index] == .space { index += 1 }
    let wordStart = index
    while index < end, bytes[index] != .space { index += 1 }
    return index > wordStart ? wordStart..<index : nil
  }

  private func hasHexPrefix(_ field: Range<Int>) -> Bool {
    field.count >= 2 && bytes[field.lowerBound] == UInt8(ascii: "0")
      && bytes[field.lowerBound + 1] == UInt8(ascii: "x")
  }

  /// The whole field as a decimal integer with an optional sign, as `Int(_:)` reads it.
  private func integer(in field: Range<Int>) -> Int? {
    var index = field.lowerBound
    var negative = false
    if index < field.upperBound, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < field.upperBound else { return nil }
    var value = 0
    while index < field.upperBound {
      guard bytes[index].isASCIIDigit else { return nil }
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let digit = Int(bytes[index] - UInt8(ascii: "0"))
      let (next, overflow2) =
        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else { return nil }
      value = next
      index += 1
    }
    return value
  }

  private func number(at index: Int, digits: Int) -> Int? {
    guard index >= 0, index + digits <= bytes.count else { return nil }
    var value = 0
    for offset in index..<(index + digits) {
      guard bytes[offset].isASCIIDigit else { return nil }
      value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
    }
    return value
  }

  /// 1 to `maxDigits` digits (more than that is no number); `maxDigits` is at most 18.
  private func variableNumber(at index: Int, maxDigits: Int) -> (Int, Int)? {
    var end = index
    var value = 0
    while end < bytes.count, end - index < maxDigits, bytes[end].isASCIIDigit {
      value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
      end += 1
    }
    guard end > index, end >= bytes.count || !bytes[end].isASCIIDigit else { return nil }
    return (value, end)
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }
}
