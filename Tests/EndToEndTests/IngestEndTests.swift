import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// `lcq ingest` stores only what it saw end to end: a message cut by an interrupt or by the end
/// of a file that is still being written is never counted, and once a later ingest reads it
/// whole it is stored once (docs/store.md, "Messages at the end of an input").
final class IngestEndTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  /// The example log: seven messages, two with 2024 timestamps and five with 2017 ones.
  static let log = try! Data(
    contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"))

  /// The byte ranges of the log's messages: from the end of each header line (a cut inside the
  /// header line leaves no message open: nothing of it was read) to the line after its `)`.
  static var messages: [Range<Int>] {
    let bytes = [UInt8](log)
    var lineStarts = [0]
    for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
    let lines = lineStarts.indices.dropLast().map { lineStarts[$0]..<lineStarts[$0 + 1] }
    var ranges: [Range<Int>] = []
    var start: Int?
    for line in lines {
      let text = String(decoding: bytes[line], as: UTF8.self)
      if text.contains("Unable to simultaneously satisfy constraints") { start = line.upperBound - 1 }
      if text.hasPrefix(")"), let begin = start {
        ranges.append(begin..<line.upperBound)
        start = nil
      }
    }
    return ranges
  }

  /// Occurrences, conflicts and failed blocks in a database.
  private func counts(_ database: String) throws -> String {
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      print(*[db.execute(f'SELECT count(*) FROM {t}').fetchone()[0] for t in ('occurrences', 'conflicts', 'failed_blocks')])
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// What a clean ingest of the whole log stores.
  private func cleanCounts() throws -> String {
    let database = fixture.folder.appendingPathComponent("clean.sqlite").path
    let result = try LCQProcess.run(
      ["ingest", "--run-id", "r", "--db", database, "-"], stdin: Self.log,
      environment: StoreFixture.environment)
    XCTAssertEqual(result.status, 0, result.stderr)
    return try counts(database)
  }

  /// SIGINT the moment lcq has read 2,100 whole messages and half of one more, sent through a
  /// pipe as fast as it reads them, while its worker still has a backlog to analyse and store
  /// (one list in seven is new in every minute's copy, its label numbered, so the worker replays
  /// 300 lists while the reader only frames): every whole message is stored and the half one is
  /// not, exactly as an ingest of the whole messages alone, and the whole log ingested
  /// afterwards ends with exactly a clean ingest's counts.
  func testAnInterruptWithABacklogStoresEveryWholeMessageRead() throws {
    func minutes(_ range: Range<Int>) throws -> String {
      try range.map { minute in
        try StoreFixture.exampleLog(minutes: minute..<(minute + 1))
          .replacingOccurrences(of: "'Set lunch'", with: "'Set lunch \(minute)'")
      }.joined()
    }
    let whole = try minutes(0..<300)
    let last = try minutes(300..<301)
    // Inside the first message of the last minute's copy: its header and part of its list.
    let header = try XCTUnwrap(last.range(of: "Unable to simultaneously satisfy constraints"))
    let list = try XCTUnwrap(last.range(of: "\n    \"<", range: header.upperBound..<last.endIndex))
    let half = String(last[..<list.upperBound])
    func cleanCounts(_ text: String, _ name: String) throws -> String {
      let database = fixture.folder.appendingPathComponent(name).path
      let result = try LCQProcess.run(
        ["ingest", "--db", database, "-"], stdin: Data(text.utf8), environment: StoreFixture.environment)
      XCTAssertEqual(result.status, 0, result.stderr)
      return try counts(database)
    }
    let wholeOnly = try cleanCounts(whole, "whole.sqlite")
    XCTAssertTrue(wholeOnly.hasPrefix("2100 "), wholeOnly)
    let everything = try cleanCounts(whole + last, "everything.sqlite")
    XCTAssertTrue(everything.hasPrefix("2107 "), everything)

    let database = fixture.folder.appendingPathComponent("interrupted.sqlite").path
    let lcq = try LiveLCQ(["ingest", "--db", database, "-"], environment: StoreFixture.environment)
    lcq.write(Data((whole + half).utf8))
    XCTAssertTrue(lcq.waitUntilInputIsRead(), "lcq did not read its input")
    lcq.interrupt()
    let result = lcq.finish()
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("the message being read when the ingest was interrupted is not stored"),
      result.stderr)
    XCTAssertEqual(try counts(database), wholeOnly, result.stderr)

    let again = try LCQProcess.run(
      ["ingest", "--db", database, "-"], stdin: Data((whole + last).utf8),
      environment: StoreFixture.environment)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(try counts(database), everything)
  }

  /// SIGINT while a message is half read, at random points of random messages, then the whole
  /// log: the counts equal a clean ingest's every time. The seed is printed, and
  /// `LCQ_TEST_SEED` replays it.
  func testAnInterruptMidMessageStoresNothingOfIt() throws {
    let seed =
      ProcessInfo.processInfo.environment["LCQ_TEST_SEED"].flatMap(UInt64.init) ?? .random(in: 1...1_000_000)
    print("IngestEndTests seed: \(seed) (LCQ_TEST_SEED=\(seed) replays it)")
    var generator = SeededGenerator(seed: seed)
    let clean = try cleanCounts()
    XCTAssertEqual(clean, "7 7 0")
    for trial in 0..<10 {
      let database = fixture.folder.appendingPathComponent("interrupted-\(trial).sqlite").path
      let message = Self.messages.randomElement(using: &generator)!
      // Strictly inside the message: its header line is read, and not all of it.
      let cut = Int.random(in: (message.lowerBound + 1)..<(message.upperBound - 1), using: &generator)
      let lcq = try LiveLCQ(
        ["ingest", "--run-id", "r", "--db", database, "-"], environment: StoreFixture.environment)
      lcq.write(Self.log.prefix(cut))
      // Interrupted once lcq has read it all (the pipe holds no unread byte; a fixed wait was
      // sometimes too short on a busy machine), well before the half second after which a quiet
      // pipe's open message is handed over (only one that may have ended, in any case).
      XCTAssertTrue(lcq.waitUntilInputIsRead(), "seed \(seed), trial \(trial): lcq did not read its input")
      lcq.interrupt()
      let result = lcq.finish()
      XCTAssertEqual(result.status, 0, "seed \(seed), trial \(trial): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.contains("the message being read when the ingest was interrupted is not stored"),
        "seed \(seed), trial \(trial), cut at byte \(cut): \(result.stderr)")
      let partial = try counts(database)
      let whole = try LCQProcess.run(
        ["ingest", "--run-id", "r", "--db", database, "-"], stdin: Self.log,
        environment: StoreFixture.environment)
      XCTAssertEqual(whole.status, 0, whole.stderr)
      XCTAssertEqual(
        try counts(database), clean, "seed \(seed), trial \(trial), cut at byte \(cut), after \(partial)")
    }
  }

  /// A log file ingested while it is being written (cut inside a message: in its list, or in
  /// the middle of any of its lines), then again once whole: a message cut inside its list is
  /// kept but not counted, then replaced; one whose list closed (the cut in its `)` line) counts
  /// and is completed; the counts equal a clean ingest's.
  func testAGrowingFileIsCountedOnceWhole() throws {
    let seed =
      ProcessInfo.processInfo.environment["LCQ_TEST_SEED"].flatMap(UInt64.init) ?? .random(in: 1...1_000_000)
    print("IngestEndTests seed: \(seed) (LCQ_TEST_SEED=\(seed) replays it)")
    var generator = SeededGenerator(seed: seed)
    let clean = try cleanCounts()
    let bytes = [UInt8](Self.log)
    for trial in 0..<10 {
      let database = fixture.folder.appendingPathComponent("growing-\(trial).sqlite").path
      let path = fixture.folder.appendingPathComponent("growing.log").path
      let message = Self.messages.randomElement(using: &generator)!
      var cut = Int.random(in: (message.lowerBound + 1)..<(message.upperBound - 1), using: &generator)
      // A cut on a line boundary after the list's ')' leaves a whole list, as a cut inside the
      // ')' line after the ')' does (docs/store.md): move it into the next line.
      let closing = bytes[message].lastIndex(of: UInt8(ascii: ")"))!
      if cut > closing, bytes[cut - 1] == 0x0A { cut += 1 }
      let listWhole = cut > closing
      try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: path))
      func ingest() throws -> LCQProcess.Result {
        try LCQProcess.run(
          ["ingest", "--run-id", "r", "--db", database, path], environment: StoreFixture.environment)
      }
      let first = try ingest()
      XCTAssertEqual(first.status, 0, first.stderr)
      let kept = try counts(database).split(separator: " ")
      if listWhole {
        XCTAssertEqual(kept.last, "0", "seed \(seed), trial \(trial), cut at \(cut): the message counts")
      } else {
        XCTAssertEqual(kept.last, "1", "seed \(seed), trial \(trial), cut at \(cut): the cut message is kept")
        let failed = try fixture.python(
          "print(sqlite3.connect(sys.argv[2]).execute('SELECT issues FROM failed_blocks').fetchone()[0])",
          arguments: [database])
        XCTAssertTrue(failed.contains("the input ends inside this message"), failed)
      }
      try Self.log.write(to: URL(fileURLWithPath: path))
      let second = try ingest()
      XCTAssertEqual(second.status, 0, second.stderr)
      XCTAssertEqual(try counts(database), clean, "seed \(seed), trial \(trial), cut at byte \(cut)")
    }
  }

  /// A log cut after its last message's list (after "Will attempt to recover…", or inside the
  /// broken constraint's line) counts that message at once, its broken constraint not known or
  /// cut, with an issue; the grown file completes the same occurrence: counted once, broken
  /// constraint whole, no issue, and the summary says so. Read again, nothing changes.
  func testAMessageCutAfterItsListCountsAtOnceAndIsCompletedOnce() throws {
    let clean = try cleanCounts()
    let bytes = [UInt8](Self.log)
    let recovery = Array("Will attempt to recover by breaking constraint\n".utf8)
    let lastRecovery = try XCTUnwrap(
      (0...(bytes.count - recovery.count)).last { bytes[$0..<($0 + recovery.count)].elementsEqual(recovery) })
    let brokenLine = lastRecovery + recovery.count
    for (name, cut, brokenRead) in [
      ("after the recovery line", brokenLine, "[(1, 0)]"),
      ("inside the broken constraint", brokenLine + 30, "[(0, 0)]"),
    ] {
      let database = fixture.folder.appendingPathComponent("tail-\(cut).sqlite").path
      let path = fixture.folder.appendingPathComponent("tail.log").path
      try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: path))
      func ingest() throws -> LCQProcess.Result {
        let result = try LCQProcess.run(
          ["ingest", "--run-id", "r", "--db", database, path], environment: StoreFixture.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
      }
      func column(_ sql: String) throws -> String {
        try fixture.python(
          "print(sqlite3.connect(sys.argv[2]).execute(sys.argv[3]).fetchall())", arguments: [database, sql])
      }
      let lastBroken =
        "SELECT broken_constraint IS NULL, issues IS NULL FROM occurrences ORDER BY source_line DESC LIMIT 1"
      _ = try ingest()
      XCTAssertEqual(try counts(database), clean, "\(name): every message counts at once")
      XCTAssertEqual(
        try column(lastBroken), brokenRead, "\(name): the broken constraint is not known, or cut")
      XCTAssertEqual(try column("SELECT count(*) FROM open_messages"), "[(1,)]")

      try Self.log.write(to: URL(fileURLWithPath: path))
      let grown = try ingest()
      XCTAssertTrue(grown.stderr.contains(" · 1 completed → "), "\(name): \(grown.stderr)")
      XCTAssertEqual(try counts(database), clean, "\(name): counted once")
      XCTAssertEqual(try column(lastBroken), "[(0, 1)]", "\(name): the broken constraint is known")
      XCTAssertEqual(try column("SELECT count(*) FROM open_messages"), "[(0,)]")
      XCTAssertEqual(
        try column("SELECT sum(occurrence_count) FROM conflicts"), "[(\(clean.split(separator: " ")[0]),)]")

      let again = try ingest()
      XCTAssertTrue(again.stderr.contains(" · 7 already stored → "), again.stderr)
      XCTAssertEqual(try counts(database), clean)
    }
  }
}
