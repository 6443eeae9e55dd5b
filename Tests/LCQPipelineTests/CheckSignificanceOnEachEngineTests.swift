import Foundation
import LCQPipeline
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// `lcq check --significance`, in-process on each engine, on histories worked out by hand: the
/// runs of the checked build and of the build before that saw each conflict, and the one-sided
/// exact test's answer (``RunShare``).
///
/// - build 100: 20 runs without a conflict; build 101: the self-sizing cell's conflict X in 1
///   run of 20 (p = C(39,19)/C(40,20) = 1/2: possibly flaky, passes at 0.05);
/// - build 102: the header's conflict Y in 15 runs of 20, after 0 of 20 in build 101 (p =
///   C(25,5)/C(40,20) = 53130/137846528820 ≈ 3.9e-7: fails at 0.05);
/// - without a build: run a without a conflict, then run b with X (p = 1/2: possibly flaky).
final class CheckSignificanceOnEachEngineTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-significance-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  /// A log of `text`, written to the test's folder as `name`.
  private func log(_ name: String, _ text: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private var conflictX: String {
    EngineIngest.tests.deletingLastPathComponent().appendingPathComponent("Examples/self-sizing-cell.log")
      .path
  }

  func testOneRunInTwentyIsPossiblyFlakyAndFifteenInTwentyFail() throws {
    let clean = try log("clean.log", "App started\nnothing to see here\n")
    let conflictY = try EngineIngest.realLog("001")
    let x = try EngineIngest.fingerprint(ofLog: conflictX)
    let y = try EngineIngest.fingerprint(ofLog: conflictY)
    XCTAssertNotEqual(x, y)
    try forEachEngine { store, engine in
      // Each runner its own run id: the same pasted text without timestamps is one occurrence
      // per run (docs/store.md), as on CI.
      var count = 0
      func run(_ build: String, _ paths: [String]) throws {
        count += 1
        try EngineIngest.ingest(
          paths, into: store, run: "job-\(count)", build: build, at: 1_767_225_600 + 60 * Int64(count))
      }
      for _ in 0..<20 { try run("100", [clean]) }
      try run("101", [conflictX])
      for _ in 0..<19 { try run("101", [clean]) }
      for _ in 0..<15 { try run("102", [conflictY]) }
      for _ in 0..<5 { try run("102", [clean]) }
      let context = engine.rawValue

      let flaky = try store.check(.build("101"), app: nil, owner: .all, baseline: [])
      XCTAssertEqual(flaky.runs, 20, context)
      XCTAssertEqual(flaky.previous, .build("100"), context)
      XCTAssertEqual(flaky.previousRuns, 20, context)
      XCTAssertEqual(flaky.seen.map(\.fingerprint), [x], context)
      let once = try XCTUnwrap(flaky.seen.first)
      XCTAssertTrue(once.isNew, context)
      XCTAssertEqual(
        flaky.share(of: once), RunShare(runs: 1, of: 20, previousRuns: 0, previousOf: 20), context)
      XCTAssertEqual(flaky.share(of: once).pValue, 0.5, accuracy: 1e-12, context)
      XCTAssertFalse(flaky.share(of: once).isBeyondChance(at: 0.05), context)

      let real = try store.check(.build("102"), app: nil, owner: .all, baseline: [])
      XCTAssertEqual(real.previous, .build("101"), context)
      XCTAssertEqual(real.seen.map(\.fingerprint), [y], context)
      let often = try XCTUnwrap(real.seen.first)
      XCTAssertEqual(
        real.share(of: often), RunShare(runs: 15, of: 20, previousRuns: 0, previousOf: 20), context)
      XCTAssertEqual(real.share(of: often).pValue, 53130.0 / 137_846_528_820.0, accuracy: 1e-15, context)
      XCTAssertTrue(often.isNew, context)
      XCTAssertTrue(real.share(of: often).isBeyondChance(at: 0.05), context)

      // The first build has nothing before it: never beyond chance.
      let first = try store.check(.build("100"), app: nil, owner: .all, baseline: [])
      XCTAssertNil(first.previous, context)
      XCTAssertEqual(first.runs, 20, context)
    }
  }

  func testOneRunThenAnotherIsPossiblyFlaky() throws {
    let clean = try log("clean.log", "App started\n")
    let x = try EngineIngest.fingerprint(ofLog: conflictX)
    try forEachEngine { store, engine in
      try EngineIngest.ingest([clean], into: store, run: "a", at: 1_767_225_600)
      try EngineIngest.ingest([conflictX], into: store, run: "b", at: 1_767_225_660)
      let result = try store.check(.run("b"), app: nil, owner: .all, baseline: [])
      let context = engine.rawValue
      XCTAssertEqual(result.previous, .run("a"), context)
      let conflict = try XCTUnwrap(result.seen.first)
      XCTAssertEqual(conflict.fingerprint, x, context)
      XCTAssertEqual(
        result.share(of: conflict), RunShare(runs: 1, of: 1, previousRuns: 0, previousOf: 1), context)
      XCTAssertEqual(result.share(of: conflict).pValue, 0.5, accuracy: 1e-12, context)
      XCTAssertTrue(conflict.isNew, context)
      XCTAssertFalse(result.share(of: conflict).isBeyondChance(at: 0.05), context)
    }
  }
}
