import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// One ingest batch may hold more distinct templates than the ingest keeps ids of between
/// batches (2,000): every block of it is still stored, on each engine.
final class IngestBatchSizeTests: XCTestCase {
  /// A two-constraint conflict on a view whose class name spells `index` in letters, so that
  /// every message has a template of its own (a template keeps letters, not digits).
  private static func message(_ index: Int) -> String {
    var name = ""
    var rest = index
    repeat {
      name.append(Character(UnicodeScalar(UInt8(97 + rest % 26))))
      rest /= 26
    } while rest > 0
    return """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600000001 View\(name):0x7f0000000001.width == 100   (active)>",
          "<NSLayoutConstraint:0x600000002 View\(name):0x7f0000000001.width == 200   (active)>"
      )

      Will attempt to recover by breaking constraint
      <NSLayoutConstraint:0x600000002 View\(name):0x7f0000000001.width == 200   (active)>

      """
  }

  private static let clock = IngestClock(now: Date(timeIntervalSince1970: 1_767_225_600), timeZone: .utc)

  /// The records of `count` messages, a template and a conflict each, in the log's order.
  private static func records(_ count: Int) throws -> [BlockRecord] {
    let analyzer = BlockAnalyzer()
    return try (0..<count).map { index in
      let block = try XCTUnwrap(ConflictScanner.blocks(in: Self.message(index), file: "many.log").first)
      return BlockRecord(
        block: block, template: BlockTemplate(splitting: block.rawText),
        summary: AnalysisSummary(analyzer.analyze(block)), clock: clock, identity: "many-\(index)")
    }
  }

  func testABatchOfMoreDistinctTemplatesThanTheIngestRemembersIsStoredWhole() throws {
    let count = 2_100
    let clock = Self.clock
    let records = try Self.records(count)
    XCTAssertEqual(Set(records.map(\.template.template)).count, count, "a template each")
    try forEachEngine { store, engine in
      let run = try store.beginIngest(RunMetadata(source: "test", lcqVersion: "test"), clock: clock)
      for record in records { run.add(record) }
      try run.finish(.finished)  // one commit: one batch
      XCTAssertEqual(run.totals.occurrences, count, engine.rawValue)
      XCTAssertEqual(try store.statistics().occurrences, count, engine.rawValue)
    }
  }

  /// The SQLite file stores a batch's new conflicts and templates in the order the log shows
  /// them, so its rows and pages follow the log; the team store stores new conflicts in
  /// fingerprint order, so that writers at once lock the unique index in one order.
  func testNewRowsAreStoredInTheLogsOrderInTheFileAndInKeyOrderInTheTeamStore() throws {
    let records = try Self.records(40)
    let fingerprints = records.compactMap(\.summary.fingerprint)
    XCTAssertEqual(Set(fingerprints).count, 40)
    XCTAssertNotEqual(fingerprints, fingerprints.sorted(), "the log's order is not the fingerprints'")
    try forEachEngine { store, engine in
      let run = try store.beginIngest(RunMetadata(source: "test", lcqVersion: "test"), clock: Self.clock)
      for record in records { run.add(record) }
      try run.finish(.finished)
      let stored = try store.queries.rows("SELECT fingerprint FROM conflicts ORDER BY id").map {
        $0["fingerprint"].text ?? ""
      }
      switch engine {
      case .sqlite:
        XCTAssertEqual(stored, fingerprints)
        let templates = try store.queries.rows("SELECT template FROM block_templates ORDER BY id").map {
          $0["template"].text ?? ""
        }
        XCTAssertEqual(templates, records.map(\.template.template))
      case .teamStore:
        XCTAssertEqual(stored, fingerprints.sorted())
      }
    }
  }
}
