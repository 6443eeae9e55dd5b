// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// The team store when the server misbehaves, on a real PostgreSQL server: restarted or cut
  /// off in the middle of an ingest (lcq reconnects and stores every occurrence once), gone at
  /// the start, or cancelling statements (one line, exit 2, and a re-run stores exactly what is
  /// missing). Each compares with the same input ingested into an SQLite file.
  final class PostgresFaultTests: XCTestCase {
    /// Blocks without a logged time take this time in both stores.
    private let fixedTime = ["--ingest-time", "2026-11-20T10:00:00Z", "--run-id", "fault"]

    /// Two halves of an input: the corpus's `formats` logs, then its real logs.
    private func halves() throws -> (Data, Data) {
      let logs = try LCQProcess.corpusLogs()
      func joined(_ paths: [String]) throws -> Data {
        var data = Data()
        for path in paths {
          data += try Data(contentsOf: URL(fileURLWithPath: path))
          if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        }
        return data
      }
      return (
        try joined(logs.filter { $0.contains("/formats/") }),
        try joined(logs.filter { $0.contains("/real/") })
      )
    }

    /// What an SQLite file holds after ingesting each of `inputs` in turn: `top` as JSON, and
    /// the occurrence count.
    private func expected(_ inputs: [Data]) throws -> (top: String, occurrences: String) {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-fault-\(UUID().uuidString).sqlite")
      defer { FileManager.default.removeSQLiteFile(at: file) }
      for data in inputs {
        let ingest = try LCQProcess.run(["ingest", "--db", file.path] + fixedTime + ["-"], stdin: data)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
      }
      let stats = try LCQProcess.run(["db", "stats", "--db", file.path, "--format", "json"])
      let counts = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
      return (try top(file.path), "\(counts["occurrences"] ?? "?")\n")
    }

    private func top(_ db: String) throws -> String {
      try LCQProcess.run(
        [
          "top", "--db", db, "--owner", "all", "--limit", "500", "--format", "json", "--since", "2000-01-01",
          "--until", "2026-11-25T00:00:00Z",
        ]
      ).stdout
    }

    /// Waits until the database holds at least one occurrence (the first half was committed).
    private func waitForCommit(_ server: PostgresTestServer, _ database: String) throws {
      for _ in 0..<100 {
        // Before lcq has created the schema, the table is not there yet.
        let answer = try? server.psql(database, "SELECT count(*) FROM occurrences")
        if let count = answer.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }), count > 0
        {
          return
        }
        usleep(100_000)
      }
      XCTFail("nothing was committed within 10 s")
    }

    /// An ingest on a live pipe: the first half, then `fault`, then the second half.
    private func ingest(across fault: (PostgresTestServer, String) throws -> Void) throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let (first, second) = try halves()
      let lcq = try LiveLCQ(
        ["ingest", "--db", url] + fixedTime + ["-"], environment: ["LCQ_RECONNECT_SECONDS": "60"])
      lcq.write(first)
      try waitForCommit(server, database)
      try fault(server, database)
      lcq.write(second)
      let result = lcq.finish()
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertFalse(result.stderr.contains(PostgresTestServer.password))
      // One ingest read both halves, as one SQLite ingest of the whole input does.
      let want = try expected([first + second])
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM occurrences"), want.occurrences)
      XCTAssertEqual(try top(url), want.top)
      // The counters agree with the rows after the reconnect.
      XCTAssertEqual(
        try server.psql(
          database,
          """
          SELECT count(*) FROM conflicts c WHERE c.occurrence_count !=
            (SELECT count(*) FROM occurrences o WHERE o.conflict_id = c.id)
          """), "0\n")
    }

    func testAServerRestartMidIngestLosesAndDoublesNothing() throws {
      try ingest { server, _ in try server.restart() }
    }

    func testACutConnectionMidIngestLosesAndDoublesNothing() throws {
      try ingest { server, database in try server.cutConnections(to: database) }
    }

    func testAnUnreachableServerIsOneLineAndExitTwo() throws {
      let port = try PostgresTestServer.closedPort()
      let started = Date()
      let result = try LCQProcess.run(
        ["top", "--db", "postgres://lcq:\(PostgresTestServer.password)@127.0.0.1:\(port)/nothing"],
        environment: ["LCQ_RECONNECT_SECONDS": "2"])
      XCTAssertEqual(result.status, 2)
      XCTAssertTrue(result.stderr.hasPrefix("lcq: postgres://lcq:***@127.0.0.1:"), result.stderr)
      XCTAssertTrue(result.stderr.contains("cannot reach the server"), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertFalse(result.stderr.contains(PostgresTestServer.password))
      // It tried again for the window it was given, and not much longer.
      XCTAssertLessThan(Date().timeIntervalSince(started), 15)
    }

    /// A refused connection and a server that never answers each get one sentence that says what
    /// to check, within a few seconds, with the default settings.
    func testARefusedConnectionAndASilentServerSayWhatToCheckQuickly() throws {
      let port = try PostgresTestServer.closedPort()
      var started = Date()
      let refused = try LCQProcess.run(["top", "--db", "postgres://lcq:pw@127.0.0.1:\(port)/nothing"])
      XCTAssertEqual(refused.status, 2)
      XCTAssertEqual(
        refused.stderr,
        "lcq: postgres://lcq:***@127.0.0.1:\(port)/nothing: cannot reach the server: nothing is listening at "
          + "127.0.0.1:\(port) (connection refused): is the server running, and is the port right?\n")
      XCTAssertLessThan(Date().timeIntervalSince(started), 5)

      // A listener that takes the connection and never answers: something is there, but it does
      // not log lcq in.
      let silent = try PythonServer(
        script: """
          import socket, sys, time
          server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(8)
          print(server.getsockname()[1], flush=True)
          held = []
          while True:
              held.append(server.accept()[0])
          """)
      started = Date()
      let timedOut = try LCQProcess.run(["top", "--db", "postgres://lcq:pw@127.0.0.1:\(silent.port)/nothing"])
      XCTAssertEqual(timedOut.status, 2)
      XCTAssertEqual(
        timedOut.stderr,
        "lcq: postgres://lcq:***@127.0.0.1:\(silent.port)/nothing: cannot reach the server: 127.0.0.1:\(silent.port) "
          + "took the connection but did not log lcq in within 5 s (connect_timeout): is it a PostgreSQL server or "
          + "pooler, and is it overloaded? (runners that share a busy pooler may need a longer connect_timeout)\n"
      )
      XCTAssertLessThan(Date().timeIntervalSince(started), 8)

      // A listener whose queue is full (one connection waits in it, none is taken): the kernel
      // drops lcq's attempt unanswered, as a firewall or a wrong host does.
      let full = try PythonServer(
        script: """
          import socket, sys, time
          server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(0)
          waiting = socket.create_connection(server.getsockname())
          print(server.getsockname()[1], flush=True)
          time.sleep(600)
          """)
      started = Date()
      let unanswered = try LCQProcess.run(["top", "--db", "postgres://lcq:pw@127.0.0.1:\(full.port)/nothing"])
      XCTAssertEqual(unanswered.status, 2)
      XCTAssertEqual(
        unanswered.stderr,
        "lcq: postgres://lcq:***@127.0.0.1:\(full.port)/nothing: cannot reach the server: no answer from "
          + "127.0.0.1:\(full.port) within 5 s (connect_timeout): is the host right, and does a firewall let lcq through?\n"
      )
      XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }

    /// A server that answers "too many clients" when lcq starts, as it may when a fleet of
    /// runners connects at once, is waited for (within the reconnect window, 60 s by default):
    /// the ingest stores everything once a connection is free, and does not fail the job.
    func testAServerWithNoFreeConnectionIsWaitedFor() throws {
      let server = try PostgresTestServer(maxConnections: 3)
      defer { server.stop() }
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      // Three sessions take every connection for 5 s.
      var holders: [Process] = []
      for _ in 0..<3 {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = [
          "-h", "127.0.0.1", "-p", "\(server.port)", "-U", PostgresTestServer.user, "-d", database, "-c",
          "SELECT pg_sleep(5)",
        ]
        holder.environment = ["PGPASSWORD": PostgresTestServer.password]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        holders.append(holder)
      }
      defer { for holder in holders { holder.terminate() } }
      // Once they are in (a second is ample), the server says so to anyone who asks.
      sleep(1)
      let deadline = Date().addingTimeInterval(10)
      var full = false
      while !full, Date() < deadline {
        do {
          try server.psql(database, "SELECT 1")
          usleep(50_000)
        } catch {
          full = "\(error)".contains("too many clients")
        }
      }
      XCTAssertTrue(full, "the holders never filled the server")
      XCTAssertTrue(holders.allSatisfy(\.isRunning))

      let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
      let result = try LCQProcess.run(["ingest", "--db", url] + fixedTime + [example])
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertFalse(result.stderr.contains("too many"), result.stderr)
      // The example's 7 messages, each logged with its time.
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM occurrences"), "7\n")
    }

    func testAStatementTimeoutStopsWithOneLineAndARerunStoresWhatIsMissing() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let (first, second) = try halves()
      XCTAssertEqual(try LCQProcess.run(["ingest", "--db", url] + fixedTime + ["-"], stdin: first).status, 0)
      try server.psql(database, "ALTER DATABASE \(database) SET statement_timeout = '1ms'")
      let cancelled = try LCQProcess.run(["ingest", "--db", url] + fixedTime + ["-"], stdin: second)
      XCTAssertEqual(cancelled.status, 2, cancelled.stderr)
      XCTAssertTrue(cancelled.stderr.contains("statement timeout"), cancelled.stderr)
      XCTAssertEqual(
        cancelled.stderr.split(separator: "\n").filter { $0.hasPrefix("lcq: postgres") }.count, 1)
      try server.psql(database, "ALTER DATABASE \(database) RESET statement_timeout")
      let rerun = try LCQProcess.run(["ingest", "--db", url] + fixedTime + ["-"], stdin: second)
      XCTAssertEqual(rerun.status, 0, rerun.stderr)
      let want = try expected([first, second])
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM occurrences"), want.occurrences)
      XCTAssertEqual(try top(url), want.top)
    }
  }
#endif
