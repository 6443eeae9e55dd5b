import Foundation
import LCQEndToEndSupport
import XCTest

/// The SQLite file is the whole history when lcq exits (issue "What a new team meets, round
/// 2"): a plain copy of the `.sqlite` file alone, made after any command that writes, holds every
/// row, read back by an independent reader (Python's `sqlite3`); and a command that only reads
/// never makes a database of a file that is not one.
final class WholeFileTests: XCTestCase {
  private var fixture: StoreFixture!
  private let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  /// The rows of a copy of the database file alone: occurrences, conflicts and runs.
  private func rowsOfACopy(_ database: String) throws -> String {
    let copy = fixture.folder.appendingPathComponent("copy-\(UUID().uuidString).sqlite").path
    try FileManager.default.copyItem(atPath: database, toPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    XCTAssertFalse(FileManager.default.fileExists(atPath: copy + "-wal"))
    let script = """
      import sqlite3, sys
      db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
      print(*[db.execute("SELECT count(*) FROM " + t).fetchone()[0] for t in ("occurrences", "conflicts", "runs")])
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, copy])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// 100 ingests, each into a new file, half of them `--ingest-time`: the copy holds the seven
  /// occurrences, seven conflicts and the run every time.
  func testACopyOfTheFileAfterAnIngestHoldsEveryRow() throws {
    for round in 0..<100 {
      let database = fixture.folder.appendingPathComponent("round-\(round).sqlite").path
      let time = round.isMultiple(of: 2) ? [] : ["--ingest-time", "2024-03-05T23:00:00Z"]
      let ingest = try LCQProcess.run(["ingest", "--db", database] + time + [example])
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
      XCTAssertEqual(try rowsOfACopy(database), "7 7 1", "round \(round)")
    }
  }

  /// The same with a reader reading the file all through each ingest (20 rounds), and after
  /// the other commands that write (`resolve`, `db prune`).
  func testACopyIsWholeWithAReaderAtWork() throws {
    let database = fixture.database
    for round in 0..<20 {
      let reader = Process()
      reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      reader.arguments = [
        "python3", "-c",
        """
        import sqlite3, sys, time, os
        end = time.time() + 30
        while time.time() < end and not os.path.exists(sys.argv[1] + ".stop"):
            try:
                sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True).execute("SELECT count(*) FROM occurrences").fetchone()
            except sqlite3.Error:
                pass
        """, database,
      ]
      try reader.run()
      let log = try StoreFixture.exampleLog(minutes: round..<(round + 1))
      let ingest = try LCQProcess.run(["ingest", "--db", database, "-"], stdin: Data(log.utf8))
      _ = FileManager.default.createFile(atPath: database + ".stop", contents: nil)
      reader.waitUntilExit()
      try FileManager.default.removeItem(atPath: database + ".stop")
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
      XCTAssertEqual(try rowsOfACopy(database), "\(7 * (round + 1)) 7 \(round + 1)", "round \(round)")
    }
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"]).first?["fingerprint"] as? String)
    XCTAssertEqual(try fixture.lcq(["resolve", fingerprint, "--in-build", "100"]).status, 0)
    let copied = fixture.folder.appendingPathComponent("after-resolve.sqlite").path
    try FileManager.default.copyItem(atPath: database, toPath: copied)
    let status = try LCQProcess.run(["show", fingerprint, "--db", copied, "--format", "json"])
    XCTAssertTrue(status.stdout.contains(#""status":"resolved""#), status.stdout)
  }

  /// A command that only reads, on an empty file or a file that is not SQLite, exits 2 with
  /// one line saying what it found, and leaves the file as it was (no `-wal`, no `-shm`).
  func testAReadOnlyCommandNeverMakesADatabaseOfAnotherFile() throws {
    let cases = [("empty", Data()), ("text", Data("precious notes\n".utf8))]
    for (name, contents) in cases {
      let file = fixture.folder.appendingPathComponent("\(name).sqlite").path
      _ = FileManager.default.createFile(atPath: file, contents: contents)
      for command in [["top"], ["report", "--format", "json"], ["check"], ["db", "stats"], ["trend"]] {
        let result = try LCQProcess.run(command + ["--db", file])
        XCTAssertEqual(result.status, 2, "\(name) \(command): \(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("lcq: \(file): not an lcq database ("), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), contents, "\(name) \(command)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "-wal"))
      }
    }
  }
}
