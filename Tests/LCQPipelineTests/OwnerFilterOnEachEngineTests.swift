import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// The owner filter on each engine: conflicts among UIKit's own constraints are the system's,
/// kept out of the gate and the report's top lists by default, and found with the `system`
/// owner; a store from before owners were kept gets them from a reanalysis.
/// `OwnerFilterTests` (end to end) checks the commands' words.
final class OwnerFilterOnEachEngineTests: XCTestCase {
  /// Corpus 009: the app's image view against a cell's width (the app's).
  private static let appLog = "009"
  /// Corpus 105: UIKit's keyboard container against UIKit's keyboard window (the system's).
  private static let systemLog = "105"
  private static let window = QueryFilter(since: 946_684_800, until: 1_893_456_000)

  /// Runs `body` on each engine with both logs ingested as build 7 of MyApp.
  private func onEachEngine(
    _ body: (any ConflictStore, _ app: String, _ system: String) throws -> Void
  ) throws {
    let app = try EngineIngest.fingerprint(ofLog: try EngineIngest.realLog(Self.appLog))
    let system = try EngineIngest.fingerprint(ofLog: try EngineIngest.realLog(Self.systemLog))
    XCTAssertNotEqual(app, system)
    try forEachEngine { store, _ in
      try EngineIngest.ingest(
        [try EngineIngest.realLog(Self.appLog), try EngineIngest.realLog(Self.systemLog)], into: store,
        run: "ci-7", build: "7", app: "MyApp")
      try body(store, app, system)
    }
  }

  private func top(_ store: any ConflictStore, _ owner: OwnerFilter) throws -> Set<String> {
    var filter = Self.window
    filter.owner = owner
    return Set(try store.top(filter).map(\.fingerprint))
  }

  func testTopAndNewFilterByOwner() throws {
    try onEachEngine { store, app, system in
      XCTAssertEqual(try top(store, .all), [app, system])
      XCTAssertEqual(try top(store, .app), [app])
      XCTAssertEqual(try top(store, .system), [system])
      XCTAssertEqual(try top(store, .library), [])
      var filter = Self.window
      filter.owner = .system
      XCTAssertEqual(try store.newSince(time: 946_684_800, filter).map(\.fingerprint), [system])
      let owners = try store.queries.rows("SELECT fingerprint, owner FROM conflicts")
      XCTAssertEqual(
        Dictionary(
          uniqueKeysWithValues: owners.map { ($0["fingerprint"].text ?? "", $0["owner"].text ?? "") }),
        [app: "app", system: "system"])
    }
  }

  /// The gate counts the app's new conflict only, unless asked for every owner.
  func testTheGateCountsTheAppsConflictsByDefault() throws {
    try onEachEngine { store, app, system in
      func new(_ owner: OwnerFilter) throws -> Set<String> {
        Set(try store.check(.build("7"), app: nil, owner: owner, baseline: []).new.map(\.fingerprint))
      }
      XCTAssertEqual(try new(.app), [app])
      XCTAssertEqual(try new(.all), [app, system])
      XCTAssertEqual(try new(.system), [system])
    }
  }

  /// The report's top lists are the app's; UIKit's own conflict is listed apart as noise.
  func testTheReportListsTheSystemsConflictsApart() throws {
    try onEachEngine { store, app, system in
      func panel(_ name: String, _ owner: OwnerFilter) throws -> Set<String> {
        let rows = try store.panel(name, ReportScope(since: 946_684_800, until: 1_893_456_000, owner: owner))
        guard let column = rows.columns.firstIndex(of: "fingerprint") else { return [] }
        return Set(rows.rows.compactMap { $0[column].text })
      }
      XCTAssertEqual(try panel("top_by_occurrences", .app), [app])
      XCTAssertEqual(try panel("top_by_reach", .app), [app])
      XCTAssertEqual(try panel("system_conflicts", .app), [system])
      XCTAssertEqual(try panel("top_by_occurrences", .all), [app, system])
    }
  }

  /// A store from before owners were kept: its conflicts count as the app's until a
  /// reanalysis reads the stored blocks again and fills the column in.
  func testAReanalysisFillsInTheOwner() throws {
    try onEachEngine { store, app, system in
      _ = try store.queries.execute("UPDATE conflicts SET owner = NULL")
      XCTAssertEqual(try top(store, .app), [app, system])
      XCTAssertEqual(try top(store, .system), [])
      _ = try Reanalysis.run(on: store)
      XCTAssertEqual(try top(store, .system), [system])
      XCTAssertEqual(try top(store, .app), [app])
    }
  }
}
