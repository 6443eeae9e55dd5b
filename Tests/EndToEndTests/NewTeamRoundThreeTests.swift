import Foundation
import LCQEndToEndSupport
import XCTest

/// What a new team met, round 3, each end to end through the built `lcq`: the README's own gate
/// example answers right (an occurrence belongs to the build and run that logged it), `show`
/// numbers what it shows, counts that are unknown are not 0, an empty answer says why, and `db
/// migrate` says what it did.
final class NewTeamRoundThreeTests: XCTestCase {
  let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
  let selfSizing = LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log").path
  var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  /// The README's gate, line by line: build 101 logged the example's seven conflicts again, so
  /// none is fixed, build 101 has eight, and the check's Markdown is the block the README prints.
  func testTheReadmesGateExampleAnswersAsTheReadmeSays() throws {
    let baseline = fixture.folder.appendingPathComponent("lcq-baseline.txt").path
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "100", example]).status, 0)
    XCTAssertEqual(try fixture.lcq(["check", "--build", "100", "--write-baseline", baseline]).status, 0)
    let second = try fixture.lcq(["ingest", "--build", "101", example, selfSizing])
    XCTAssertEqual(second.status, 0, second.stderr)
    // Eight blocks, all of them build 101's own events: none already stored, and seven of
    // them the same lines build 100 stored, which the summary says.
    XCTAssertEqual(
      second.stderr,
      "lcq: ingested 8 blocks · 8 conflicts (1 new) · 0 unparsed · 7 also stored under build 100 → "
        + "\(fixture.database)\n")
    let check = try fixture.lcq(["check", "--baseline", baseline])
    XCTAssertEqual(check.status, 1, check.stderr)
    let readme = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let intro =
      "The last command checks the newest run's build (101) and prints Markdown for the pull request:\n\n```\n"
    let start = try XCTUnwrap(readme.range(of: intro), "the README's gate output").upperBound
    let end = try XCTUnwrap(readme.range(of: "\n```\n", range: start..<readme.endIndex)).lowerBound
    XCTAssertEqual(check.stdout, String(readme[start..<end]) + "\n")
    // Nothing build 101 logged is called fixed: seven the same, one new.
    let diff = try XCTUnwrap(
      (try fixture.json(["diff", "100", "101"]) as? [String: Any])?["conflicts"] as? [[String: Any]])
    XCTAssertEqual(
      diff.compactMap { $0["change"] as? String }.sorted(), ["new"] + Array(repeating: "same", count: 7))
    let trend = try fixture.rows(["trend", "--by", "build", "--since", "2017-01-01"])
    XCTAssertEqual(trend.compactMap { $0["build"] as? String }, ["100", "101"])
    XCTAssertEqual(trend.compactMap { $0["conflicts"] as? Int }, [7, 8])
    XCTAssertEqual(trend.compactMap { $0["conflict_free_percent"] as? Double }, [0, 0])
  }

  /// docs/team.md's flow: four CI jobs of build 102 that each logged the example's conflicts
  /// are four runs with conflicts (0.0% conflict-free), and the check of build 102 fails on the
  /// one conflict build 101 did not have; the same job's log ingested again adds no run.
  func testFourRunsThatEachLoggedConflictsAreNotConflictFree() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "101", "--run-id", "1", example]).status, 0)
    for job in ["2", "3", "4", "5"] {
      let run = try fixture.lcq(["ingest", "--build", "102", "--run-id", job, example, selfSizing])
      // The example's seven lines are build 101's too; another job of build 102 is not another build.
      XCTAssertEqual(
        run.stderr,
        "lcq: ingested 8 blocks · 8 conflicts (\(job == "2" ? 1 : 0) new) · 0 unparsed · 7 also stored under "
          + "build 101 → \(fixture.database)\n")
    }
    // Job 5's log read again: every block already stored, and no run of its own.
    let again = try fixture.lcq(["ingest", "--build", "102", "--run-id", "5", example, selfSizing])
    XCTAssertTrue(again.stderr.contains("8 already stored"), again.stderr)
    let trend = try fixture.rows(["trend", "--by", "build", "--since", "2017-01-01"])
    XCTAssertEqual(trend.compactMap { $0["build"] as? String }, ["101", "102"])
    XCTAssertEqual(trend.compactMap { $0["all_runs"] as? Int }, [1, 4])
    XCTAssertEqual(trend.compactMap { $0["conflict_free_percent"] as? Double }, [0, 0])
    let check = try fixture.lcq(["check", "--build", "102"])
    XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
    XCTAssertTrue(
      check.stdout.contains("Seen in 4 of 4 runs of build 102; 0 of 1 run of build 101."), check.stdout)
  }

  /// `show` numbers its minimal set as its explanation, fix and sizes do, each member in English
  /// with where it comes from and its description beneath, as `analyze` prints it.
  func testShowNumbersTheSetItsExplanationAndFixName() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", selfSizing]).status, 0)
    let shown = try fixture.lcq(["show", "57193f"])
    XCTAssertEqual(shown.status, 0, shown.stderr)
    let expected = """
      \n  Minimal conflicting set (4):
          [1] * ThumbnailView: height = 120  ← broken by UIKit
                the app's own constraint (code or storyboard)
                <NSLayoutConstraint:0x6000021e4f00 Shop.ThumbnailView:0x7fb3d4f1a2c0.height == 120   (active)>
          [2] * ThumbnailView: top edge = content view's top edge + 12
      """
    XCTAssertTrue(shown.stdout.contains(expected), shown.stdout)
    XCTAssertTrue(
      shown.stdout.contains(
        "\n  These 4 constraints cannot all hold: the app's constraints [1] [2] [3] on ThumbnailView against "
          + "the cell's height, set by the table or collection view [5]. UIKit broke [1], which resolves it.\n"
      ),
      shown.stdout)
    XCTAssertTrue(
      shown.stdout.contains("\n  Sizes [5]: It fires unless the cell's height is exactly 144 pt.\n"))
    XCTAssertTrue(shown.stdout.contains("\n    Lower [1] (ThumbnailView: height = 120) to priority 999"))
    // The members' English is not run together after the explanation any more.
    XCTAssertFalse(shown.stdout.contains("resolves it. [1]"), shown.stdout)
  }

  /// No occurrence named a device: `top` leaves the count blank (JSON null), never 0.
  func testAnUnknownDeviceCountIsNotZero() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let rows = try fixture.rows(["top", "--limit", "1"])
    XCTAssertEqual(rows.count, 1)
    XCTAssertTrue(rows.first?["devices"] is NSNull, "\(rows)")
    let text = try fixture.lcq(["top", "--limit", "1"]).stdout
    XCTAssertFalse(text.contains("  0  open"), text)
    XCTAssertEqual(try fixture.lcq(["ingest", "--device", "iPhone15,2", selfSizing]).status, 0)
    let known = try fixture.rows(["top", "--limit", "20"]).first {
      $0["fingerprint"] as? String == "v3:57193f803811f222"
    }
    XCTAssertEqual(known?["devices"] as? Int, 1)
  }

  /// The README's first question on its own example: the window holds nothing, and lcq says when
  /// the latest occurrence was logged and the `--since` that shows it; on an empty store, that
  /// nothing is stored.
  func testAnEmptyAnswerSaysWhyAndWhatShowsIt() throws {
    XCTAssertEqual(try fixture.lcq(["db", "migrate"]).status, 0)
    let empty = try fixture.lcq(["top"])
    XCTAssertEqual(empty.stdout, "(none)\n")
    XCTAssertEqual(
      empty.stderr,
      "lcq: nothing is stored in \(fixture.database) yet: lcq ingest FILE stores a log's conflicts\n")
    XCTAssertEqual(try fixture.lcq(["regressed"]).stderr, empty.stderr)
    XCTAssertEqual(try fixture.lcq(["quiet"]).stderr, empty.stderr)
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    for command in [["top", "--since", "7d"], ["trend", "--since", "7d"]] {
      let answer = try fixture.lcq(command)
      XCTAssertEqual(answer.status, 0, answer.stderr)
      // The example's latest message: 2024-03-05 14:10:04 in Los Angeles, 22:10:04 UTC.
      XCTAssertTrue(
        answer.stderr.hasSuffix(
          "; the latest occurrence stored was logged at 2024-03-05T22:10:04Z (--since 2024-03-05 includes it)\n"
        ),
        answer.stderr)
      let shown = try fixture.lcq([command[0], "--since", "2024-03-05"])
      XCTAssertFalse(shown.stdout.contains("(none)"), shown.stdout)
      XCTAssertEqual(shown.stderr, "")
    }
    // JSON is for programs: the reason stays out of it, and out of standard error.
    XCTAssertEqual(try fixture.lcq(["top", "--since", "7d", "--format", "json"]).stderr, "")
    // A prune that leaves nothing: a resolved conflict keeps its row and its last time, yet no
    // occurrence is stored, and that is what is said.
    XCTAssertEqual(try fixture.lcq(["resolve", "08d2", "--in-build", "1"]).status, 0)
    XCTAssertEqual(try fixture.lcq(["db", "prune", "--older-than", "1d"]).status, 0)
    XCTAssertEqual(try fixture.lcq(["top"]).stderr, empty.stderr)
  }

  /// The nightly report on a window with nothing before it: no change against a mean of 0.
  func testTheReportSaysThereWasNothingBefore() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let report = try fixture.lcq([
      "report", "--format", "markdown", "--since", "2017-12-01", "--until", "2024-03-06",
    ])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(
      report.stdout.contains(
        "**7 occurrences** of 7 conflicts in 1 run (device models unknown) (none in the 14 days before).\n"),
      report.stdout)
    XCTAssertFalse(report.stdout.contains("mean of 0 a day"), report.stdout)
  }

  /// `db migrate` says what it did: created (with the tables, counted by SQLite itself), then up
  /// to date.
  func testMigrateSaysWhatItDid() throws {
    let created = try fixture.lcq(["db", "migrate"])
    let tables = try fixture.python(
      "print(db.execute(\"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'\").fetchone()[0])"
    )
    XCTAssertEqual(
      created.stderr,
      "lcq: \(fixture.database): created schema \(LCQProcess.migrationCount): \(tables) tables\n")
    XCTAssertEqual(
      try fixture.lcq(["db", "migrate"]).stderr,
      "lcq: \(fixture.database): schema \(LCQProcess.migrationCount), up to date\n")
    // An older schema: the last migration (0022, one index) undone, as a database of the lcq before.
    _ = try fixture.python(
      "db.execute('DROP INDEX occurrences_template'); "
        + "db.execute(\"DELETE FROM grdb_migrations WHERE identifier LIKE '0022%'\"); db.commit()")
    XCTAssertEqual(
      try fixture.lcq(["db", "migrate"]).stderr,
      "lcq: \(fixture.database): migrated schema \(LCQProcess.migrationCount - 1) → \(LCQProcess.migrationCount)\n"
    )
  }

  /// On a terminal 80 columns wide, `analyze` breaks its long lines at spaces, under the text
  /// they continue, and keeps each logged description whole; piped, it prints them as they are.
  func testAnalyzeFitsTheTerminalAndKeepsDescriptionsWhole() throws {
    let shown = try LCQProcess.onTerminal(["analyze", "--color", "never", selfSizing], columns: 80)
    let lines = shown.stdout.split(separator: "\n")
    XCTAssertGreaterThan(lines.count, 10, shown.stdout)
    for line in lines where !line.contains("<NSLayoutConstraint") {
      XCTAssertLessThanOrEqual(line.count, 80, String(line))
    }
    // The fix's sentence (over 300 characters) continues under itself, four columns in.
    let fix = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    Lower [1] (ThumbnailView: height = 120)") })
    XCTAssertTrue(lines[fix + 1].hasPrefix("      ") && !lines[fix + 1].hasPrefix("       "), shown.stdout)
    // The descriptions, whole, as logged.
    XCTAssertTrue(
      lines.contains {
        $0.hasSuffix(
          "<NSLayoutConstraint:0x6000021e4f50 V:|-(12)-[Shop.ThumbnailView:0x7fb3d4f1a2c0]   "
            + "(active, names: '|':UITableViewCellContentView:0x7fb3d4f19e80 )>")
      }, shown.stdout)
    let piped = try LCQProcess.run(["analyze", selfSizing])
    XCTAssertTrue(piped.stdout.split(separator: "\n").contains { $0.count > 200 }, "piped, lines are whole")
    XCTAssertEqual(
      piped.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " "),
      shown.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " "),
      "the same words, only broken otherwise")
  }
}
