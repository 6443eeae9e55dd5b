import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// `lcq ingest` killed with SIGKILL at random moments never leaves a damaged or half-written
/// database, never loses what it committed (counts only grow from one kill to the next), and
/// ingesting the log again ends with exactly the counts of one clean ingest.
///
/// `LCQ_KILLS` sets the number of kills (default 20, bounded for `swift test`; the full run,
/// `scripts/reliability.sh`, uses 120).
final class CrashSafetyTests: XCTestCase {
  func testKilledIngestsLoseNothingCommittedAndDoubleNothing() throws {
    let kills = Int(ProcessInfo.processInfo.environment["LCQ_KILLS"] ?? "") ?? 20
    let fixture = try StoreFixture()
    defer { fixture.remove() }
    // 2,100 distinct conflict messages with timestamps (the example log, moved in time).
    let text = try StoreFixture.exampleLog(minutes: 0..<300)
    let log = fixture.folder.appendingPathComponent("long.log").path
    try text.write(toFile: log, atomically: true, encoding: .utf8)

    let reference = fixture.folder.appendingPathComponent("reference.sqlite").path
    let clean = try LCQProcess.run(["ingest", "--db", reference, log], environment: StoreFixture.environment)
    XCTAssertEqual(clean.status, 0, clean.stderr)
    let expected = try summary(of: reference, fixture)
    XCTAssertEqual(expected.occurrences, 2100)

    var generator = SeededGenerator.forTest("CrashSafetyTests")
    // Fed through a pipe in pieces, as a live `log stream` would: the ingest commits each time
    // it catches up, so a kill lands between commits, after some and before others.
    signal(SIGPIPE, SIG_IGN)
    let pieces = stride(from: 0, to: text.utf8.count, by: 32 * 1024).map { offset in
      Data(text.utf8.dropFirst(offset).prefix(32 * 1024))
    }
    var killed = 0
    var killedMidWrite = 0
    var database = fixture.database
    var before = 0
    for round in 0..<kills {
      // A fresh database every four kills; within one, committed counts never go down.
      if round % 4 == 0 {
        try finishAndCompare(database, log, expected, fixture, after: round)
        database = fixture.folder.appendingPathComponent("crash-\(round).sqlite").path
        before = 0
      }
      let process = Process()
      process.executableURL = LCQProcess.executable
      process.arguments = ["ingest", "--db", database, "-"]
      process.environment = ProcessInfo.processInfo.environment.merging(StoreFixture.environment) { $1 }
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let feeder = DispatchGroup()
      feeder.enter()
      DispatchQueue.global().async {
        for piece in pieces {
          guard (try? input.fileHandleForWriting.write(contentsOf: piece)) != nil else { break }
          usleep(5_000)
        }
        try? input.fileHandleForWriting.close()
        feeder.leave()
      }
      // Within the time the pieces take to arrive, so that most kills land mid-ingest.
      let feedSeconds = Double(pieces.count) * 0.005
      usleep(UInt32(Double.random(in: 0.05...max(0.1, 0.9 * feedSeconds), using: &generator) * 1_000_000))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()
      feeder.wait()
      let state = try summary(of: database, fixture)
      XCTAssertEqual(state.integrity, "ok", "after kill \(round)")
      XCTAssertTrue(state.consistent, "after kill \(round): counts, rollup and templates agree")
      XCTAssertLessThanOrEqual(state.occurrences, expected.occurrences, "after kill \(round)")
      XCTAssertGreaterThanOrEqual(state.occurrences, before, "after kill \(round): committed rows were lost")
      if state.occurrences > before, state.occurrences < expected.occurrences { killedMidWrite += 1 }
      before = state.occurrences
    }
    XCTAssertGreaterThan(killed, kills / 2, "most runs were killed mid-ingest")
    XCTAssertGreaterThan(killedMidWrite, 0, "no kill landed between two commits of one ingest")
    try finishAndCompare(database, log, expected, fixture, after: kills)
    print(
      "crash safety: \(killed) of \(kills) ingests killed with SIGKILL, \(killedMidWrite) between two commits; "
        + "each database then equals a clean ingest")
  }

  /// Ingests the whole log into `database` (when it exists) and checks it against a clean one.
  func finishAndCompare(
    _ database: String, _ log: String, _ expected: Summary, _ fixture: StoreFixture, after round: Int
  )
    throws
  {
    guard FileManager.default.fileExists(atPath: database) else { return }
    let again = try LCQProcess.run(["ingest", "--db", database, log], environment: StoreFixture.environment)
    XCTAssertEqual(again.status, 0, again.stderr)
    let final = try summary(of: database, fixture)
    XCTAssertEqual(final.occurrences, expected.occurrences, "after round \(round)")
    XCTAssertEqual(final.conflicts, expected.conflicts, "after round \(round)")
    XCTAssertEqual(final.perConflict, expected.perConflict, "after round \(round)")
    XCTAssertTrue(final.consistent, "after round \(round)")
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
