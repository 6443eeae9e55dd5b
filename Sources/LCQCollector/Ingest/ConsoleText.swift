#if Collector
  import Foundation
  import LCQParsing
  import LCQStore

  /// The console text of a run's log records, as lcq's scanner reads a log: each record's body
  /// on lines of its own, in the order sent, so that a message sent as several records (one a
  /// line, as a file-reading collector sends them) is read whole.
  ///
  /// Two things are written that the bodies may not hold, so that the text says what the
  /// records' fields say:
  /// - **The time.** A record whose body starts a conflict message with no timestamp before it
  ///   (an app's own `OSLogStore` entry, say) gets the prefix the Xcode console prints,
  ///   `2026-11-28 09:41:07.123456+0000 App[pid] `, from the record's time (and `service.name`
  ///   and `process.pid`, when it has both). The occurrence then has the record's time, and
  ///   the same record sent again is the same occurrence (docs/store.md's identity).
  /// - **The test.** When `test.case.name` changes from one record to the next, XCTest's
  ///   markers for the end of the one and the start of the other are written between them,
  ///   so each message is stored with its test (docs/tests.md). The word in the end marker is
  ///   not read: any outcome ends a test.
  enum ConsoleText {
    /// The text of `records`.
    static func of(_ records: [ReceivedRecord]) -> [UInt8] {
      var text: [UInt8] = []
      var runningTest: String?
      for record in records {
        guard let body = record.body else { continue }
        let test = record.attributes[SemanticConventions.test].flatMap { $0.isEmpty ? nil : $0 }
        if test != runningTest {
          if let runningTest { text.append(contentsOf: "Test Case '\(runningTest)' passed.\n".utf8) }
          if let test { text.append(contentsOf: "Test Case '\(test)' started.\n".utf8) }
          runningTest = test
        }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
          text.append(contentsOf: prefixed(Array(line.utf8), record))
          text.append(UInt8(ascii: "\n"))
        }
      }
      if let runningTest { text.append(contentsOf: "Test Case '\(runningTest)' passed.\n".utf8) }
      return text
    }

    /// `line` with a time prefix before its message's header, when it starts a message
    /// without one and the record has a time.
    private static func prefixed(_ line: [UInt8], _ record: ReceivedRecord) -> [UInt8] {
      guard record.timeUnixNano > 0, let start = HeaderPhrase.start(in: line) else { return line }
      let before = LogPrefix.parse(String(decoding: line[..<start], as: UTF8.self))
      guard before.timestamp == nil else { return line }
      var prefix = timestamp(record.timeUnixNano) + " "
      if before.process == nil, let app = record.attributes[SemanticConventions.app], !app.isEmpty,
        let pid = record.attributes[SemanticConventions.pid].flatMap(Int.init)
      {
        prefix += "\(app)[\(pid)] "
      }
      return Array(prefix.utf8) + line
    }

    /// `2026-11-28 09:41:07.123456+0000`: the Xcode console's form, in UTC, to the microsecond.
    static func timestamp(_ unixNano: UInt64) -> String {
      let seconds = Int64(unixNano / 1_000_000_000)
      let micros = Int((unixNano % 1_000_000_000) / 1_000)
      // `2026-11-28T09:41:07Z` as the Xcode console writes it.
      let iso = UnixTime.iso(seconds).dropLast().replacingOccurrences(of: "T", with: " ")
      return iso + "." + String(micros + 1_000_000).dropFirst() + "+0000"
    }
  }
#endif
