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
      let first = try EngineIngest.ingest([log], into: store)
      XCTAssertEqual([first.blocks, first.occurrences, first.duplicates, first.newConflicts], [4, 4, 0, 2])
      let again = try EngineIngest.ingest([log], into: store)
      XCTAssertEqual([again.blocks, again.occurrences, again.duplicates, again.newConflicts], [4, 0, 4, 0])
      let stored = try store.queries.rows("SELECT count(*) AS n FROM occurrences")
      XCTAssertEqual(stored.first?["n"].text, "4")
      let counted = try store.queries.rows("SELECT sum(occurrence_count) AS n FROM conflicts")
      XCTAssertEqual(counted.first?["n"].text, "4")
    }
  }
}
