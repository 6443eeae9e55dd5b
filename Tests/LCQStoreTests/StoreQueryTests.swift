import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore
import LCQStoreTestSupport
import XCTest

/// Every query of the store, through `ConflictStore`, on each engine (``forEachEngine(_:)``: a
/// real SQLite file and a real PostgreSQL database) with a few occurrences written here: two conflicts (A: a view 100 and 200 points wide; B: a label 10
/// and 20 points high) in two runs a day apart. Each expected value is counted by hand from
/// that history (written out in the comments).
final class StoreQueryTests: XCTestCase {
  /// 2023-11-14T22:13:20Z, the first run; the second is a day later.
  static let firstTime: Int64 = 1_700_000_000
  static let secondTime = firstTime + 86_400

  private var store: (any ConflictStore)!
  private var conflictA = ""
  private var conflictB = ""

  private static func message(_ item: String, _ attribute: String, _ sizes: (Int, Int)) -> String {
    """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000001 \(item).\(attribute) == \(sizes.0)   (active)>",
        "<NSLayoutConstraint:0x600000002 \(item).\(attribute) == \(sizes.1)   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600000002 \(item).\(attribute) == \(sizes.1)   (active)>

    """
  }

  static let messageA = message("UIView:0x7f0000000001", "width", (100, 200))
  static let messageB = message("UILabel:0x7f0000000002", "height", (10, 20))

  /// Writes one run of `messages` at `time` and returns the fingerprints stored, in order.
  @discardableResult
  private func ingest(_ messages: [String], build: String, device: String, at time: Int64, run: String)
    throws -> [String]
  {
    let clock = IngestClock(now: Date(timeIntervalSince1970: TimeInterval(time)), timeZone: .utc)
    let ingest = try store.beginIngest(
      RunMetadata(build: build, device: device, runKey: run, source: "test", lcqVersion: "test"), clock: clock
    )
    var fingerprints: [String] = []
    for (index, text) in messages.enumerated() {
      let blocks = ConflictScanner.blocks(in: text, file: "test.log")
      XCTAssertEqual(blocks.count, 1)
      let block = try XCTUnwrap(blocks.first)
      let summary = AnalysisSummary(BlockAnalyzer().analyze(block))
      XCTAssertEqual(summary.verdict, .conflict)
      fingerprints.append(try XCTUnwrap(summary.fingerprint))
      ingest.add(
        BlockRecord(
          block: block, template: BlockTemplate(splitting: block.rawText), summary: summary, clock: clock,
          identity: "\(run)-\(index)"))
    }
    try ingest.finish(.finished)
    return fingerprints
  }

  /// Runs `body` on each engine, with the history above written to a new store.
  private func onEachEngine(_ body: () throws -> Void) throws {
    try forEachEngine { store, _ in
      self.store = store
      defer { self.store = nil }
      try writeHistory()
      try body()
    }
  }

  private func writeHistory() throws {
    // Run 1, build 100, an iPhone, day 1: A, A, B. Run 2, build 101, an iPad, day 2: A.
    let first = try ingest(
      [Self.messageA, Self.messageA, Self.messageB], build: "100", device: "iPhone15,2", at: Self.firstTime,
      run: "one")
    (conflictA, conflictB) = (first[0], first[2])
    XCTAssertEqual(first[1], conflictA)
    XCTAssertNotEqual(conflictA, conflictB)
    try ingest([Self.messageA], build: "101", device: "iPad14,1", at: Self.secondTime, run: "two")
  }

