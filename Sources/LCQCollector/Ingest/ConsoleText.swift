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
        let test = record.fields.test
        if test != runningTest {
          if let runningTest { text.append(contentsOf: "Test Case '\(runningTest)' passed.\n".utf8) }
          if let test { text.append(contentsOf: "Test Case '\(test)' started.\n".utf8) }
          runningTest = test
        }
        var bytes = Array(body.utf8)
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        append(bytes, of: record, to: &text)
        text.append(UInt8(ascii: "\n"))
      }
      if let runningTest { text.append(contentsOf: "Test Case '\(runningTest)' passed.\n".utf8) }
      return text
    }

    /// Appends `body` to `text`, with a time prefix before each message's header that has
    /// none, when the record has a time. Bytes throughout, and in time linear in the body's
    /// length however many headers it holds (security review 3, P13): the headers are found in
    /// one pass (``HeaderPhrase/Offsets``), each line's start is tracked forward, and each
    /// line's prefix is read once, from at most ``prefixLimit`` bytes.
    private static func append(_ body: [UInt8], of record: ReceivedRecord, to text: inout [UInt8]) {
      guard record.timeUnixNano > 0 else {
        text.append(contentsOf: body)
        return
      }
      var copied = 0
      var lineStart = 0
      // Where the search for the line's start stopped: every byte before it has been looked at.
      var lookedAt = 0
      var readLine: Int?
      var headers = HeaderPhrase.Offsets(in: body)
      while let header = headers.next() {
        if let newline = body[lookedAt..<header].lastIndex(of: UInt8(ascii: "\n")) { lineStart = newline + 1 }
        lookedAt = header
        // One prefix a line, whatever the phrases on it: the line's prefix is read once.
        guard readLine != lineStart else { continue }
        readLine = lineStart
        let before = LogPrefix.parse(
          String(decoding: body[lineStart..<min(header, lineStart + prefixLimit)], as: UTF8.self))
        guard before.timestamp == nil else { continue }
        text.append(contentsOf: body[copied..<lineStart])
        var prefix = timestamp(record.timeUnixNano) + " "
        if before.process == nil, let app = record.app, let pid = record.pid {
          prefix += "\(app)[\(pid)] "
        }
        text.append(contentsOf: prefix.utf8)
        copied = lineStart
      }
      text.append(contentsOf: body[copied...])
    }

    /// The most bytes of a line read for its log prefix: longer than any prefix a log tool
    /// prints, so that a line's timestamp is always within it.
    static let prefixLimit = 1024

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
