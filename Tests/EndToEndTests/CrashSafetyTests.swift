import Foundation
import XCTest

/// `lcq ingest` killed with SIGKILL at random moments never leaves a damaged or half-written
/// database, and ingesting the log again ends with exactly the counts of one clean ingest.
///
/// `LCQ_KILLS` sets the number of kills (default 20, bounded for `swift test`; the full run,
/// `scripts/reliability.sh`, uses 120).
final class CrashSafetyTests: XCTestCase {
  func testKilledIngestsLoseNothingCommittedAndDoubleNothing() throws {
    let kills = Int(ProcessInfo.processInfo.environment["LCQ_KILLS"] ?? "") ?? 20
    let fixture = try StoreFixture()
    defer { fixture.remove() }
    // 2,100 distinct conflict messages with timestamps (the example log, moved in time).
    let template = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"), encoding: .utf8)
    var text = ""
    for minute in 0..<300 {
      let stamp = String(format: "%02d:%02d:", minute / 60, minute % 60)
      text +=
        template.replacingOccurrences(of: "2017-12-10 14:43:", with: "2017-12-11 \(stamp)")
        .replacingOccurrences(of: "2024-03-05 14:10:", with: "2024-03-06 \(stamp)")
    }
    let log = fixture.folder.appendingPathComponent("long.log").path
    try text.write(toFile: log, atomically: true, encoding: .utf8)

    let reference = fixture.folder.appendingPathComponent("reference.sqlite").path
    let started = Date()
    let clean = try LCQProcess.run(["ingest", "--db", reference, log], environment: StoreFixture.environment)
    XCTAssertEqual(clean.status, 0, clean.stderr)
    let cleanSeconds = Date().timeIntervalSince(started)
    let expected = try summary(of: reference, fixture)
    XCTAssertEqual(expected.occurrences, 2100)

    var generator = SystemRandomNumberGenerator()
    var killed = 0
    for round in 0..<kills {
      let process = Process()
      process.executableURL = LCQProcess.executable
      process.arguments = ["ingest", "--db", fixture.database, log]
      process.environment = ProcessInfo.processInfo.environment.merging(StoreFixture.environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32(Double.random(in: 0.02...max(0.05, cleanSeconds * 1.2), using: &generator) * 1_000_000))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()
      let state = try summary(of: fixture.database, fixture)
      XCTAssertEqual(state.integrity, "ok", "after kill \(round)")
      XCTAssertTrue(state.consistent, "after kill \(round): counts, rollup and templates agree")
      XCTAssertLessThanOrEqual(state.occurrences, expected.occurrences, "after kill \(round)")
    }
    XCTAssertGreaterThan(killed, kills / 2, "most runs were killed mid-ingest")
    let again = try LCQProcess.run(
      ["ingest", "--db", fixture.database, log], environment: StoreFixture.environment)
    XCTAssertEqual(again.status, 0, again.stderr)
    let final = try summary(of: fixture.database, fixture)
    XCTAssertEqual(final.occurrences, expected.occurrences)
    XCTAssertEqual(final.conflicts, expected.conflicts)
    XCTAssertEqual(final.perConflict, expected.perConflict)
    XCTAssertTrue(final.consistent)
    print(
      "crash safety: \(killed) of \(kills) ingests killed with SIGKILL; final counts equal a clean ingest")
  }

  struct Summary {
    var integrity: String
    var occurrences: Int
    var conflicts: Int
    var perConflict: String
    var consistent: Bool
  }

  /// Integrity, counts, and whether every occurrence is whole: its conflict and template exist,
  /// the rollup sums to the occurrences, and each conflict's count matches its rows.
  func summary(of database: String, _ fixture: StoreFixture) throws -> Summary {
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
      if "occurrences" not in tables:
          print(0); print(0); print(""); print(1); sys.exit()
      print(db.execute("SELECT count(*) FROM occurrences").fetchone()[0])
      print(db.execute("SELECT count(*) FROM conflicts WHERE occurrence_count > 0").fetchone()[0])
      print(";".join(f"{f}={n}" for f, n in db.execute(
          "SELECT fingerprint, occurrence_count FROM conflicts WHERE occurrence_count > 0 ORDER BY fingerprint")))
      orphans = db.execute(
          "SELECT count(*) FROM occurrences o LEFT JOIN conflicts c ON c.id = o.conflict_id "
          "LEFT JOIN block_templates t ON t.id = o.template_id LEFT JOIN runs r ON r.id = o.run_id "
          "WHERE c.id IS NULL OR t.id IS NULL OR r.id IS NULL OR o.template_values IS NULL").fetchone()[0]
      rollup = db.execute("SELECT coalesce(sum(occurrences), 0) FROM occurrence_rollup").fetchone()[0]
      total = db.execute("SELECT count(*) FROM occurrences").fetchone()[0]
      mismatched = db.execute(
          "SELECT count(*) FROM conflicts c WHERE occurrence_count != "
          "(SELECT count(*) FROM occurrences o WHERE o.conflict_id = c.id)").fetchone()[0]
      print(1 if orphans == 0 and rollup == total and mismatched == 0 else 0)
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 5 else {
      return Summary(
        integrity: result.stdout, occurrences: 0, conflicts: 0, perConflict: "", consistent: false)
    }
    return Summary(
      integrity: lines[0], occurrences: Int(lines[1]) ?? -1, conflicts: Int(lines[2]) ?? -1,
      perConflict: lines[3],
      consistent: lines[4] == "1")
  }
}