  func testTopCountsOccurrencesRunsAndDevices() throws {
    try onEachEngine {
      // A: 3 occurrences in 2 runs on 2 devices; B: 1 in 1 on 1.
      let top = try store.top(QueryFilter())
      XCTAssertEqual(top.map(\.fingerprint), [conflictA, conflictB])
      XCTAssertEqual(top.map(\.occurrences), [3, 1])
      XCTAssertEqual(top.map(\.runs), [2, 1])
      XCTAssertEqual(top.map(\.devices), [2, 1])
      XCTAssertEqual(top.map(\.status), [.open, .open])
      // Only build 101: A once.
      let build = try store.top(QueryFilter(build: "101"))
      XCTAssertEqual(build.map(\.fingerprint), [conflictA])
      XCTAssertEqual(build.map(\.occurrences), [1])
      // A window that holds only the first day: A twice, B once.
      let firstDay = try store.top(QueryFilter(since: Self.firstTime, until: Self.secondTime))
      XCTAssertEqual(firstDay.map(\.occurrences), [2, 1])
    }
  }

  func testTrendByDayAndByBuild() throws {
    try onEachEngine {
      let days = try store.trend(QueryFilter(), by: .day)
      XCTAssertEqual(days.map(\.label), ["2023-11-14", "2023-11-15"])
      XCTAssertEqual(days.map(\.occurrences), [3, 1])
      XCTAssertEqual(days.map(\.conflicts), [2, 1])
      XCTAssertEqual(days.map(\.runs), [1, 1])
      let builds = try store.trend(QueryFilter(), by: .build)
      XCTAssertEqual(builds.map(\.label), ["100", "101"])
      XCTAssertEqual(builds.map(\.occurrences), [3, 1])
      let onlyB = try store.trend(QueryFilter(), by: .day, fingerprint: conflictB)
      XCTAssertEqual(onlyB.map(\.occurrences), [1])
    }
  }

  func testNewRegressedAndQuiet() throws {
    try onEachEngine {
      // Both first seen in build 100: new since build 99, nothing new since 100.
      XCTAssertEqual(
        Set(try store.newSince(build: "99", QueryFilter()).map(\.fingerprint)), [conflictA, conflictB])
      XCTAssertEqual(try store.newSince(build: "100", QueryFilter()).map(\.fingerprint), [])
      // First seen at the first time: new since then, not since the second.
      XCTAssertEqual(try store.newSince(time: Self.secondTime, QueryFilter()).count, 0)
      XCTAssertEqual(try store.newSince(time: Self.firstTime, QueryFilter()).count, 2)
      // B was last seen on day 1: quiet a second before day 2; A was seen then, so at day 2 both.
      XCTAssertEqual(
        try store.quiet(lastSeenAtOrBefore: Self.secondTime - 1, QueryFilter()).map(\.fingerprint),
        [conflictB])
      XCTAssertEqual(try store.quiet(lastSeenAtOrBefore: Self.secondTime, QueryFilter()).count, 2)
      // Newest build is 101, where only A was seen: B is quiet for the newest build.
      XCTAssertEqual(try store.quiet(forBuilds: 1, QueryFilter()).map(\.fingerprint), [conflictB])

      // A resolved in 101 and seen in 101: regressed. Resolved in 102: not.
      try store.setStatus(.resolved(build: "101"), of: conflictA, at: Self.secondTime + 10)
      let regressed = try store.regressed(QueryFilter())
      XCTAssertEqual(regressed.map(\.fingerprint), [conflictA])
      XCTAssertEqual(regressed.first?.resolvedBuild, "101")
      XCTAssertEqual(regressed.first?.occurrences, 1, "only build 101's occurrence counts")
      try store.setStatus(.resolved(build: "102"), of: conflictA, at: Self.secondTime + 20)
      XCTAssertEqual(try store.regressed(QueryFilter()).count, 0)
      // Ignored conflicts are never new.
      try store.setStatus(.ignored, of: conflictB, at: Self.secondTime + 30)
      XCTAssertEqual(try store.newSince(build: "99", QueryFilter()).map(\.fingerprint), [conflictA])
    }
  }

