import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// What makes two messages the same event (docs/store.md), on each engine: the same text logged
/// twice in one ingest is two events; the same log ingested again is none new.
/// `OccurrenceIdentityTests` (end to end) reads the same through `lcq ingest`'s summary.
final class OccurrenceIdentityOnEachEngineTests: XCTestCase {
  func testARepeatedMessageIsTwoEventsAndARepeatedIngestNone() throws {
    // The formats corpus's `log stream` log: two messages, each with its own timestamp.
    let message = try String(
      contentsOf: EngineIngest.corpus.appendingPathComponent("formats/log-stream-default.log"),
      encoding: .utf8)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-identity-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The same messages, timestamps and all, twice: a cell reused within the same microsecond.
    let log = folder.appendingPathComponent("twice.log").path
    try (message + message).write(toFile: log, atomically: true, encoding: .utf8)
    try forEachEngine { store, _ in
      try assertIngestedTwice(log, into: store, first: [4, 4, 0, 2], again: [4, 0, 4, 0], stored: "4")
      let counted = try store.queries.rows("SELECT sum(occurrence_count) AS n FROM conflicts")
      XCTAssertEqual(counted.first?["n"].text, "4")
    }
  }

  /// macOS 14's two prints of one conflict (`Conflicting constraints detected`, then `Unable to
  /// simultaneously satisfy constraints:` with the same list; `RepeatedMessageTests`) are one
  /// occurrence on each engine, and the log ingested again stores nothing.
  func testOneConflictPrintedTwiceIsOneOccurrence() throws {
    let log = EngineIngest.tests.appendingPathComponent(
      "LCQParsingTests/Fixtures/appkit-macos14-printed-twice.log"
    ).path
    try forEachEngine { store, _ in
      try assertIngestedTwice(log, into: store, first: [1, 1, 0, 1], again: [1, 0, 1, 0], stored: "1")
    }
  }

  /// Ingests `log` twice into `store`: each ingest's blocks, occurrences, duplicates and new
  /// conflicts, and the occurrences stored after both.
  private func assertIngestedTwice(
    _ log: String, into store: any ConflictStore, first: [Int], again: [Int], stored: String,
    line: UInt = #line
  ) throws {
    func counts(_ totals: IngestTotals) -> [Int] {
      [totals.blocks, totals.occurrences, totals.duplicates, totals.newConflicts]
    }
    XCTAssertEqual(counts(try EngineIngest.ingest([log], into: store)), first, line: line)
    XCTAssertEqual(counts(try EngineIngest.ingest([log], into: store)), again, line: line)
    let rows = try store.queries.rows("SELECT count(*) AS n FROM occurrences")
    XCTAssertEqual(rows.first?["n"].text, stored, line: line)
  }

  /// An occurrence belongs to the build and run that logged it: the same bytes under another
  /// build, app or run key are that one's events too; one run's log read again, or a later
  /// window of it that overlaps the first, counts each message once. The log's two messages
  /// have timestamps, so the old rule stored them once whatever the build.
  func testTheSameLogIsEachBuildsAndRunsOwnAndOneRunsLogCountsOnce() throws {
    let path = EngineIngest.corpus.appendingPathComponent("formats/log-stream-default.log").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-scope-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Up to the line of the second message: an earlier `log show` window of the same run.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let headers = lines.indices.filter { lines[$0].contains("Unable to simultaneously satisfy constraints") }
    XCTAssertEqual(headers.count, 2)
    let earlier = folder.appendingPathComponent("earlier.log").path
    try (lines[..<headers[1]].joined(separator: "\n") + "\n").write(
      toFile: earlier, atomically: true, encoding: .utf8)
    try forEachEngine { store, _ in
      func counts(_ totals: IngestTotals) -> [Int] { [totals.blocks, totals.occurrences, totals.duplicates] }
      XCTAssertEqual(
        counts(try EngineIngest.ingest([earlier], into: store, run: "7", build: "100")), [1, 1, 0])
      // The whole log of the same run: the window overlaps the first in one message.
      XCTAssertEqual(counts(try EngineIngest.ingest([path], into: store, run: "7", build: "100")), [2, 1, 1])
      // Read again whole: nothing new.
      XCTAssertEqual(counts(try EngineIngest.ingest([path], into: store, run: "7", build: "100")), [2, 0, 2])
      // Another run of the build, another build, another app: each its own two events.
      XCTAssertEqual(counts(try EngineIngest.ingest([path], into: store, run: "8", build: "100")), [2, 2, 0])
      XCTAssertEqual(counts(try EngineIngest.ingest([path], into: store, run: "7", build: "101")), [2, 2, 0])
      XCTAssertEqual(
        counts(try EngineIngest.ingest([path], into: store, run: "7", build: "101", app: "Other")), [2, 2, 0])
      let stored = try store.queries.rows("SELECT count(*) AS n FROM occurrences")
      XCTAssertEqual(stored.first?["n"].text, "8")
      // Build 100's three ingests that stored something (two of run 7, one of run 8) are its
      // runs; the fourth only read the log again, so it is neither a run nor conflict-free.
      let trend = try store.trend(QueryFilter(), by: .build, fingerprint: nil)
      XCTAssertEqual(trend.map(\.label), ["100", "101"])
      XCTAssertEqual(trend.map(\.allRuns), [3, 2])
      XCTAssertEqual(trend.map(\.conflictFreeRuns), [0, 0])
    }
  }
}
