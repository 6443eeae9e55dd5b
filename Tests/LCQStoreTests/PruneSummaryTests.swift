import Foundation
import LCQAnalysis
import LCQParsing
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// What a prune leaves in each conflict's counters, on both engines: a conflict that keeps some
/// occurrences is counted from them alone (its count, first time and first build move to the
/// first kept occurrence; its last build key is the highest of the kept runs'), and a resolved
/// conflict left with none stays, with a count of 0, its times and builds as they were and no
/// last build key; and the template of a message no occurrence is left of goes. Every expected
/// value is read by hand off the runs below.
final class PruneSummaryTests: XCTestCase {
  /// 2024-03-01T00:00:00Z.
  private static let dayZero: Int64 = 1_709_251_200
  private static let day: Int64 = 86_400

  /// One run: its build and the seconds after day zero at which it logs each conflict, in order.
  private struct LoggedRun {
    var build: String
    var logged: [(attribute: String, seconds: Int64)]
  }

  private static let runs: [LoggedRun] = [
    LoggedRun(build: "5", logged: [("width", 36_000), ("width", 36_300), ("height", 36_600)]),
    LoggedRun(build: "7", logged: [("width", 3 * day + 43_200)]),
    LoggedRun(build: "6", logged: [("width", 5 * day + 32_400)]),
  ]

  /// Stores the runs; returns the fingerprints of the widths and heights conflicts.
  private func ingest(into store: any ConflictStore) throws -> (widths: String, heights: String) {
    var fingerprints: [String: String] = [:]
    for (number, run) in Self.runs.enumerated() {
      // Each run starts an hour after its first message, so the first starts before the cut.
      let stored = try storeTimedRun(
        RunMetadata(build: run.build, runKey: "prune-\(number)", source: "test", lcqVersion: "test"),
        startedAt: Self.dayZero + (run.logged.first?.seconds ?? 0) + 3_600,
        logged: run.logged.map { ($0.attribute, Self.dayZero + $0.seconds) }, identity: "prune-\(number)",
        into: store)
      fingerprints.merge(stored) { $1 }
    }
    return (try XCTUnwrap(fingerprints["width"]), try XCTUnwrap(fingerprints["height"]))
  }

  /// A conflict's counters as stored: count, first and last seen, first and last build, last
  /// build key.
  private static func counters(of fingerprint: String, in store: any ConflictStore) throws -> [String] {
    let row = try XCTUnwrap(
      store.queries.row(
        """
        SELECT occurrence_count, first_seen, last_seen, first_build, last_build, last_build_key
        FROM conflicts WHERE fingerprint = ?
        """, [.text(fingerprint)]))
    let columns = [
      "occurrence_count", "first_seen", "last_seen", "first_build", "last_build", "last_build_key",
    ]
    return columns.map { row[$0].text ?? "NULL" }
  }

  func testPruneCountsWhatItKeepsOnEachEngine() throws {
    try forEachEngine { store, _ in
      let (widths, heights) = try ingest(into: store)
      let zero = Self.dayZero
      XCTAssertEqual(
        try Self.counters(of: widths, in: store),
        ["4", "\(zero + 36_000)", "\(zero + 5 * Self.day + 32_400)", "5", "6", "000000000007"])
      try store.setStatus(.resolved(build: "6"), of: heights, at: zero + 2 * Self.day)

      let pruned = try store.prune(before: zero + Self.day)
      XCTAssertEqual(pruned.occurrences, 3)
      XCTAssertEqual(pruned.runs, 1)
      XCTAssertEqual(pruned.conflicts, 0)
      // The heights message's template goes with its last occurrence; the widths' stays.
      XCTAssertEqual(pruned.templates, 1)
      XCTAssertEqual(
        try store.queries.row("SELECT count(*) AS n FROM block_templates")?.count("n"), 1)
      XCTAssertEqual(
        try Self.counters(of: widths, in: store),
        [
          "2", "\(zero + 3 * Self.day + 43_200)", "\(zero + 5 * Self.day + 32_400)", "7", "6", "000000000007",
        ])
      XCTAssertEqual(
        try Self.counters(of: heights, in: store),
        ["0", "\(zero + 36_600)", "\(zero + 36_600)", "5", "5", "NULL"])
    }
  }
}
