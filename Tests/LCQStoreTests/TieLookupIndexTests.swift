import Foundation
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// The tie rule asks, for one conflict, which of its occurrences at one second comes first
/// (``TieOrder/first(_:of:at:_:)``). SQLite answered through `occurrences_time`, reading every
/// conflict's occurrences of that second: a log whose messages all take the ingest's time made
/// `lcq db reanalyze` of 12,707 such occurrences take 33.9 s, 3.5 times the 6,357's. The look-up must go
/// through the conflict and the second together.
final class TieLookupIndexTests: XCTestCase {
  func testATieIsLookedUpByConflictAndSecondTogether() throws {
    try forEachEngine { store, engine in
      let lookUp = TieOrder.first("r.build", of: "1", at: "1700000000", TieOrder.earliestFirst)
      switch engine {
      case .sqlite:
        let plan = try store.queries.rows("EXPLAIN QUERY PLAN SELECT \(lookUp)").compactMap {
          $0.text("detail")
        }
        XCTAssertTrue(
          plan.contains { $0.contains("occurrences_conflict_time (conflict_id=? AND time=?)") },
          "the plan: \(plan)")
      case .teamStore:
        // PostgreSQL plans by the table's statistics; the index must be there for it to choose.
        let indexes = try store.queries.rows(
          "SELECT indexdef FROM pg_indexes WHERE tablename = 'occurrences' AND indexname = 'occurrences_conflict_time'"
        ).compactMap { $0.text("indexdef") }
        XCTAssertEqual(indexes.count, 1)
        XCTAssertTrue(indexes.first?.contains("(conflict_id, \"time\")") ?? false, "\(indexes)")
      }
    }
  }
}
