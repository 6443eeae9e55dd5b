import Foundation
import LCQEndToEndSupport
import XCTest

/// What a new team meets: readers who cannot write the database, a gate that never passes on a
/// build nobody ingested, and one meaning of `--since`/`--until` in every command.
final class NewcomerTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.folder.path)
    fixture.remove()
  }

  /// Runs `lcq ARGS --db DATABASE` as a user who cannot write the database or its folder
  /// (nobody, through `setpriv`, when the tests run as root).
  private func asReader(_ arguments: [String]) throws -> LCQProcess.Result {
    var arguments = arguments + ["--db", fixture.database]
    var program = LCQProcess.executable
    if getuid() == 0 {
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", program.path] + arguments
      program = URL(fileURLWithPath: "/usr/bin/setpriv")
    }
    return try LCQProcess.execute(program, arguments, environment: StoreFixture.environment)
  }

  /// Every command that only reads answers a reader who can write neither the file nor its
  /// folder, with no WAL or shared-memory file left by the writer, exactly as the owner is
  /// answered; a command that writes says the database is read-only.
  func testEveryReadCommandWorksForAUserWhoCannotWrite() throws {
    try fixture.ingestAll()
    // The writer's last connection is closed: SQLite removes the -wal and -shm files.
    _ = try fixture.python("db.execute('PRAGMA wal_checkpoint(TRUNCATE)')")
    try? FileManager.default.removeItem(atPath: fixture.database + "-wal")
    try? FileManager.default.removeItem(atPath: fixture.database + "-shm")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.database)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: fixture.folder.path)
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    let commands = [
      ["top"], ["show", StoreFixture.conflictA], ["trend"], ["new", "--since-build", "100"],
      ["regressed"], ["quiet", "--for", "1d"], ["check", "--build", "102"], ["diff", "100", "102"],
      ["report", "--since", "2000-01-01", "--until", "2030-01-01"], ["db", "stats"],
    ]
    var answers: [[String]: LCQProcess.Result] = [:]
    for command in commands {
      let reader = try asReader(command + ["--format", "json"])
      XCTAssertEqual(reader.stderr, "", "\(command)")
      XCTAssertFalse(reader.stdout.isEmpty, "\(command)")
      answers[command] = reader
    }
    let write = try asReader(["resolve", StoreFixture.conflictA, "--in-build", "103"])
    XCTAssertEqual(write.status, 2)
    XCTAssertTrue(write.stderr.hasSuffix("the database is read-only\n"), write.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.database)), before, "nothing written")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
    XCTAssertEqual(leftovers, ["lcq.sqlite"], "no WAL set-up by the reader")
    for command in commands where command != ["db", "stats"] {
      let owner = try fixture.lcq(command + ["--format", "json"])
      XCTAssertEqual(answers[command]?.status, owner.status, "\(command)")
      XCTAssertEqual(answers[command]?.stdout, owner.stdout, "\(command): the same answer")
    }
  }

  /// A database that needs a migration: a reader who cannot write it gets one line saying what
  /// to run and changes nothing; the owner's read migrates it first and answers.
  func testAReaderAsksForAMigrationInOneLine() throws {
    // A database as schema 1 left it: the first migration only, recorded as GRDB records it.
    let first = LCQProcess.repositoryRoot.appendingPathComponent("Migrations/0001_initial.sql")
    _ = try fixture.python(
      """
      db.executescript(open(sys.argv[2]).read())
      db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      db.execute("INSERT INTO grdb_migrations VALUES ('0001_initial.sql')")
      db.commit()
      """, arguments: [first.path])
    let applied = "print(db.execute('SELECT count(*) FROM grdb_migrations').fetchone()[0])"
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.database)
    let reader = try asReader(["top"])
    XCTAssertEqual(reader.status, 2)
    XCTAssertEqual(
      reader.stderr,
      "lcq: \(fixture.database): the database has schema 1 and this lcq reads schema \(LCQProcess.migrationCount); "
        + "run `lcq db migrate` as a user who can write it\n")
    XCTAssertEqual(try fixture.python(applied), "1", "the reader migrated nothing")
    // `db migrate` by the reader says the same, exit 2 (newcomer's round 3: it said "read-only").
    let migrate = try asReader(["db", "migrate"])
    XCTAssertEqual(migrate.status, 2)
    XCTAssertEqual(migrate.stderr, reader.stderr)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.database)
    let owner = try fixture.lcq(["top"])
    XCTAssertEqual(owner.status, 0, owner.stderr)
    // The migration is silent; the empty answer says only why it is empty.
    XCTAssertEqual(
      owner.stderr,
      "lcq: nothing is stored in \(fixture.database) yet: lcq ingest FILE stores a log's conflicts\n")
    XCTAssertEqual(
      try fixture.python(applied), "\(LCQProcess.migrationCount)", "the owner's read migrated the database")
    // Up to date, a reader's `db migrate` says so, and that it had nothing to do, exit 0.
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.database)
    let upToDate = try asReader(["db", "migrate"])
    XCTAssertEqual(upToDate.status, 0, upToDate.stderr)
    XCTAssertEqual(
      upToDate.stderr,
      "lcq: \(fixture.database): schema \(LCQProcess.migrationCount), up to date (read-only here: nothing to migrate)\n"
    )
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.database)
  }

  /// A database file an ingest has just created (empty: its schema is not yet committed) is
  /// waited for by a reader, which then answers from it, not refused as schema 0; one that
  /// stays empty is refused (``WholeFileTests``).
  func testAReaderOfADatabaseBeingCreatedWaitsForItsSchema() throws {
    _ = FileManager.default.createFile(atPath: fixture.database, contents: Data())
    let fixture = self.fixture!
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var top: Result<LCQProcess.Result, any Error>?
    DispatchQueue.global().async {
      top = Result { try fixture.lcq(["top", "--format", "json", "--owner", "all"]) }
      done.signal()
    }
    Thread.sleep(forTimeInterval: 0.3)  // the reader is waiting on the empty file
    XCTAssertEqual(try fixture.lcq(["ingest", LCQProcess.corpusFile("009")]).status, 0)
    done.wait()
    let answer = try XCTUnwrap(top).get()
    XCTAssertEqual(answer.status, 0, answer.stderr)
    XCTAssertEqual(answer.stderr, "")
    XCTAssertTrue(answer.stdout.hasPrefix("{\"schema\":\"lcq-top/1\",\"conflicts\":["), answer.stdout)
  }

  /// `lcq check` on a build or run no ingest recorded exits 2 with one line, whatever the
  /// database holds.
  func testCheckOnABuildNobodyIngestedIsAnError() throws {
    try fixture.ingestAll()
    for (arguments, scope) in [
      (["--build", "999"], "build 999"), (["--run-id", "job-999"], "run job-999"),
      (["--build", "100", "--app", "Other"], "build 100 for app Other"),
    ] {
      let result = try fixture.lcq(["check"] + arguments)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertEqual(result.stdout, "")
      XCTAssertEqual(
        result.stderr, "lcq: nothing to check: no ingest recorded \(scope) (a typo, or an empty ingest?)\n")
    }
    XCTAssertEqual(
      try fixture.lcq(["check", "--build", "100", "--app", "MyApp"]).status, 1, "A and B are new")
  }

  /// `--until` is a time or a duration back from now; `--since` a time or a duration back from
  /// `--until`. Every command that takes them reads them so and refuses the same mistakes.
  func testSinceAndUntilMeanTheSameInEveryCommand() throws {
    try fixture.ingestAll()
    let commands: [[String]] = [
      ["top"], ["show", StoreFixture.conflictA], ["trend"], ["new"], ["regressed"], ["report"],
    ]
    for command in commands {
      // Run 1's occurrences are on 2024-03-05 (UTC): a day counted back from the 6th holds them.
      let byDates = try fixture.lcq(
        command + ["--since", "2024-03-05", "--until", "2024-03-06", "--format", "json"])
      let byDuration = try fixture.lcq(
        command + ["--since", "1d", "--until", "2024-03-06", "--format", "json"])
      XCTAssertEqual(byDates.status, 0, "\(command): \(byDates.stderr)")
      XCTAssertEqual(byDuration.stdout, byDates.stdout, "\(command): 1d back from --until is the 5th")
      for (arguments, message) in [
        (["--since", "2024-03-06", "--until", "2024-03-05"], "--since must be before --until"),
        (["--since", "2024-03-06", "--until", "2024-03-06"], "--since must be before --until"),
        (["--since", "1d", "--until", "yesterday"], "--until 'yesterday' is not a duration back from now"),
        (["--since", "7x"], "--since '7x' is not a duration back from now"),
      ] {
        let result = try fixture.lcq(command + arguments)
        XCTAssertEqual(result.status, 64, "\(command) \(arguments)")
        XCTAssertTrue(
          result.stderr.hasPrefix("Error: \(message)"), "\(command) \(arguments): \(result.stderr)")
      }
    }
    // A duration for --until counts back from now: a window from 8 to 7 days ago is valid.
    let old = try fixture.lcq(["top", "--since", "24h", "--until", "7d", "--format", "json"])
    XCTAssertEqual(old.status, 0, old.stderr)
  }

  /// Every command's JSON names its schema, and every key is snake_case (docs/json.md).
  func testEveryCommandsJSONNamesItsSchemaInOneKeyStyle() throws {
    try fixture.ingestAll()
    let expected: [([String], String)] = [
      (["top"], "lcq-top/1"), (["new", "--since-build", "100"], "lcq-new/1"),
      (["regressed"], "lcq-regressed/1"),
      (["quiet", "--for", "1d"], "lcq-quiet/1"), (["trend"], "lcq-trend/1"),
      (["show", StoreFixture.conflictA], "lcq-show/1"), (["check", "--build", "102"], "lcq-check/1"),
      (["db", "stats"], "lcq-db-stats/1"), (["report", "--since", "2000-01-01"], "lcq-report/1"),
    ]
    for (command, schema) in expected {
      let result = try fixture.lcq(command + ["--format", "json"])
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(command)")
      XCTAssertEqual(object["schema"] as? String, schema)
      XCTAssertEqual(JSONKeys.notSnakeCase(in: object), [], "\(command)")
    }
    let analyzed = try LCQProcess.run(["analyze", "--format", "json", LCQProcess.corpusFile("061")])
    for line in analyzed.stdout.split(separator: "\n") {
      let block = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      XCTAssertEqual(block["schema"] as? String, "lcq-analyze/3")
      XCTAssertEqual(JSONKeys.notSnakeCase(in: block), [])
    }
  }

  /// The man page (docs/man/lcq.1, made by scripts/man) describes every command `lcq --help`
  /// lists.
  func testTheManPageListsEveryCommand() throws {
    let help = try LCQProcess.run(["--help"]).stdout
    let section = try XCTUnwrap(
      help.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "See ").first)
    let commands = section.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = words.first,
        first.allSatisfy(\.isLetter)
      else { return nil }
      return String(first)
    }
    XCTAssertGreaterThan(commands.count, 10, help)
    let page = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("docs/man/lcq.1"), encoding: .utf8)
    for command in commands {
      XCTAssertTrue(page.contains(".It Em \(command)"), "docs/man/lcq.1 lacks \(command): run scripts/man")
    }
  }

  /// The man page reads without a warning (groff's mdoc, as `man -l` runs it, warned of every
  /// empty line), and each option's default, as the commands describe themselves (`lcq
  /// --experimental-dump-help`, argument-parser's own record), is on the option's text.
  func testTheManPageReadsCleanlyAndGivesEachDefault() throws {
    let page = LCQProcess.repositoryRoot.appendingPathComponent("docs/man/lcq.1")
    let groff = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["groff", "-mdoc", "-Tutf8", "-ww", "-z", page.path])
    XCTAssertEqual(groff.status, 0, groff.stderr)
    XCTAssertEqual(groff.stderr, "")
    let lines = try String(contentsOf: page, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    XCTAssertFalse(lines.contains(""), "no empty line inside the page")
    let help = try LCQProcess.run(["--experimental-dump-help"])
    let root = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])?["command"]
        as? [String: Any])
    // The text after `.It Fl -NAME` of each option with a default, under its command's item.
    func check(_ command: [String: Any], under heading: String?) throws {
      let start = heading.map { name in lines.firstIndex { $0 == ".It Em \(name)" } ?? lines.endIndex }
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        guard argument["shouldDisplay"] as? Bool != false, let value = argument["defaultValue"] as? String,
          !value.isEmpty,
          let name = (argument["names"] as? [[String: String]])?.first(where: { $0["kind"] == "long" })?[
            "name"],
          let start
        else { continue }
        let item = try XCTUnwrap(
          lines[start...].firstIndex {
            $0.hasPrefix(".It Fl -\(name)") || $0.hasPrefix(".It Fl h , -\(name)")
          },
          "\(heading ?? "lcq") --\(name) in the page")
        let text = lines[item + 1].lowercased()
        XCTAssertTrue(
          text.contains("default: \(value.lowercased())"), "\(heading ?? "lcq") --\(name): \(lines[item + 1])"
        )
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        try check(sub, under: sub["commandName"] as? String)
      }
    }
    try check(root, under: nil)
    // By hand: top lists 20 and ranks by occurrences; serve listens on loopback's 4318.
    XCTAssertTrue(lines.contains("How many conflicts to list. (default: 20)"))
    XCTAssertTrue(lines.contains { $0.hasSuffix("(default: 127.0.0.1:4318)") })
  }
}
