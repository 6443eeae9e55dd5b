import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// `lcq quiet --builds N --significance`, in-process on each engine, worked out by hand: build 1
/// has 20 runs, the header's conflict Y in every one and the self-sizing cell's X in one; builds
/// 2 to 4 have one run each, without either. Both are not seen in the newest 3 builds, but only
/// Y's absence means something: had X kept firing in 1 of 20 runs, the chance that none of the 3
/// newest runs sees it is C(20,1)/C(23,1) = 20/23; for Y, C(20,20)/C(23,20) = 1/1771.
final class QuietSignificanceOnEachEngineTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-quiet-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  func testOnlyAnAbsenceBeyondChanceIsLikelyFixed() throws {
    let clean = folder.appendingPathComponent("clean.log").path
    try "App launched\n".write(toFile: clean, atomically: true, encoding: .utf8)
    let x = EngineIngest.tests.deletingLastPathComponent().appendingPathComponent(
      "Examples/self-sizing-cell.log"
    )
    .path
    let y = try EngineIngest.realLog("001")
    let fingerprints = (x: try EngineIngest.fingerprint(ofLog: x), y: try EngineIngest.fingerprint(ofLog: y))
    try forEachEngine { store, engine in
      var count: Int64 = 0
      func run(_ build: String, _ paths: [String]) throws {
        count += 1
        try EngineIngest.ingest(
          paths, into: store, run: "job-\(count)", build: build, at: 1_767_225_600 + 60 * count)
      }
      try run("1", [y, x])
      for _ in 0..<19 { try run("1", [y]) }
      for build in ["2", "3", "4"] { try run(build, [clean]) }
      let context = engine.rawValue

      let quiet = try store.quiet(forBuilds: 3, QueryFilter())
      XCTAssertEqual(Set(quiet.map(\.fingerprint)), [fingerprints.x, fingerprints.y], context)
      let shares = try store.quietShares(of: quiet, forBuilds: 3, QueryFilter())
      XCTAssertEqual(
        shares[fingerprints.x], RunShare(runs: 1, of: 20, previousRuns: 0, previousOf: 3), context)
      XCTAssertEqual(
        shares[fingerprints.y], RunShare(runs: 20, of: 20, previousRuns: 0, previousOf: 3), context)
      XCTAssertEqual(try XCTUnwrap(shares[fingerprints.x]).pValue, 20.0 / 23.0, accuracy: 1e-12, context)
      XCTAssertEqual(try XCTUnwrap(shares[fingerprints.y]).pValue, 1.0 / 1771.0, accuracy: 1e-15, context)
      XCTAssertFalse(try XCTUnwrap(shares[fingerprints.x]).isBeyondChance(at: 0.05), context)
      XCTAssertTrue(try XCTUnwrap(shares[fingerprints.y]).isBeyondChance(at: 0.05), context)
    }
  }
}
