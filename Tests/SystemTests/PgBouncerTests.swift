// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// The team store behind PgBouncer in transaction mode (docs/team.md): 200 runners share 20
  /// server connections, and any transaction may run on any of them, so lcq keeps no state that
  /// outlives a transaction (the migration's advisory lock is the transaction's).
  ///
  /// Worked out by hand: the runners come in pairs that share a run key (`--run-id runner-K`, K
  /// from 0 to 99: a job and its retry, started at once). Each ingests the example simulator log
  /// (7 messages logged with their times) and the self-sizing cell's message pasted without its
  /// time. An occurrence belongs to its run (docs/store.md): each pair's 8 events are stored once,
  /// whichever of the two comes first, and the pairs' are apart: 100 × 8 = 800 occurrences of 8
  /// conflicts, in 200 runs (every ingest records its run).
  ///
  /// Four `lcq notify` at once through the pooler post each new conflict once.
  ///
  /// PgBouncer admits 80 clients at a time: the others are told "no more connections allowed"
  /// and wait for a place (docs/team.md), with a window long enough for the whole fleet. On two
  /// cores, 200 runners starve the pooler, which logs each in with SCRAM in one thread: a login
  /// may take longer than the default 5 s, so the runners give it 60 (`connect_timeout`), as
  /// docs/team.md advises for runners that share a busy pooler.
  final class PgBouncerTests: XCTestCase {
    private static let runners = 200
    private static let admitted = 80
    /// The run keys the runners share, two runners each.
    private static let keys = 100

    func testTwoHundredIngestersThroughTwentyServerConnectionsStoreEachOccurrenceOnce() throws {
      guard PgBouncerTestProxy.isInstalled else {
        throw XCTSkip("needs Debian's pgbouncer (scripts/test installs it)")
      }
      let server = try PostgresTestServer.shared()
      let direct = try server.makeDatabase()
      let database = String(direct.split(separator: "/").last?.split(separator: "?").first ?? "")
      let proxy = try PgBouncerTestProxy(server: server, serverConnections: 20, clients: Self.admitted)
      defer { proxy.stop() }
      let pooled = proxy.url(database: database)
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-pgbouncer-runs-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
      let cell = try String(
        contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log"),
        encoding: .utf8)
      let pasted = folder.appendingPathComponent("pasted.log")
      try Data(String(cell[try XCTUnwrap(cell.range(of: "[LayoutConstraints] ")).upperBound...]).utf8).write(
        to: pasted)

      // Every runner at once, the database new: the first ones migrate it through the pooler.
      var processes: [(Process, URL)] = []
      for runner in 0..<Self.runners {
        let process = Process()
        process.executableURL = LCQProcess.executable
        process.arguments = [
          "ingest", "--db", pooled + "&connect_timeout=60", "--run-id", "runner-\(runner % Self.keys)",
          "--ingest-time",
          "2026-11-20T10:00:00Z",
          example, pasted.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(
          StoreFixture.environment.merging(["LCQ_RECONNECT_SECONDS": "240"]) { $1 }
        ) { $1 }
        let output = folder.appendingPathComponent("runner-\(runner).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes.append((process, output))
      }
      // A lock that outlived its transaction would leave the others waiting for ever: they get
      // five minutes (they take under a minute), then the test fails instead of hanging.
      let deadline = Date().addingTimeInterval(300)
      while processes.contains(where: { $0.0.isRunning }), Date() < deadline { usleep(100_000) }
      let stuck = processes.filter { $0.0.isRunning }
      for (process, _) in stuck { process.terminate() }
      XCTAssertEqual(
        stuck.count, 0, "runners still waiting after five minutes (a lock held past its transaction?)")
      // Each way a runner failed, once, with how many failed so: a line each, whatever the count.
      var failures: [String: Int] = [:]
      for (process, output) in processes {
        process.waitUntilExit()
        guard process.terminationReason != .exit || process.terminationStatus != 0 else { continue }
        let how =
          process.terminationReason == .uncaughtSignal
          ? "killed by signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        let lines = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n")
        let said = lines.first { $0.hasPrefix("lcq: ") } ?? lines.first ?? "nothing"
        failures["\(how): \(said)", default: 0] += 1
      }
      // What PgBouncer said of its limits and errors: its file descriptor limit (an accept that
      // fails for want of one stops it accepting for 5 s), then its errors and last warnings.
      let pgbouncerLines = proxy.log.split(separator: "\n")
      let pgbouncerSaid =
        pgbouncerLines.filter { $0.contains("file descriptor limit") || $0.contains("ERROR") }.prefix(5)
        + pgbouncerLines.filter { $0.contains("WARNING") }.suffix(5)
      XCTAssertEqual(
        failures, [:],
        "runners that failed, by what they said; PgBouncer said: " + pgbouncerSaid.joined(separator: " | "))

      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM runs"), "\(Self.runners)\n")
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM occurrences"), "\(8 * Self.keys)\n")
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM conflicts"), "8\n")
      XCTAssertEqual(
        try server.psql(database, "SELECT count(DISTINCT identity) FROM occurrences"), "\(8 * Self.keys)\n"
      )
      XCTAssertEqual(try server.psql(database, "SELECT count(*) FROM runs WHERE status <> 'finished'"), "0\n")
      // The team store's migrations, each applied once.
      let migrations = try FileManager.default.contentsOfDirectory(
        atPath: LCQProcess.repositoryRoot.appendingPathComponent("Migrations/postgresql").path
      ).filter { $0.hasSuffix(".sql") }
      XCTAssertEqual(
        try server.psql(database, "SELECT count(*) FROM lcq_migrations"), "\(migrations.count)\n")

      // Every read command answers through the pooler as it does directly.
      let window = ["--since", "2000-01-01", "--until", "2026-11-25T00:00:00Z"]
      for arguments in [
        ["top", "--owner", "all", "--format", "json"] + window,
        ["trend", "--by", "build", "--format", "json"] + window,
        ["check", "--run-id", "runner-7", "--format", "json"], ["report", "--format", "json"] + window,
        ["db", "stats", "--format", "json"],
      ] {
        let pooledAnswer = try LCQProcess.run(
          arguments + ["--db", pooled], environment: StoreFixture.environment)
        let directAnswer = try LCQProcess.run(
          arguments + ["--db", direct], environment: StoreFixture.environment)
        XCTAssertEqual(pooledAnswer.status, directAnswer.status, pooledAnswer.stderr)
        XCTAssertEqual(
          pooledAnswer.stdout.replacingOccurrences(of: "\(proxy.port)", with: "PORT"),
          directAnswer.stdout.replacingOccurrences(of: "\(server.port)", with: "PORT"), "\(arguments)")
      }

      // Four notifiers at once through the pooler post each of the 8 new conflicts once: one of
      // them claims each change (a row in `notifications`), whichever server connection each
      // transaction gets.
      let posted = try TeamStoreSession.notifiedAtOnce(
        pooled, runners: 4, environment: StoreFixture.environment)
      let fingerprints = try server.psql(database, "SELECT fingerprint FROM conflicts ORDER BY fingerprint")
        .split(separator: "\n").map { "\($0) new" }
      XCTAssertEqual(posted, fingerprints)
    }
  }
#endif
