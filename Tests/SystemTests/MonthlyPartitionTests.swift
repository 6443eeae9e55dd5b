// The team store's tests: built with the TeamStore trait only (Package.swift), as scripts/test does.
#if TeamStore
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// The team store keeps occurrences in one partition per UTC month (`Migrations/postgresql/`
  /// 0013, docs/scale.md): a store written before moves into them with every row unchanged, the
  /// same log ingested in two months is stored once, and `lcq db prune` drops whole months and
  /// counts exactly as the SQLite file does.
  final class MonthlyPartitionTests: XCTestCase {
    /// The migration that made the partitions; the stores before it have the ones before.
    private static let partitionMigration = "0013_monthly_partitions.sql"

    /// The tables lcq writes, parents first, and the columns a store of schema 12 has.
    private static let tables: [(name: String, order: String)] = [
      ("runs", "id"), ("conflicts", "id"), ("block_templates", "id"), ("occurrences", "id"),
      ("occurrence_rollup", "conflict_id, run_id, day"), ("failed_blocks", "id"),
      ("open_messages", "occurrence_id"), ("run_tests", "run_id, test"),
      ("code_owners", "conflict_id, run_id"),
    ]

    /// The columns of `table` in `database`, in order, comma-separated.
    private func columns(of table: String, _ server: PostgresTestServer, _ database: String) throws -> String
    {
      try server.psql(
        database,
        """
        SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) FROM information_schema.columns
        WHERE table_name = '\(table)' AND table_schema = 'public'
        """
      ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Each table's rows as text in a fixed order, one line per table: what must not change.
    /// `columns` names each table's columns to read (those of schema 12).
    private func contents(_ server: PostgresTestServer, _ database: String, _ columns: [String: String])
      throws
      -> [String]
    {
      try Self.tables.map { table in
        let list = columns[table.name] ?? "*"
        let digest = try server.psql(
          database,
          """
          SELECT count(*) || ' ' || coalesce(md5(string_agg(CAST(ROW(\(list)) AS TEXT), '|' ORDER BY \(table.order))), '-')
          FROM \(table.name)
          """
        )
        return "\(table.name): \(digest.trimmingCharacters(in: .whitespacesAndNewlines))"
      }
    }

    /// The months (`YYYY_MM`) that hold occurrences, as PostgreSQL placed them.
    private func months(_ server: PostgresTestServer, _ database: String) throws -> [String] {
      try server.psql(
        database,
        """
        SELECT DISTINCT replace(CAST(tableoid::regclass AS TEXT), 'occurrences_', '') FROM occurrences ORDER BY 1
        """
      ).split(separator: "\n").map(String.init)
    }

    /// The months of the occurrences' times, worked out by the test from the times themselves.
    private func monthsOfTimes(_ server: PostgresTestServer, _ database: String) throws -> [String] {
      let times = try server.psql(database, "SELECT DISTINCT time FROM occurrences").split(separator: "\n")
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      let months = Set(
        try times.map { text -> String in
          let date = Date(timeIntervalSince1970: TimeInterval(try XCTUnwrap(Int64(text))))
          let parts = calendar.dateComponents([.year, .month], from: date)
          return String(format: "%04d_%02d", parts.year ?? 0, parts.month ?? 0)
        })
      return months.sorted()
    }

    /// The corpus ingested as a team would over three months, with the same pasted logs again.
    private func ingestOverMonths(_ db: String, _ logs: [String]) throws {
      let third = logs.count / 3
      for (index, time) in ["2026-01-20T10:00:00Z", "2026-02-20T10:00:00Z", "2026-04-02T10:00:00Z"]
        .enumerated()
      {
        let files = Array(logs[(index * third)..<((index + 1) * third)]) + logs.prefix(10)
        let run = try LCQProcess.run(
          ["ingest", "--db", db, "--ingest-time", time, "--build", "\(index + 1)", "--app", "Demo"] + files)
        XCTAssertEqual(run.status, 0, run.stderr)
      }
    }

    func testAStoreWrittenBeforeThePartitionsMovesIntoThemWithEveryRowUnchanged() throws {
      let server = try PostgresTestServer.shared()
      let logs = try LCQProcess.corpusLogs()
      // A store of schema 12: its tables as those migrations made them, then the rows a store
      // of today holds for the same ingests, copied across table by table.
      let today = try server.makeDatabase()
      let todayName = try XCTUnwrap(
        today.split(separator: "/").last?.split(separator: "?").first.map(String.init))
      try ingestOverMonths(today, logs)
      let earlier = try server.makeDatabase()
      let earlierName = try XCTUnwrap(
        earlier.split(separator: "/").last?.split(separator: "?").first.map(String.init))
      let migrations = LCQProcess.repositoryRoot.appendingPathComponent("Migrations/postgresql")
      let files = try FileManager.default.contentsOfDirectory(atPath: migrations.path).filter {
        $0.hasSuffix(".sql") && $0 < Self.partitionMigration
      }.sorted()
      XCTAssertEqual(files.count, 12)
      try server.psql(earlierName, "CREATE TABLE lcq_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      for file in files {
        try server.psql(
          earlierName, try String(contentsOf: migrations.appendingPathComponent(file), encoding: .utf8))
        try server.psql(earlierName, "INSERT INTO lcq_migrations VALUES ('\(file)')")
      }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-months-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      // Schema 12's columns of each table, which today's store has too (and more).
      var columns: [String: String] = [:]
      for table in Self.tables {
        let list = try self.columns(of: table.name, server, earlierName)
        columns[table.name] = list
        let rows = folder.appendingPathComponent(table.name).path
        try server.psql(
          todayName, "\\copy (SELECT \(list) FROM \(table.name) ORDER BY \(table.order)) TO '\(rows)'")
        try server.psql(earlierName, "\\copy \(table.name) (\(list)) FROM '\(rows)'")
      }
      for table in ["runs", "conflicts", "block_templates", "occurrences", "failed_blocks"] {
        try server.psql(
          earlierName,
          "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), (SELECT max(id) FROM \(table)))")
      }
      XCTAssertEqual(
        try server.psql(earlierName, "SELECT to_regclass('occurrence_identities') IS NULL"), "t\n")
      let before = try contents(server, earlierName, columns)
      XCTAssertEqual(
        before, try contents(server, todayName, columns), "the copy is the store of today's rows")
      XCTAssertTrue(before.contains { $0.hasPrefix("open_messages: ") && !$0.hasPrefix("open_messages: 0 ") })

      let migrate = try LCQProcess.run(["db", "migrate", "--db", earlier])
      XCTAssertEqual(migrate.status, 0, migrate.stderr)
      XCTAssertEqual(try contents(server, earlierName, columns), before)
      // What the later migrations add is what a store of today holds.
      let newestKeys =
        "SELECT string_agg(id || ' ' || coalesce(last_build_key, '-'), ',' ORDER BY id) FROM conflicts"
      XCTAssertEqual(try server.psql(earlierName, newestKeys), try server.psql(todayName, newestKeys))
      XCTAssertEqual(try months(server, earlierName), try monthsOfTimes(server, earlierName))
      XCTAssertGreaterThanOrEqual(try months(server, earlierName).count, 5)
      XCTAssertEqual(
        try server.psql(
          earlierName,
          """
          SELECT count(*) FROM occurrences o JOIN occurrence_identities i
            ON i.identity = o.identity AND i.occurrence_id = o.id AND i.time = o.time
          """),
        try server.psql(earlierName, "SELECT count(*) FROM occurrences"))
      // Every answer is the same as the store that was partitioned from its first ingest.
      let answers = [
        [
          "top", "--since", "2000-01-01", "--until", "2026-11-25T00:00:00Z", "--format", "json", "--limit",
          "500",
        ],
        [
          "trend", "--by", "build", "--since", "2000-01-01", "--until", "2026-11-25T00:00:00Z", "--format",
          "json",
        ],
        ["db", "stats", "--format", "json"],
      ]
      for arguments in answers {
        let migrated = try LCQProcess.run(arguments + ["--db", earlier])
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        let unnamed = { (text: String) in
          text.replacingOccurrences(of: #""(path|bytes)":[^,]*,"#, with: "", options: .regularExpression)
        }
        XCTAssertEqual(
          unnamed(migrated.stdout), unnamed(try LCQProcess.run(arguments + ["--db", today]).stdout),
          "\(arguments)")
      }
      // The same logs again store nothing; a new run gets ids after the copied ones.
      let again = try LCQProcess.run(
        ["ingest", "--db", earlier, "--ingest-time", "2026-05-02T10:00:00Z", "--build", "1", "--app", "Demo"]
          + logs.prefix(10))
      XCTAssertEqual(again.status, 0, again.stderr)
      XCTAssertTrue(again.stderr.contains("already stored"), again.stderr)
      let occurrencesBefore = before.first { $0.hasPrefix("occurrences: ") }?.split(separator: " ")[1]
      XCTAssertEqual(
        try server.psql(earlierName, "SELECT count(*) FROM occurrences").trimmingCharacters(in: .newlines),
        occurrencesBefore.map(String.init))
      let newRun = try LCQProcess.run(
        [
          "ingest", "--db", earlier, "--ingest-time", "2026-05-02T10:00:00Z", "--run-id", "new", "--app",
          "Demo",
        ]
          + logs.prefix(10))
      XCTAssertEqual(newRun.status, 0, newRun.stderr)
      XCTAssertEqual(try months(server, earlierName), try monthsOfTimes(server, earlierName))
    }

    func testPruneDropsWholeMonthsAndCountsAsTheSQLiteFileDoes() throws {
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      let database = try XCTUnwrap(
        url.split(separator: "/").last?.split(separator: "?").first.map(String.init))
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-months-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("lcq.sqlite").path
      let logs = try LCQProcess.corpusLogs()
      // Ingest times relative to today, as `--older-than` is: 400, 200 and 100 days ago, then the
      // prune keeps the last 150 days.
      let now = Date()
      let ago = { (days: Double) -> String in
        ISO8601DateFormatter().string(from: now.addingTimeInterval(-days * 86_400))
      }
      let third = logs.count / 3
      for db in [url, file] {
        for (index, days) in [400.0, 200, 100].enumerated() {
          let files = Array(logs[(index * third)..<((index + 1) * third)]) + logs.prefix(10)
          let run = try LCQProcess.run(
            ["ingest", "--db", db, "--ingest-time", ago(days), "--run-id", "run-\(index)"] + files)
          XCTAssertEqual(run.status, 0, run.stderr)
        }
      }
      let cut = Int64(now.timeIntervalSince1970) - 150 * 86_400
      let total = try XCTUnwrap(
        Int(try server.psql(database, "SELECT count(*) FROM occurrences").trimmingCharacters(in: .newlines)))
      let kept = try XCTUnwrap(
        Int(
          try server.psql(database, "SELECT count(*) FROM occurrences WHERE time >= \(cut)")
            .trimmingCharacters(in: .newlines)))
      let monthsBefore = try months(server, database)
      XCTAssertGreaterThan(kept, 20)
      XCTAssertGreaterThan(total - kept, 20)

      let onServer = try LCQProcess.run(["db", "prune", "--older-than", "150d", "--db", url])
      let inFile = try LCQProcess.run(["db", "prune", "--older-than", "150d", "--db", file])
      XCTAssertEqual(onServer.status, 0, onServer.stderr)
      XCTAssertEqual(onServer.stderr, inFile.stderr)
      XCTAssertTrue(onServer.stderr.hasPrefix("lcq: pruned \(total - kept) occurrences"), onServer.stderr)
      XCTAssertEqual(
        try server.psql(database, "SELECT count(*) FROM occurrences"), "\(kept)\n")
      XCTAssertEqual(
        try server.psql(database, "SELECT count(*) FROM occurrence_identities"), "\(kept)\n")
      // The months wholly before the cut are gone as tables, not emptied.
      let monthsAfter = try months(server, database)
      XCTAssertEqual(monthsAfter, try monthsOfTimes(server, database))
      XCTAssertLessThan(monthsAfter.count, monthsBefore.count)
      XCTAssertEqual(
        try server.psql(
          database,
          """
          SELECT count(*) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'occurrences'::regclass
          """),
        "\(monthsAfter.count)\n")
      // Both stores answer alike after it, and their counts are what their rows say.
      for arguments in [
        ["top", "--since", "1000d", "--format", "json", "--limit", "500"],
        ["trend", "--since", "1000d", "--format", "json"],
      ] {
        let server = try LCQProcess.run(arguments + ["--db", url])
        let sqlite = try LCQProcess.run(arguments + ["--db", file])
        XCTAssertEqual(server.status, 0, server.stderr)
        XCTAssertEqual(
          server.stdout.replacingOccurrences(
            of: #""(path|bytes)":[^,]*,"#, with: "", options: .regularExpression),
          sqlite.stdout.replacingOccurrences(
            of: #""(path|bytes)":[^,]*,"#, with: "", options: .regularExpression),
          "\(arguments)")
      }
      XCTAssertEqual(
        try server.psql(
          database,
          """
          SELECT count(*) FROM (
            (SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup
             EXCEPT SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time) FROM occurrences
             GROUP BY conflict_id, run_id, time / 86400)
            UNION ALL
            (SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time) FROM occurrences
             GROUP BY conflict_id, run_id, time / 86400
             EXCEPT SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup)
          ) differing
          """),
        "0\n")
    }
  }
#endif
