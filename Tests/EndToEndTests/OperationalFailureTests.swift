import Foundation
import LCQEndToEndSupport
import XCTest

/// A full disk and a database held by another process: one clear line, exit status 2, and a
/// database that is whole.
final class OperationalFailureTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    let first = try fixture.lcq(["ingest", "--run-id", "first", LCQProcess.corpusFile("009")])
    XCTAssertEqual(first.status, 0, first.stderr)
  }

  override func tearDown() { fixture.remove() }

  /// 2,100 distinct messages, more than the size limit lets the database grow by.
  private func longLog() throws -> String {
    let template = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"), encoding: .utf8)
    var text = ""
    for minute in 0..<300 {
      let stamp = String(format: "%02d:%02d:", minute / 60, minute % 60)
      text += template.replacingOccurrences(of: "2024-03-05 14:10:", with: "2024-03-06 \(stamp)")
    }
    let path = fixture.folder.appendingPathComponent("long.log").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func integrity() throws -> String {
    try fixture.python(
      """
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      print(db.execute("SELECT count(*) FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN block_templates t ON t.id = o.template_id").fetchone()[0] == db.execute("SELECT count(*) FROM occurrences").fetchone()[0])
      """)
  }

  /// The disk fills up: the files may grow by only 512 KiB (`ulimit -f`, with SIGXFSZ ignored so
  /// that writes fail with EFBIG as on a full disk).
  func testADiskThatFillsUpGivesOneLineAndAWholeDatabase() throws {
    let log = try longLog()
    let command = "trap '' XFSZ; ulimit -f 512; exec \"$0\" ingest --db \"$1\" --run-id full \"$2\""
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/bin/bash"), ["-c", command, LCQProcess.executable.path, fixture.database, log],
      environment: StoreFixture.environment)
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("lcq: \(fixture.database): "), result.stderr)
    XCTAssertTrue(result.stderr.contains("full"), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
    XCTAssertEqual(try integrity(), "ok\nTrue")
    let top = try fixture.lcq(["top"])
    XCTAssertEqual(top.status, 0, "the database still answers: \(top.stderr)")
  }

  /// Another process holds the write lock past the busy timeout (1 s here, `LCQ_BUSY_TIMEOUT`).
  func testADatabaseLockedPastTheBusyTimeoutGivesOneLineAndWritesNothing() throws {
    let before = try fixture.python("print(db.execute('SELECT count(*) FROM runs').fetchone()[0])")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time\ndb = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        + "db.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\ntime.sleep(6)\ndb.execute('ROLLBACK')",
      fixture.database,
    ]
    let ready = Pipe()
    holder.standardOutput = ready
    try holder.run()
    _ = ready.fileHandleForReading.availableData  // "locked"
    let result = try LCQProcess.run(
      ["ingest", "--db", fixture.database, "--run-id", "late", LCQProcess.corpusFile("061")],
      environment: StoreFixture.environment.merging(["LCQ_BUSY_TIMEOUT": "1"]) { $1 })
    holder.waitUntilExit()
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("lcq: \(fixture.database): "), result.stderr)
    XCTAssertTrue(result.stderr.contains("locked"), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
    XCTAssertEqual(try fixture.python("print(db.execute('SELECT count(*) FROM runs').fetchone()[0])"), before)
    XCTAssertEqual(try integrity(), "ok\nTrue")
  }
}
