// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// `lcq` on a team store (`--db postgres://…`) against a real PostgreSQL server: the same
  /// answers as the SQLite file for the same logs from every read command in every format,
  /// eight runners that ingest at once storing each occurrence once, the roles of docs/team.md,
  /// and no password in any output.
  final class PostgresCommandTests: XCTestCase {
    /// The corpus's `log stream`/`log show` formats: every block has a logged time, so both
    /// stores hold the same times whenever they ingest.
    private func logs() throws -> [String] {
      try LCQProcess.corpusLogs().filter { $0.contains("/formats/") }
    }

    /// The window every comparison reads (``TeamStoreSession/window``).
    private let window = TeamStoreSession.window

    /// A new folder for a test's SQLite file, logs and copies; the caller removes it.
    private func makeFolder() throws -> URL {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-pg-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return folder
    }

    /// Runs each of `commands` on both databases and asserts the same status and output.
    private func assertSameAnswers(_ commands: [[String]], server url: String, file: String) throws {
      for arguments in commands {
        let onServer = try LCQProcess.run(arguments + ["--db", url])
        let inFile = try LCQProcess.run(arguments + ["--db", file])
        XCTAssertEqual(onServer.status, inFile.status, "\(arguments): \(onServer.stderr)")
        XCTAssertEqual(onServer.stdout, inFile.stdout, "\(arguments)")
        XCTAssertEqual(onServer.stderr, inFile.stderr, "\(arguments)")
      }
    }

    /// A new database on the test server and a new SQLite file, both holding the session of the
    /// whole corpus (``TeamStoreSession/ingest(into:logs:)``); the caller deletes the file.
    private func sessionInBothStores() throws -> (
      server: PostgresTestServer, url: String, database: String, file: URL, fingerprints: [String]
    ) {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-pg-\(UUID().uuidString).sqlite")
      let logs = try LCQProcess.corpusLogs()
      let fingerprints = try TeamStoreSession.ingest(into: url, logs: logs)
      XCTAssertEqual(try TeamStoreSession.ingest(into: file.path, logs: logs), fingerprints)
      return (server, url, database, file, fingerprints)
    }

    func testEveryQueryAnswersAsTheSQLiteFileDoes() throws {
      let (_, url, _, file, fingerprints) = try sessionInBothStores()
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let logs = try LCQProcess.corpusLogs()
      let commands = TeamStoreSession.readCommands(fingerprints: fingerprints)
      try assertSameAnswers(commands, server: url, file: file.path)
      // The report holds every panel, each with rows: an empty answer on both would pass above.
      let report = try LCQProcess.run(["report", "--format", "json", "--db", url] + window)
      let panels = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
      for panel in [
        "top_by_occurrences", "new_conflicts", "conflict_days", "volume_by_day", "quiet_conflicts",
      ] {
        XCTAssertFalse((panels[panel] as? [Any] ?? []).isEmpty, "\(panel) is empty")
      }
      // The conflict resolved in build 100 is seen again in build 101: regressed lists it.
      let regressed = try LCQProcess.run(["regressed", "--db", url] + window)
      // Piped, the table gives fingerprints in their short form (it fits 100 columns).
      XCTAssertTrue(regressed.stdout.contains(String(fingerprints[0].prefix(11))), regressed.stdout)
      // Pruning deletes the same rows (the corpus's messages logged before about 2021), and the
      // queries then agree again.
      let prune = ["db", "prune", "--older-than", "1800d"]
      let prunedServer = try LCQProcess.run(prune + ["--db", url])
      let prunedFile = try LCQProcess.run(prune + ["--db", file.path])
      XCTAssertEqual(prunedServer.status, 0, prunedServer.stderr)
      XCTAssertEqual(prunedServer.stderr, prunedFile.stderr)
      XCTAssertTrue(prunedFile.stderr.hasPrefix("lcq: pruned "), prunedFile.stderr)
      XCTAssertFalse(prunedFile.stderr.hasPrefix("lcq: pruned 0 occurrences"), prunedFile.stderr)
      try assertSameAnswers(Array(commands.prefix(10)), server: url, file: file.path)
      // db stats counts the same rows (the location and size are each engine's own).
      func stats(_ db: String) throws -> [String: String] {
        let result = try LCQProcess.run(["db", "stats", "--format", "json", "--db", db])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(
          try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return object.filter { $0.key != "path" && $0.key != "bytes" && $0.key != "schema_version" }
          .mapValues { "\($0)" }
      }
      let serverStats = try stats(url)
      XCTAssertEqual(serverStats, try stats(file.path))
      XCTAssertEqual(serverStats.count, 12)
      // Vacuuming changes no answer (PostgreSQL's VACUUM gives space back to the tables).
      let vacuum = try LCQProcess.run(["db", "vacuum", "--db", url])
      XCTAssertEqual(vacuum.status, 0, vacuum.stderr)
      XCTAssertTrue(vacuum.stderr.hasPrefix("lcq: vacuumed: "), vacuum.stderr)
      try assertSameAnswers(Array(commands.prefix(3)), server: url, file: file.path)
      // The first run's ingest again (the same app, build and logs) stores nothing again.
      let again = try LCQProcess.run(
        ["ingest", "--db", url, "--ingest-time", "2026-11-20T10:00:00Z", "--app", "Demo", "--build", "100"]
          + logs[..<(logs.count / 2)])
      XCTAssertTrue(again.stderr.contains("already stored"), again.stderr)
      XCTAssertTrue(
        again.stderr.contains(" · 0 unparsed · ") || again.stderr.contains(" unparsed · "), again.stderr)
    }

    /// Every column of every occurrence (its conflict, run and template by what they hold, not
    /// by id) as one line, NULL written `∅`: the same statement for both engines.
    private static let occurrenceLines = """
      SELECT o.identity || '|' || c.fingerprint || '|' || coalesce(r.run_key, '∅') || '|' || o.time || '|'
        || o.time_source || '|' || coalesce(o.process, '∅') || '|' || coalesce(CAST(o.pid AS TEXT), '∅') || '|'
        || coalesce(o.test, '∅') || '|' || o.verdict || '|' || coalesce(o.broken_constraint, '∅') || '|'
        || coalesce(CAST(o.broken_in_minimal_set AS TEXT), '∅') || '|' || o.source_file || '|' || o.source_line
        || '|' || t.template || '|' || o.template_values || '|' || coalesce(o.issues, '∅') || '|'
        || o.analysis_version
      FROM occurrences o JOIN conflicts c ON c.id = o.conflict_id JOIN runs r ON r.id = o.run_id
        JOIN block_templates t ON t.id = o.template_id
      ORDER BY o.identity
      """

    func testEveryOccurrenceIsStoredAsTheSQLiteFileStoresIt() throws {
      let (server, _, database, file, _) = try sessionInBothStores()
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let onServer = try server.psql(database, Self.occurrenceLines)
      let script = """
        import sqlite3, sys
        for (line,) in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(line)
        """
      let inFile = try LCQProcess.execute(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path, Self.occurrenceLines])
      XCTAssertEqual(inFile.status, 0, inFile.stderr)
      let serverLines = onServer.split(separator: "\n")
      XCTAssertGreaterThan(serverLines.count, 100)
      // The batch holds NULLs, numbers and non-ASCII text: all must arrive as they were.
      XCTAssertTrue(serverLines.contains { $0.contains("|∅|") }, "no NULL column in the corpus")
      XCTAssertTrue(serverLines.contains { $0.unicodeScalars.contains { !$0.isASCII && $0 != "∅" } })
      XCTAssertEqual(serverLines, inFile.stdout.split(separator: "\n"))
    }

    func testReanalysisMovesOccurrencesAsTheSQLiteFileDoes() throws {
      let (server, url, database, file, fingerprints) = try sessionInBothStores()
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let before = try LCQProcess.run(
        ["top", "--owner", "all", "--limit", "500", "--format", "json", "--db", url] + window)
      // An older lcq's grouping, as far as reanalysis can tell: about every third occurrence (by
      // identity, the same rows in both stores, whose ids need not agree) filed under the
      // resolved conflict, and stamped with an older fingerprint version.
      let stale = """
        UPDATE occurrences SET conflict_id = (SELECT id FROM conflicts WHERE fingerprint = '\(fingerprints[0])'),
          analysis_version = 'v0' WHERE identity < '5'
        """
      // And the second conflict known by an older version's fingerprint.
      let renamed =
        "UPDATE conflicts SET fingerprint = 'v1:3333333333333333' WHERE fingerprint = '\(fingerprints[1])'"
      for statement in [stale, renamed] {
        try server.psql(database, statement)
        let python = try LCQProcess.execute(
          URL(fileURLWithPath: "/usr/bin/env"),
          [
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()",
            file.path, statement,
          ])
        XCTAssertEqual(python.status, 0, python.stderr)
      }
      XCTAssertNotEqual(
        try LCQProcess.run(
          ["top", "--owner", "all", "--limit", "500", "--format", "json", "--db", file.path] + window
        )
        .stdout, before.stdout, "the stale grouping shows")
      try assertSameAnswers([["db", "reanalyze"]], server: url, file: file.path)
      // Every occurrence is back under its own conflict, counted as before, on both engines.
      XCTAssertEqual(
        try LCQProcess.run(
          ["top", "--owner", "all", "--limit", "500", "--format", "json", "--db", url] + window
        )
        .stdout, before.stdout)
      try assertSameAnswers(
        TeamStoreSession.readCommands(fingerprints: fingerprints), server: url, file: file.path)
      // The old fingerprint names the conflict it became, on both engines.
      try assertSameAnswers([["show", "v1:3333", "--format", "json"]], server: url, file: file.path)
      XCTAssertTrue(
        try LCQProcess.run(["show", "v1:3333", "--db", url]).stdout.contains(fingerprints[1]))
      XCTAssertEqual(
        try server.psql(
          database,
          """
          SELECT count(*) FROM conflicts c WHERE c.occurrence_count != coalesce(
            (SELECT sum(occurrences) FROM occurrence_rollup x WHERE x.conflict_id = c.id), 0)
          """), "0\n")
    }

    /// `lcq notify` on the team store: four runners notifying at once post each change once (one
    /// by one, or in a run's digest past 20), the same changes as the SQLite file's for the same
    /// history.
    func testNotifyPostsEachChangeOnceFromRunnersAtOnce() throws {
      let (_, url, _, file, _) = try sessionInBothStores()
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let onServer = try TeamStoreSession.notifiedAtOnce(url, runners: 4)
      XCTAssertEqual(Set(onServer).count, onServer.count, "a change posted twice")
      XCTAssertGreaterThan(onServer.count, 50)
      XCTAssertEqual(onServer, try TeamStoreSession.notifiedAtOnce(file.path, runners: 1))
    }

    /// Code owners on the team store (`lcq ingest --source-root`, ``OwnersCommandTests``'s app
    /// tree): two runs with different CODEOWNERS, then every command that shows or filters by
    /// them answers as the SQLite file does, and a copy carries them.
    func testOwnersAndTeamsAnswerAsTheSQLiteFileDoes() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let folder = try makeFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("owners.sqlite").path
      let app = LCQProcess.fixture("owners-app")
      let platform = folder.appendingPathComponent("CODEOWNERS")
      try "* @acme/platform\n".write(to: platform, atomically: true, encoding: .utf8)
      let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
      for db in [url, file] {
        for arguments in [
          ["--build", "100", "--run-id", "one", "--source-root", app, example, LCQProcess.corpusFile("012")],
          [
            "--build", "101", "--run-id", "two", "--source-root", app, "--codeowners", platform.path, example,
          ],
        ] {
          let ingest = try LCQProcess.run(
            ["ingest", "--db", db, "--ingest-time", "2026-11-20T10:00:00Z"] + arguments)
          XCTAssertEqual(ingest.status, 0, ingest.stderr)
        }
      }
      let commands: [[String]] = [
        ["top", "--format", "json"] + window,
        ["top", "--team", "@alice", "--format", "json"] + window,
        // Markdown: a piped table fits 100 columns, and the owners' column would be cut.
        ["top", "--team", "@acme/platform", "--format", "markdown"] + window,
        ["new", "--team", "@acme/platform", "--format", "json"] + window,
        ["show", "v3:4e08", "--format", "json"],
        ["show", "v3:5480"],
        ["report", "--format", "json", "--team", "@acme/platform"] + window,
        ["report", "--format", "markdown", "--team", "@alice"] + window,
        ["check", "--build", "100", "--team", "@alice", "--format", "json"],
        ["notify", "--dry-run", "--payload", "slack", "--since", "2000-01-01", "--team", "@acme/platform"],
      ]
      try assertSameAnswers(commands, server: url, file: file)
      for arguments in commands {
        let answer = try LCQProcess.run(arguments + ["--db", file])
        XCTAssertTrue(
          answer.stdout.contains("@acme/platform") || answer.stdout.contains("@alice")
            || answer.stdout.contains("@\u{2060}alice") || answer.stdout.contains("@\u{2060}acme/platform"),
          "\(arguments): \(answer.stdout) \(answer.stderr)")
      }
      let alice = try LCQProcess.run(["top", "--team", "@alice", "--format", "json", "--db", url] + window)
      XCTAssertTrue(alice.stdout.contains("Legacy/LQRoundedCornerView.m"), alice.stdout)
      // A copy of the team store into a new file carries each run's owners.
      let copy = folder.appendingPathComponent("copy.sqlite").path
      let copied = try LCQProcess.run(["db", "copy", "--from", url, "--to", copy])
      XCTAssertEqual(copied.status, 0, copied.stderr)
      for arguments in [
        ["show", "v3:4e08", "--format", "json"], ["top", "--team", "@alice", "--format", "json"] + window,
      ] {
        XCTAssertEqual(
          try LCQProcess.run(arguments + ["--db", copy]).stdout,
          try LCQProcess.run(arguments + ["--db", file]).stdout,
          "\(arguments)")
      }
    }

    /// A conflict among a vendored library's views (``LibraryOwnerCommandTests``'s tree) is the
    /// library's on the team store too (its schema 6 lets `owner` be `library`), and every command
    /// that filters or lists by owner answers as the SQLite file does.
    func testALibrarysConflictIsTheLibrarysAsInTheSQLiteFile() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let folder = try makeFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("library.sqlite").path
      let tree = LCQProcess.fixture("library-app")
      for db in [url, file] {
        let ingest = try LCQProcess.run(
          [
            // One ingest time for both: `show` prints the run's start.
            "ingest", "--db", db, "--build", "1", "--source-root", tree,
            "--ingest-time", "2026-11-20T10:00:00Z", LCQProcess.fixture("library-app/maps.log"),
          ])
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
      }
      let commands: [[String]] = [
        ["top", "--owner", "library", "--format", "json"] + window,
        ["top", "--owner", "app", "--format", "json"] + window,
        ["new", "--owner", "library", "--format", "json"] + window,
        ["report", "--format", "json"] + window,
        ["check", "--build", "1", "--owner", "library", "--format", "json"],
        // The map's own conflict (``LibraryOwnerCommandTests``), with its owner.
        ["show", "v3:983216fe81318aa1"], ["show", "v3:983216fe81318aa1", "--format", "json"],
      ]
      try assertSameAnswers(commands, server: url, file: file)
      let library = try LCQProcess.run(
        ["top", "--owner", "library", "--format", "json", "--db", url] + window)
      XCTAssertTrue(library.stdout.contains("GMSCompassButton width vs GMSMapView width"), library.stdout)
      XCTAssertFalse(library.stdout.contains("MapCard"), library.stdout)
      let shown = try LCQProcess.run(["show", "v3:983216fe81318aa1", "--db", url])
      XCTAssertTrue(shown.stdout.contains("   owner: library ("), shown.stdout)
    }

    /// A log cut after its last message's list, then grown (``IngestEndTests``): the team store
    /// counts the message at once and completes the same occurrence, as the SQLite file does, and
    /// says so in the same summary; a copy carries the open message.
    func testAMessageCutAfterItsListIsCompletedAsInTheSQLiteFile() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let folder = try makeFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("grown.sqlite").path
      let whole = try Data(
        contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"))
      let recovery = Data("Will attempt to recover by breaking constraint\n".utf8)
      let cut = try XCTUnwrap(whole.range(of: recovery, options: .backwards)).upperBound
      let log = folder.appendingPathComponent("simulator.log")
      func ingestBoth() throws -> [String] {
        try [url, file].map { db in
          let result = try LCQProcess.run(
            ["ingest", "--db", db, "--run-id", "r", "--ingest-time", "2026-11-20T10:00:00Z", log.path])
          XCTAssertEqual(result.status, 0, result.stderr)
          // The summary without the store it names.
          return String(result.stderr.prefix { $0 != "→" })
        }
      }
      try whole.prefix(cut).write(to: log)
      let first = try ingestBoth()
      XCTAssertEqual(first[0], first[1])
      let copy = folder.appendingPathComponent("copy.sqlite").path
      XCTAssertEqual(try LCQProcess.run(["db", "copy", "--from", url, "--to", copy]).status, 0)
      try whole.write(to: log)
      let grown = try ingestBoth()
      XCTAssertEqual(grown[0], grown[1])
      XCTAssertTrue(grown[0].hasSuffix(" · 6 already stored · 1 completed "), grown[0])
      let fromCopy = try LCQProcess.run(
        ["ingest", "--db", copy, "--run-id", "r", "--ingest-time", "2026-11-20T10:00:00Z", log.path])
      XCTAssertTrue(fromCopy.stderr.contains(" · 1 completed → "), fromCopy.stderr)
      let commands: [[String]] = [
        ["top", "--format", "json", "--limit", "50"] + window, ["trend", "--format", "json"] + window,
        ["top", "--by", "runs", "--format", "json"] + window,
      ]
      try assertSameAnswers(commands, server: url, file: file)
      XCTAssertEqual(
        try LCQProcess.run(["top", "--format", "json"] + window + ["--db", copy]).stdout,
        try LCQProcess.run(["top", "--format", "json"] + window + ["--db", file]).stdout)
    }

    func testACopyMovesAHistoryBothWaysExactlyAndCanBeResumed() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-copy-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let laptop = folder.appendingPathComponent("laptop.sqlite").path
      let back = folder.appendingPathComponent("back.sqlite").path
      let fingerprints = try TeamStoreSession.ingest(into: laptop, logs: try LCQProcess.corpusLogs())
      // A copy killed part way (small batches, so that there is a middle to stop in), then run
      // again to its end: nothing lost, nothing doubled.
      let killed = Process()
      killed.executableURL = LCQProcess.executable
      killed.arguments = ["db", "copy", "--from", laptop, "--to", url, "--batch-size", "5"]
      killed.standardError = FileHandle.nullDevice
      try killed.run()
      usleep(400_000)
      kill(killed.processIdentifier, SIGKILL)
      killed.waitUntilExit()
      let resumed = try LCQProcess.run(["db", "copy", "--from", laptop, "--to", url, "--batch-size", "5"])
      XCTAssertEqual(resumed.status, 0, resumed.stderr)
      XCTAssertFalse(resumed.stderr.contains(PostgresTestServer.password))
      try assertSameAnswers(
        TeamStoreSession.readCommands(fingerprints: fingerprints), server: url, file: laptop)
      // Again: nothing to add.
      let again = try LCQProcess.run(["db", "copy", "--from", laptop, "--to", url])
      XCTAssertTrue(again.stderr.contains("copied 0 runs, 0 conflicts"), again.stderr)
      XCTAssertTrue(again.stderr.contains(" 0 occurrences, 0 failed blocks"), again.stderr)
      // And back to a new file: the same answers, and the same counts of everything.
      XCTAssertEqual(try LCQProcess.run(["db", "copy", "--from", url, "--to", back]).status, 0)
      try assertSameAnswers(
        TeamStoreSession.readCommands(fingerprints: fingerprints), server: url, file: back)
      let counts = { (db: String) throws -> String in
        try LCQProcess.run(["db", "stats", "--db", db, "--format", "json"]).stdout
          .replacingOccurrences(of: #""(path|bytes)":[^,]*,"#, with: "", options: .regularExpression)
      }
      XCTAssertEqual(try counts(back), try counts(laptop))
    }

    func testTheReaderRoleOfDocsTeamRunsEveryReadCommand() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      // The roles exactly as docs/team.md creates them.
      let guide = try String(
        contentsOfFile: LCQProcess.repositoryRoot.appendingPathComponent("docs/team.md").path, encoding: .utf8
      )
      let roles = try XCTUnwrap(
        guide.components(separatedBy: "```sql\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
          .first { $0.contains("CREATE ROLE lcq_reader") })
      try server.psql(database, roles)
      func login(_ role: String, _ password: String) -> String {
        "postgres://\(role):\(password)@127.0.0.1:\(server.port)/\(database)?sslmode=disable"
      }
      let owner = login("lcq_owner", "change-me-owner")
      let writer = login("lcq_writer", "change-me-writer")
      let reader = login("lcq_reader", "change-me-reader")
      // The reader cannot create the schema; the owner does; the writer ingests.
      XCTAssertEqual(try LCQProcess.run(["top", "--db", reader]).status, 2)
      XCTAssertEqual(try LCQProcess.run(["db", "migrate", "--db", owner]).status, 0)
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-pg-\(UUID().uuidString).sqlite")
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let logs = Array(try LCQProcess.corpusLogs().prefix(40))
      let fingerprints = try TeamStoreSession.ingest(into: writer, logs: logs)
      XCTAssertEqual(try TeamStoreSession.ingest(into: file.path, logs: logs), fingerprints)
      try assertSameAnswers(
        TeamStoreSession.readCommands(fingerprints: fingerprints), server: reader, file: file.path)
      XCTAssertEqual(try LCQProcess.run(["db", "stats", "--db", reader]).status, 0)
      // The reader writes nothing: a change is refused by the server, with one line and exit 2.
      let refused = try LCQProcess.run(["ignore", fingerprints[2], "--db", reader])
      XCTAssertEqual(refused.status, 2)
      XCTAssertTrue(refused.stderr.contains("permission denied"), refused.stderr)
      XCTAssertTrue(refused.stderr.contains("need the writer's role (docs/team.md)"), refused.stderr)
      XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
      XCTAssertFalse(refused.stderr.contains("change-me-reader"))
    }

    func testEightRunnersIngestingAtOnceStoreEachOccurrenceAndConflictOnce() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-pg-\(UUID().uuidString).sqlite")
      defer { FileManager.default.removeSQLiteFile(at: file) }
      let logs = try LCQProcess.corpusLogs()
      // Blocks without a logged time take the ingest time: the same for every runner and store.
      let fixedTime = ["--ingest-time", "2026-11-20T10:00:00Z"]
      // The same eight runs one after another into an SQLite file give the counts to expect.
      for runner in 0..<8 {
        XCTAssertEqual(
          try LCQProcess.run(
            ["ingest", "--db", file.path, "--run-id", "runner-\(runner)"] + fixedTime + logs
          )
          .status,
          0)
      }
      let results = ResultList()
      DispatchQueue.concurrentPerform(iterations: 8) { runner in
        // Each runner reads the logs in its own order, so new conflicts meet in every order.
        let order = runner % 2 == 0 ? logs : logs.reversed()
        results.append(
          Result {
            try LCQProcess.run(["ingest", "--db", url, "--run-id", "runner-\(runner)"] + fixedTime + order)
          })
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
        try server.psql(database, "SELECT count(*) FROM occurrences"), "\(fileCounts["occurrences"] ?? "?")\n"
      )
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
        try server.psql(database, "SELECT sum(occurrences) FROM runs"),
        "\(fileCounts["occurrences"] ?? "?")\n")
      // And every count is the one the runs give one after another, but for how many runs hold
      // them: a message logged with its time is one event, stored in the run of whichever
      // runner committed it first (docs/store.md, "The identity of an occurrence"), so the
      // runs are left out of the comparison.
      for arguments in [
        ["top", "--owner", "all", "--limit", "500"] + window, ["trend"] + window, ["new"] + window,
      ] {
        let onServer = try LCQProcess.run(arguments + ["--format", "json", "--db", url])
        let inFile = try LCQProcess.run(arguments + ["--format", "json", "--db", file.path])
        XCTAssertEqual(onServer.status, 0, onServer.stderr)
        XCTAssertEqual(
          try Self.withoutRuns(onServer.stdout), try Self.withoutRuns(inFile.stdout), "\(arguments)")
      }
    }

    /// The JSON `text` with every member named `runs` taken out, re-serialised with sorted keys.
    private static func withoutRuns(_ text: String) throws -> String {
      func strip(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
          return object.filter { $0.key != "runs" }.mapValues(strip)
        }
        if let array = value as? [Any] { return array.map(strip) }
        return value
      }
      let value = strip(try JSONSerialization.jsonObject(with: Data(text.utf8)))
      return String(
        decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    func testNoPasswordIsPrinted() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let ingest = try LCQProcess.run(["ingest", "--db", url, LCQProcess.corpusFile("log-show-json.log")])
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
      XCTAssertTrue(ingest.stderr.contains("postgres://lcq:***@127.0.0.1"), ingest.stderr)
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      let wrong = try LCQProcess.run([
        "top", "--db", server.url(database: database, password: "Wr0ng-pw-9931"),
      ])
      XCTAssertEqual(wrong.status, 2)
      XCTAssertTrue(wrong.stderr.contains("password authentication failed"), wrong.stderr)
      for output in [ingest.stdout, ingest.stderr, wrong.stdout, wrong.stderr] {
        XCTAssertFalse(output.contains(PostgresTestServer.password))
        XCTAssertFalse(output.contains("Wr0ng-pw-9931"))
      }
    }
  }
#endif
