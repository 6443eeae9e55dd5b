import Foundation
import LCQEndToEndSupport
import XCTest

/// What makes two messages the same event (docs/store.md): the same text logged twice in one
/// ingest is two events; the same log ingested again is none new.
final class OccurrenceIdentityTests: XCTestCase {
  func testARepeatedMessageIsTwoEventsAndARepeatedIngestNone() throws {
    let fixture = try StoreFixture()
    defer { fixture.remove() }
    // The same message, timestamp and all, twice: a cell reused within the same microsecond.
    let message = try String(contentsOfFile: LCQProcess.corpusFile("log-stream-default.log"), encoding: .utf8)
    let log = fixture.folder.appendingPathComponent("twice.log").path
    try Data((message + message).utf8).write(to: URL(fileURLWithPath: log))
    let first = try fixture.lcq(["ingest", log])
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stderr.hasPrefix("lcq: ingested 4 blocks · 2 conflicts (2 new)"), first.stderr)
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM occurrences').fetchone()[0])"), "4")
    let again = try fixture.lcq(["ingest", log])
    XCTAssertTrue(again.stderr.contains("4 already stored"), again.stderr)
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM occurrences').fetchone()[0])"), "4")
  }
}
