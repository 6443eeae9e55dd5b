import Foundation
import LCQTestSupport
import XCTest

/// `lcq` on a team store (`--db postgres://…`) against a real PostgreSQL server: the same
/// answers as the SQLite file for the same logs, runners that ingest at once storing each
/// occurrence once, and no password in any output.
final class PostgresCommandTests: XCTestCase {
  /// The corpus's `log stream`/`log show` formats: every block has a logged time, so both
  /// stores hold the same times whenever they ingest.
  private func logs() throws -> [String] {
    try LCQProcess.corpusLogs().filter { $0.contains("/formats/") }
  }

  func testTopAndShowAnswerAsTheSQLiteFileDoes() throws {
    let server = try PostgresTestServer.shared()
    let url = try server.makeDatabase()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pg-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let logs = try logs()
    for db in [url, file.path] {
      let ingest = try LCQProcess.run(["ingest", "--db", db] + logs)
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
    }
    for arguments in [["top"], ["top", "--by", "runs", "--limit", "5"], ["top", "--format", "json"]] {
      let onServer = try LCQProcess.run(arguments + ["--db", url])
      let inFile = try LCQProcess.run(arguments + ["--db", file.path])
      XCTAssertEqual(onServer.status, 0, onServer.stderr)
      XCTAssertEqual(onServer.stdout, inFile.stdout, "\(arguments)")
      XCTAssertFalse(onServer.stdout.isEmpty)
    }
    let json = try LCQProcess.run(["top", "--format", "json", "--db", url])
    let top = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let rows = try XCTUnwrap(top["conflicts"] as? [[String: Any]])
    let fingerprint = try XCTUnwrap(rows.first?["fingerprint"] as? String)
    let shown = try LCQProcess.run(["show", fingerprint, "--db", url])
    XCTAssertEqual(shown.status, 0, shown.stderr)
    XCTAssertEqual(shown.stdout, try LCQProcess.run(["show", fingerprint, "--db", file.path]).stdout)
    // A second ingest of the same logs stores nothing again.
    let again = try LCQProcess.run(["ingest", "--db", url] + logs)
    XCTAssertTrue(again.stderr.contains("already stored"), again.stderr)
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    XCTAssertEqual(
      try server.psql(database, "SELECT sum(occurrences) FROM runs"),
      try server.psql(
        database, "SELECT count(*) FROM occurrences"))
  }

  func testRunnersIngestingAtOnceStoreEachOccurrenceAndConflictOnce() throws {
    let server = try PostgresTestServer.shared()
    let url = try server.makeDatabase()
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pg-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let logs = try LCQProcess.corpusLogs()
    // The same four runs one after another into an SQLite file give the counts to expect.
    for runner in 0..<4 {
      XCTAssertEqual(
        try LCQProcess.run(["ingest", "--db", file.path, "--run-id", "runner-\(runner)"] + logs).status, 0)
    }
    let results = ResultList()
    DispatchQueue.concurrentPerform(iterations: 4) { runner in
      // Each runner reads the logs in its own order, so new conflicts meet in every order.
      let order = runner % 2 == 0 ? logs : logs.reversed()
      results.append(
        Result { try LCQProcess.run(["ingest", "--db", url, "--run-id", "runner-\(runner)"] + order) })
    }
    for result in results.all {
      let run = try result.get()
      XCTAssertEqual(run.status, 0, run.stderr)
    }
    let stats = try LCQProcess.run(["db", "stats", "--db", file.path, "--format", "json"])
    let fileCounts = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(
      try server.psql(database, "SELECT count(*) FROM conflicts"), "\(fileCounts["conflicts"] ?? "?")\n")
    XCTAssertEqual(
      try server.psql(database, "SELECT count(*) FROM occurrences"), "\(fileCounts["occurrences"] ?? "?")\n")
    // The counters agree with the rows, whoever wrote them.
    XCTAssertEqual(
      try server.psql(
        database,
        """
        SELECT count(*) FROM conflicts c WHERE c.occurrence_count !=
          (SELECT count(*) FROM occurrences o WHERE o.conflict_id = c.id)
          OR c.occurrence_count != coalesce((SELECT sum(occurrences) FROM occurrence_rollup x WHERE x.conflict_id = c.id), 0)
        """), "0\n")
    XCTAssertEqual(
      try server.psql(database, "SELECT sum(occurrences) FROM runs"), "\(fileCounts["occurrences"] ?? "?")\n")
  }

  func testNoPasswordIsPrinted() throws {
    let server = try PostgresTestServer.shared()
    let url = try server.makeDatabase()
    let ingest = try LCQProcess.run(["ingest", "--db", url, LCQProcess.corpusFile("log-show-json.log")])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    XCTAssertTrue(ingest.stderr.contains("postgres://lcq:***@127.0.0.1"), ingest.stderr)
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    let wrong = try LCQProcess.run(["top", "--db", server.url(database: database, password: "Wr0ng-pw-9931")])
    XCTAssertEqual(wrong.status, 2)
    XCTAssertTrue(wrong.stderr.contains("password authentication failed"), wrong.stderr)
    for output in [ingest.stdout, ingest.stderr, wrong.stdout, wrong.stderr] {
      XCTAssertFalse(output.contains(PostgresTestServer.password))
      XCTAssertFalse(output.contains("Wr0ng-pw-9931"))
    }
    let unsupported = try LCQProcess.run(["trend", "--db", url])
    XCTAssertEqual(unsupported.status, 2)
    XCTAssertTrue(unsupported.stderr.contains("not available on a PostgreSQL store yet"), unsupported.stderr)
  }
}

/// Results collected from several threads.
private final class ResultList: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<LCQProcess.Result, any Error>] = []
  func append(_ result: Result<LCQProcess.Result, any Error>) { lock.withLock { results.append(result) } }
  var all: [Result<LCQProcess.Result, any Error>] { lock.withLock { results } }
}
