import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// The rule for occurrences of one second (docs/store.md, "Ties"), in-process on each engine:
/// by build order (a run with a build before one without), then identity; never by which run
/// was stored first. `SameAnswerInAnyOrderTests` (system) compares whole outputs.
///
/// Three runs of one pasted message (no timestamp: each occurrence is at its run's ingest
/// time, the same second for all), worked out by hand: build "9", build "10" (after 9 in build
/// order, before it as text) and a run without a build, each with the message at other
/// addresses. The first build is 9, the last 10; the description is build 9's.
final class TieRuleOnEachEngineTests: XCTestCase {
  private static let time: Int64 = 1_767_225_600
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-ties-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  /// The example self-sizing cell message without its log prefix, its view addresses starting
  /// `0x7fb3` changed to start `prefix`: the same conflict, another description.
  private func pastedLog(addressPrefix prefix: String) throws -> String {
    let text = try String(
      contentsOf: EngineIngest.tests.deletingLastPathComponent().appendingPathComponent(
        "Examples/self-sizing-cell.log"), encoding: .utf8)
    let start = try XCTUnwrap(text.range(of: "[LayoutConstraints] "))
    let path = folder.appendingPathComponent("\(prefix).log").path
    try String(text[start.upperBound...]).replacingOccurrences(of: "0x7fb3", with: prefix)
      .write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testOneSecondsBuildsAndDescriptionFollowBuildOrderInEveryOrderOfIngest() throws {
    let runs = [
      (build: "10", log: try pastedLog(addressPrefix: "0x7a10")),
      (build: "9", log: try pastedLog(addressPrefix: "0x7a09")),
      (build: nil, log: try pastedLog(addressPrefix: "0x7a00")),
    ]
    let fingerprints = try Set(runs.map { try EngineIngest.fingerprint(ofLog: $0.log) })
    XCTAssertEqual(fingerprints.count, 1, "one conflict at other addresses")
    for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
      try forEachEngine { store, engine in
        for index in order {
          try EngineIngest.ingest(
            [runs[index].log], into: store, run: "run-\(index)", build: runs[index].build, at: Self.time)
        }
        let row = try XCTUnwrap(
          try store.queries.rows("SELECT first_build, last_build, minimal_set FROM conflicts").first)
        let context = "order \(order) on \(engine.rawValue)"
        XCTAssertEqual(row["first_build"].text, "9", context)
        XCTAssertEqual(row["last_build"].text, "10", context)
        let minimalSet = try XCTUnwrap(row["minimal_set"].text)
        XCTAssertTrue(minimalSet.contains("0x7a09"), "\(context): \(minimalSet)")
        XCTAssertEqual(try store.top(QueryFilter()).map(\.lastBuild), ["10"], context)
        // The recount breaks the tie the same way.
        try store.queries.transaction { engine throws(StoreError) in try OccurrenceRollup.rebuild(engine) }
        let recounted = try XCTUnwrap(
          try store.queries.rows("SELECT first_build, last_build FROM conflicts").first)
        XCTAssertEqual([recounted["first_build"].text, recounted["last_build"].text], ["9", "10"], context)
      }
    }
  }
}
