import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// A conflict is described by its first sighting (docs/store.md, "Ties"); within one second of
/// one run that is the occurrence with the smallest identity, whichever batch stores it. One run
/// logs the conflict twice in one second, at two views' addresses (the same conflict, two
/// descriptions), in two commits; the identities are chosen here, so the expected description
/// is known: the one whose identity is smaller, in either order of the commits.
final class FirstSightingInOneSecondTests: XCTestCase {
  /// 2026-01-01T00:00:00Z.
  private static let time: Int64 = 1_767_225_600

  /// The message at `time`, with its view at `address`.
  private static func message(viewAt address: String) -> String {
    """
    2026-01-01 00:00:00.000 MyApp[1:2] Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000001 UIView:\(address).width == 100   (active)>",
        "<NSLayoutConstraint:0x600000002 UIView:\(address).width == 200   (active)>"
    )

    """
  }

  /// Stores one run that commits each of `logged` (a view's address and the identity given to
  /// its occurrence) on its own, in order; returns the conflict's stored minimal set.
  private func describedAddress(
    after logged: [(address: String, identity: String)], into store: any ConflictStore
  ) throws -> String {
    let clock = IngestClock(now: Date(timeIntervalSince1970: TimeInterval(Self.time + 60)), timeZone: .utc)
    let writer = try store.beginIngest(
      RunMetadata(build: "1", runKey: "one-second", source: "test", lcqVersion: "test"), clock: clock)
    for (address, identity) in logged {
      let block = try XCTUnwrap(
        ConflictScanner.blocks(in: Self.message(viewAt: address), file: "second.log").first)
      writer.add(
        BlockRecord(
          block: block, template: BlockTemplate(splitting: block.rawText),
          summary: AnalysisSummary(BlockAnalyzer().analyze(block)), clock: clock, identity: identity))
      try writer.commit()
    }
    try writer.finish(.finished)
    let rows = try store.queries.rows("SELECT minimal_set, occurrence_count FROM conflicts")
    XCTAssertEqual(rows.count, 1, "one conflict at two addresses")
    XCTAssertEqual(rows.first?.integer("occurrence_count"), 2)
    return try XCTUnwrap(rows.first?.text("minimal_set"))
  }

  func testTheSmallestIdentityOfTheSecondDescribesItInEitherOrderOnEachEngine() throws {
    let (first, second) = ("0x7f00000000aa", "0x7f00000000bb")
    try forEachEngine { store, engine in
      // The later commit holds the smaller identity: it takes the description over.
      let set = try describedAddress(after: [(first, "b2"), (second, "a1")], into: store)
      XCTAssertTrue(set.contains(second) && !set.contains(first), "\(engine): \(set)")
    }
    try forEachEngine { store, engine in
      // The earlier commit holds it: the description stays.
      let set = try describedAddress(after: [(first, "a1"), (second, "b2")], into: store)
      XCTAssertTrue(set.contains(first) && !set.contains(second), "\(engine): \(set)")
    }
  }
}