  func testDetailsOfOneConflict() throws {
    try onEachEngine {
      let prefix = String(conflictA.prefix(9))
      XCTAssertEqual(try store.conflict(matching: prefix).fingerprint, conflictA)
      let details = try store.details(of: prefix, QueryFilter())
      XCTAssertEqual(details.fingerprint, conflictA)
      XCTAssertEqual(details.occurrences, 3)
      XCTAssertEqual(details.runs, 2)
      XCTAssertEqual(details.byBuild.map(\.0), ["100", "101"])
      XCTAssertEqual(details.byBuild.map(\.1), [2, 1])
      XCTAssertEqual(Dictionary(uniqueKeysWithValues: details.byDevice), ["iPhone15,2": 2, "iPad14,1": 1])
      XCTAssertEqual(details.firstSeen, Self.firstTime)
      XCTAssertEqual(details.lastSeen, Self.secondTime)
      XCTAssertEqual(details.firstBuild, "100")
      XCTAssertEqual(details.lastBuild, "101")
      XCTAssertEqual(details.sampleBlock, Self.messageA.trimmingCharacters(in: .newlines))
      XCTAssertThrowsError(try store.details(of: "v1:ffffffffffffffff", QueryFilter()))
    }
  }

  func testCheckOfABuild() throws {
    try onEachEngine {
      XCTAssertTrue(try store.hasRuns(in: .build("101"), app: nil))
      XCTAssertFalse(try store.hasRuns(in: .build("102"), app: nil))
      XCTAssertEqual(try store.latestScope(app: nil), .build("101"))
      // Build 101 saw A, which build 100 saw already: nothing new. Build 100 saw both first.
      let later = try store.check(.build("101"), app: nil, owner: .all, baseline: [])
      XCTAssertEqual(later.seen.map(\.fingerprint), [conflictA])
      XCTAssertEqual(later.new.count, 0)
      let first = try store.check(.build("100"), app: nil, owner: .all, baseline: [])
      XCTAssertEqual(Set(first.new.map(\.fingerprint)), [conflictA, conflictB])
      // A baseline accepts B.
      let accepted = try store.check(.build("100"), app: nil, owner: .all, baseline: [conflictB])
      XCTAssertEqual(accepted.new.map(\.fingerprint), [conflictA])
      // The run of build 101 by its run key sees the same.
      XCTAssertEqual(try store.check(.run("two"), app: nil, owner: .all, baseline: []).seen.count, 1)
    }
  }

  func testStatisticsPruneAndReanalysisReads() throws {
    try onEachEngine {
      let before = try store.statistics()
      XCTAssertEqual(before.runs, 2)
      XCTAssertEqual(before.conflicts, 2)
      XCTAssertEqual(before.occurrences, 4)
      XCTAssertEqual(before.failedBlocks, 0)
      XCTAssertEqual(before.oldestOccurrence, Self.firstTime)
      XCTAssertEqual(before.newestOccurrence, Self.secondTime)
      XCTAssertEqual(try store.storedOccurrences(after: 0, limit: 10).count, 4)
      XCTAssertEqual(try store.storedOccurrences(after: 0, limit: 3).count, 3)
      let stored = try store.storedOccurrences(after: 0, limit: 1)
      XCTAssertEqual(stored.first?.text, Self.messageA.trimmingCharacters(in: .newlines))
      XCTAssertEqual(stored.first?.fingerprint, conflictA)
      // Prune day 1: run 1's three occurrences go, with run 1 and B (open, left with nothing).
      let pruned = try store.prune(before: Self.secondTime)
      XCTAssertEqual(pruned.occurrences, 3)
      XCTAssertEqual(pruned.runs, 1)
      XCTAssertEqual(pruned.conflicts, 1)
      let after = try store.statistics()
      XCTAssertEqual(after.runs, 1)
      XCTAssertEqual(after.conflicts, 1)
      XCTAssertEqual(after.occurrences, 1)
      XCTAssertEqual(try store.top(QueryFilter()).map(\.fingerprint), [conflictA])
    }
  }
}
