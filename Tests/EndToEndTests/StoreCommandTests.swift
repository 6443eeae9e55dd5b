import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq ingest` and the history queries, run as processes on a real SQLite file built from
/// corpus logs; every expected number is counted by hand in ``StoreFixture``.
final class StoreCommandTests: XCTestCase {
  var fixture: StoreFixture!

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    try fixture.ingestAll()
  }

  override func tearDown() { fixture.remove() }

  func fingerprints(_ rows: [[String: Any]]) -> [String] { rows.compactMap { $0["fingerprint"] as? String } }

  func testTopCountsOccurrencesRunsAndDevices() throws {
    let top = try fixture.rows(["top"])
    XCTAssertEqual(top.count, 13)
    XCTAssertEqual(top[0]["fingerprint"] as? String, StoreFixture.conflictA)
    // A: run 1's 7, run 2's copy of one of them (build 101's own event), run 3's 009.
    XCTAssertEqual(top[0]["occurrences"] as? Int, 9)
    XCTAssertEqual(top[0]["runs"] as? Int, 3)
    XCTAssertEqual(top[0]["devices"] as? Int, 2)
    XCTAssertEqual(top[1]["fingerprint"] as? String, StoreFixture.conflictB)
    XCTAssertEqual(top[1]["occurrences"] as? Int, 8)
    XCTAssertEqual(top[1]["runs"] as? Int, 2)
    // Three conflicts of 061 happen twice; the rest once.
    XCTAssertEqual(top.map { $0["occurrences"] as? Int ?? 0 }, [9, 8, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1])
    XCTAssertEqual(top.map { $0["occurrences"] as? Int ?? 0 }.reduce(0, +), 31)

    // Run 2's seven: C–G, and its own A and B.
    let byDevice = try fixture.rows(["top", "--device", "iPad14,1"])
    XCTAssertEqual(byDevice.count, 7)
    XCTAssertEqual(byDevice.map { $0["devices"] as? Int ?? 0 }, [1, 1, 1, 1, 1, 1, 1])
    let build100 = try fixture.rows(["top", "--build", "100", "--limit", "1"])
    XCTAssertEqual(build100.count, 1)
    XCTAssertEqual(build100[0]["occurrences"] as? Int, 7)
    let byRuns = try fixture.rows(["top", "--by", "runs", "--limit", "2"])
    XCTAssertEqual(fingerprints(byRuns), [StoreFixture.conflictA, StoreFixture.conflictB])
  }

  func testTimeFiltersCountOnlyTheWindow() throws {
    // 061 was logged on 2015-01-17 (local time), the input bar on 2017-12-10.
    let old = try fixture.rows(["top", "--until", "2016-01-01"])
    XCTAssertEqual(old.map { $0["occurrences"] as? Int ?? 0 }.reduce(0, +), 9)
    // C–G were logged at 14:43:56.185–.282 Pacific; times are stored in whole seconds. Windows
    // that cut a day are counted exactly.
    let window = try fixture.rows([
      "top", "--since", "2017-12-10T22:43:56Z", "--until", "2017-12-10T22:43:57Z",
    ])
    XCTAssertEqual(window.count, 5)
    let before = try fixture.rows(["top", "--since", "2017-12-10", "--until", "2017-12-10T22:43:56Z"])
    XCTAssertEqual(before.count, 0)
    let recent = try fixture.rows(["top", "--since", "2024-03-05", "--until", "2024-03-06"])
    // idevicesyslog prints no year: its blocks took the ingest year, so 6 styles remain, and
    // run 2's copy of one of them.
    XCTAssertEqual(recent.map { $0["occurrences"] as? Int ?? 0 }, [7, 7])
  }

  func testEveryFormat() throws {
    let table = try fixture.lcq(["top", "--limit", "2"])
    XCTAssertEqual(table.status, 0)
    let tableLines = table.stdout.split(separator: "\n")
    XCTAssertEqual(tableLines.count, 4)
    XCTAssertTrue(tableLines[0].hasPrefix("fingerprint"))
    // Piped, the table fits 100 columns: fingerprints in their short form, which show takes.
    XCTAssertTrue(tableLines[2].hasPrefix(String(StoreFixture.conflictA.prefix(11)) + "  "), table.stdout)
    XCTAssertTrue(tableLines.allSatisfy { $0.count <= 100 }, table.stdout)

    let csv = try fixture.lcq(["top", "--format", "csv"])
    let csvLines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    XCTAssertEqual(csvLines.count, 14)
    XCTAssertEqual(
      csvLines[0], "fingerprint,title,occurrences,runs,devices,status,first_seen,last_seen,last_build")
    XCTAssertTrue(csvLines[1].hasPrefix(StoreFixture.conflictA + ","))
    XCTAssertTrue(csvLines[1].contains(",9,3,2,open,"))

    let markdown = try fixture.lcq(["top", "--format", "markdown", "--limit", "1"])
    let markdownLines = markdown.stdout.split(separator: "\n")
    XCTAssertEqual(markdownLines.count, 3)
    XCTAssertEqual(markdownLines[1], "| --- | --- | ---: | ---: | ---: | --- | --- | --- | --- |")
    XCTAssertTrue(markdownLines[2].hasPrefix("| v3:08d276e3a3978f42 |"))
  }

  func testTrendByBuildAndByDay() throws {
    let builds = try fixture.rows(["trend", "--by", "build"])
    XCTAssertEqual(builds.map { $0["build"] as? String }, ["100", "101", "102"])
    XCTAssertEqual(builds.map { $0["occurrences"] as? Int }, [14, 7, 10])
    XCTAssertEqual(builds.map { $0["conflicts"] as? Int }, [2, 7, 7])
    XCTAssertEqual(builds.map { $0["runs"] as? Int }, [1, 1, 1])
    // One run per build, each with a conflict: none conflict-free, no change.
    XCTAssertEqual(builds.map { $0["all_runs"] as? Int }, [1, 1, 1])
    XCTAssertEqual(builds.map { $0["conflict_free_percent"] as? Double }, [0, 0, 0])
    XCTAssertEqual(builds.map { $0["change_points"] as? Double }, [nil, 0, 0])

    let days = try fixture.rows(["trend", "--since", "2017-01-01", "--until", "2025-01-01"])
    XCTAssertEqual(days.map { $0["day"] as? String }, ["2017-12-10", "2024-03-05"])
    // 2024-03-05: run 1's 12 with a year, and run 2's two.
    XCTAssertEqual(days.map { $0["occurrences"] as? Int }, [5, 14])

    // One conflict: each build's run logged it, so none is free of it.
    let one = try fixture.rows(["trend", "08d2", "--by", "build"])
    XCTAssertEqual(one.map { $0["build"] as? String }, ["100", "101", "102"])
    XCTAssertEqual(one.map { $0["occurrences"] as? Int }, [7, 1, 1])
    XCTAssertEqual(one.map { $0["conflict_free_percent"] as? Double }, [0, 0, 0])
    XCTAssertEqual(one.map { $0["change_points"] as? Double }, [nil, 0, 0])
    // Conflict C (the input bar's, 2017), logged in build 101 only: builds 100 and 102 are free of it.
    let c = try fixture.rows(["trend", "1203a5", "--by", "build"])
    XCTAssertEqual(c.map { $0["occurrences"] as? Int }, [0, 1, 0])
    XCTAssertEqual(c.map { $0["conflict_free_percent"] as? Double }, [100, 0, 100])
    XCTAssertEqual(c.map { $0["change_points"] as? Double }, [nil, -100, 100])

    let short = try fixture.rows(["trend", "--since", "2017-12-08", "--until", "2017-12-12"])
    XCTAssertEqual(short.map { $0["day"] as? String }, ["2017-12-10"])
  }

  func testShowTellsEverythingAboutOneConflict() throws {
    let details = try XCTUnwrap(try fixture.json(["show", "08d276"]) as? [String: Any])
    XCTAssertEqual(details["fingerprint"] as? String, StoreFixture.conflictA)
    XCTAssertEqual(details["occurrences"] as? Int, 9)
    XCTAssertEqual(details["runs"] as? Int, 3)
    XCTAssertEqual(details["verdict"] as? String, "conflict")
    XCTAssertEqual((details["minimal_set"] as? [String])?.count, 6)
    let byBuild = try XCTUnwrap(details["by_build"] as? [[String: Any]])
    XCTAssertEqual(byBuild.map { $0["value"] as? String }, ["100", "101", "102"])
    XCTAssertEqual(byBuild.map { $0["occurrences"] as? Int }, [7, 1, 1])
    let byOS = try XCTUnwrap(details["by_os_version"] as? [[String: Any]])
    XCTAssertEqual(byOS.map { $0["value"] as? String }, ["17.4", "17.5", "18.0"])
    XCTAssertEqual(byOS.map { $0["occurrences"] as? Int }, [7, 1, 1])
    // Last seen per OS version: the formats logs print 14:10:01 on 5 March at UTC−8 (the
    // syslog ones without a year, which is the ingest year's); 009 prints no time, so it took
    // the ingest time.
    XCTAssertTrue((byOS.first?["last_seen"] as? String)?.hasSuffix("-03-05T22:10:01Z") == true, "\(byOS)")
    XCTAssertTrue((byOS.last?["last_seen"] as? String)?.hasPrefix("20") == true, "\(byOS)")
    // The latest occurrence is 009's, which has no timestamp: it took the ingest time.
    let sample = try XCTUnwrap(details["sample_block"] as? String)
    let original = try String(contentsOfFile: LCQProcess.corpusFile("009"), encoding: .utf8)
    XCTAssertTrue(original.contains(sample), "the sample block is the logged text, byte for byte")

    let text = try fixture.lcq(["show", "v3:08d2"])
    XCTAssertTrue(text.stdout.contains("seen: 9 times in 3 runs"), text.stdout)
    // Numbered as in 009's list of 11, the block shown, as its explanation and fix number it.
    XCTAssertTrue(
      text.stdout.contains("\n  Minimal conflicting set (6):\n    [ 2] * UIImageView #2: width = 60\n"),
      text.stdout)
    XCTAssertTrue(
      text.stdout.contains("\n    Lower [2] (UIImageView #2: width = 60) to priority 999"), text.stdout)

    let ambiguous = try fixture.lcq(["show", "v3:"])
    XCTAssertEqual(ambiguous.status, 1)
    XCTAssertTrue(ambiguous.stderr.contains("matches 6 conflicts"), ambiguous.stderr)
    let unknown = try fixture.lcq(["show", "ffffffff"])
    XCTAssertEqual(unknown.status, 1)
    XCTAssertEqual(unknown.stderr, "lcq: no conflict has a fingerprint starting with 'ffffffff'\n")
  }

  func testNewRegressedQuietAndStatusChanges() throws {
    XCTAssertEqual(try fixture.rows(["new", "--since-build", "100"]).count, 11)  // C–G and 061's six
    XCTAssertEqual(try fixture.rows(["new", "--since-build", "101"]).count, 6)
    XCTAssertEqual(try fixture.rows(["new", "--since", "2017-01-01"]).count, 7)  // A, B, C–G
    XCTAssertEqual(try fixture.rows(["regressed"]).count, 0)

    XCTAssertEqual(try fixture.lcq(["resolve", "08d2", "--in-build", "101"]).status, 0)
    let regressed = try fixture.rows(["regressed"])
    XCTAssertEqual(fingerprints(regressed), [StoreFixture.conflictA])
    // In builds 101 (resolved in it: "at or after the fix") and 102; build 100 does not count.
    XCTAssertEqual(regressed.first?["occurrences"] as? Int, 2)
    XCTAssertEqual(regressed.first?["resolved_build"] as? String, "101")

    // Resolved in the very build that saw it again (102): "at or after the fix" includes it.
    XCTAssertEqual(try fixture.lcq(["resolve", "08d2", "--in-build", "102"]).status, 0)
    XCTAssertEqual(fingerprints(try fixture.rows(["regressed"])), [StoreFixture.conflictA])

    // Resolved in a build after every occurrence: older builds never make a regression.
    XCTAssertEqual(try fixture.lcq(["resolve", "08d2", "--in-build", "102.1"]).status, 0)
    XCTAssertEqual(try fixture.rows(["regressed"]).count, 0)

    // Not seen in the newest build (102): B and C–G, open ones only.
    XCTAssertEqual(try fixture.rows(["quiet", "--builds", "1"]).count, 6)
    XCTAssertEqual(try fixture.lcq(["ignore", StoreFixture.conflictB]).status, 0)
    XCTAssertEqual(try fixture.rows(["quiet", "--builds", "1"]).count, 5)
    XCTAssertEqual(try fixture.rows(["new", "--since", "2017-01-01"]).count, 6)  // ignored: never new
    XCTAssertEqual(try fixture.lcq(["reopen", "f489"]).status, 0)
    XCTAssertEqual(try fixture.rows(["quiet", "--builds", "1"]).count, 6)
    let top = try fixture.rows(["top", "--limit", "1"])
    XCTAssertEqual(top.first?["status"] as? String, "resolved")
    // Quiet for a day: open, and last seen more than a day before now. Counted here from every
    // conflict's status and last time, since the syslog-style lines of run 1 take the ingest's
    // year (so whether B is quiet depends on today's date).
    let now = Date().timeIntervalSince1970
    let iso = ISO8601DateFormatter()
    let everything = try fixture.rows(["top", "--limit", "100"])
    let quietByHand = everything.filter { row in
      guard row["status"] as? String == "open", let last = (row["last_seen"] as? String).flatMap(iso.date)
      else {
        return false
      }
      return last.timeIntervalSince1970 <= now - 86_400
    }
    XCTAssertGreaterThanOrEqual(quietByHand.count, 11)
    XCTAssertEqual(try fixture.rows(["quiet", "--for", "1d"]).count, quietByHand.count)
  }

  func testIngestingTheSameLogsAgainCountsNothingTwice() throws {
    let before = try fixture.rows(["top"])
    let again = try fixture.lcq(["ingest"] + StoreFixture.runThree + StoreFixture.runThreeFiles)
    XCTAssertEqual(
      again.stderr,
      "lcq: ingested 10 blocks · 7 conflicts (0 new) · 0 unparsed · 10 already stored → \(fixture.database)\n"
    )
    let piped = try fixture.lcq(
      ["ingest"] + StoreFixture.runOne,
      stdin: try Data(contentsOf: URL(fileURLWithPath: LCQProcess.corpusFile("log-stream-ndjson.log"))))
    XCTAssertTrue(piped.stderr.contains("2 already stored"), piped.stderr)
    let after = try fixture.rows(["top"])
    XCTAssertEqual(
      after.map { "\($0["fingerprint"]!) \($0["occurrences"]!)" },
      before.map { "\($0["fingerprint"]!) \($0["occurrences"]!)" })

    // Another job of the build (another run key) logged them: its own events, 009's and 061's
    // timestamped ones alike.
    let otherJob = try fixture.lcq(
      ["ingest", "--build", "102", "--run-id", "job-4"] + StoreFixture.runThreeFiles)
    XCTAssertTrue(
      otherJob.stderr.hasPrefix("lcq: ingested 10 blocks · 7 conflicts (0 new) · 0 unparsed → "),
      otherJob.stderr)
    XCTAssertEqual(try fixture.rows(["top", "--limit", "1"]).first?["occurrences"] as? Int, 10)
  }

  /// `lcq ingest` keeps `occurrence_rollup`, its sums per day and the conflicts' counts,
  /// first/last seen times and builds itself, per batch. Whatever the order of
  /// runs and times, they must equal what the occurrences say, recounted here with Python's
  /// sqlite3: the first build is the build of the earliest occurrence (the first stored on a
  /// tie), the last build that of the latest (the last stored on a tie).
  func testCountersAgreeWithTheOccurrences() throws {
    let log = try String(contentsOfFile: LCQProcess.corpusFile("log-stream-default.log"), encoding: .utf8)
    // Earlier than everything stored, in later builds, twice at the same times (another pid);
    // then later than everything (years ahead), twice too.
    func moved(to year: String, pid: String) -> String {
      log.replacingOccurrences(of: "2024-03-05", with: year + "-03-05")
        .replacingOccurrences(of: " 4242 ", with: " \(pid) ")
    }
    let runs = [
      ("103", moved(to: "2023", pid: "4242")), ("104", moved(to: "2023", pid: "4243")),
      ("105", moved(to: "2027", pid: "4242")), ("106", moved(to: "2027", pid: "4243")),
    ]
    for (build, text) in runs {
      let result = try fixture.lcq(["ingest", "--build", build, "-"], stdin: Data(text.utf8))
      XCTAssertTrue(result.stderr.contains("ingested 2 blocks · 2 conflicts (0 new)"), result.stderr)
    }
    // One run, two files: a commit at the end of each, the second adding to the first's rollup rows.
    let files = ["first.log", "second.log"].map { fixture.folder.appendingPathComponent($0).path }
    try moved(to: "2027", pid: "4244").write(toFile: files[0], atomically: true, encoding: .utf8)
    try (moved(to: "2027", pid: "4245") + moved(to: "2027", pid: "4246"))
      .write(toFile: files[1], atomically: true, encoding: .utf8)
    let twoFiles = try fixture.lcq(["ingest", "--build", "107"] + files)
    XCTAssertTrue(twoFiles.stderr.contains("ingested 6 blocks · 2 conflicts (0 new)"), twoFiles.stderr)
    let check = try fixture.python(
      """
      rollup = db.execute("SELECT conflict_id, run_id, day, occurrences, first_time, last_time FROM occurrence_rollup ORDER BY 1, 2, 3").fetchall()
      recounted = db.execute("SELECT conflict_id, run_id, time / 86400, count(*), min(time), max(time) FROM occurrences GROUP BY 1, 2, 3 ORDER BY 1, 2, 3").fetchall()
      print("rollup", "same" if rollup == recounted else f"differs: {rollup} != {recounted}")
      for table, key in (("conflict_day_counts", "conflict_id"), ("run_day_counts", "run_id")):
          sums = db.execute(f"SELECT {key}, day, occurrences FROM {table} ORDER BY 1, 2").fetchall()
          recounted = db.execute(f"SELECT {key}, time / 86400, count(*) FROM occurrences GROUP BY 1, 2 ORDER BY 1, 2").fetchall()
          print(table, "same" if sums == recounted and sums else f"differs: {sums} != {recounted}")
      bad = []
      for (cid, count, first, last, first_build, last_build) in db.execute("SELECT id, occurrence_count, first_seen, last_seen, first_build, last_build FROM conflicts"):
          rows = db.execute("SELECT o.time, r.build FROM occurrences o JOIN runs r ON r.id = o.run_id WHERE o.conflict_id = ? ORDER BY o.id", (cid,)).fetchall()
          earliest = min(rows, key=lambda row: row[0])          # min keeps the first on a tie
          latest = max(reversed(rows), key=lambda row: row[0])  # the last on a tie
          if (count, first, last, first_build, last_build) != (len(rows), earliest[0], latest[0], earliest[1], latest[1]):
              bad.append(cid)
      print("conflicts", "same" if not bad else f"differ: {bad}")
      for fingerprint in sys.argv[2:]:
          print(*db.execute("SELECT first_build, last_build, occurrence_count FROM conflicts WHERE fingerprint = ?", (fingerprint,)).fetchone())
      """, arguments: [StoreFixture.conflictA, StoreFixture.conflictB])
    // A (9 occurrences) and B (8) each gain 7: first seen in builds 103 and 104 at the same
    // time (103 was stored first), last seen at one time in builds 105, 106 and 107 (stored last).
    XCTAssertEqual(
      check,
      "rollup same\nconflict_day_counts same\nrun_day_counts same\nconflicts same\n103 107 16\n103 107 15")
  }

  /// A block an older parser could not read, stored whole in `failed_blocks`, becomes an
  /// occurrence when `db reanalyze` reads it again.
  func testReanalysisRecoversFailedBlocksThatNowRead() throws {
    let text = try String(contentsOfFile: LCQProcess.corpusFile("009"), encoding: .utf8)
    _ = try fixture.python(
      """
      db.execute("INSERT INTO failed_blocks (identity, run_id, time, time_source, source_file, source_line, verdict, raw_text) VALUES ('old-parser-1', 1, 1709676601, 'log', '009.log', 1, 'unparsed', ?)", (sys.argv[2],))
      db.commit()
      """, arguments: [text])
    let result = try fixture.lcq(["db", "reanalyze"])
    XCTAssertTrue(result.stderr.contains("1 failed blocks recovered"), result.stderr)
    let stats = try XCTUnwrap(try fixture.json(["db", "stats"]) as? [String: Any])
    XCTAssertEqual(stats["failed_blocks"] as? Int, 0)
    XCTAssertEqual(stats["occurrences"] as? Int, 32)
    // A, once more
    XCTAssertEqual(try fixture.rows(["top", "--limit", "1"]).first?["occurrences"] as? Int, 10)
  }

  /// A database an older lcq wrote, whose fingerprint version kept apart what this one groups:
  /// conflict A's 9 occurrences stored as two old conflicts, run 1's 7 and run 2's 1 (ignored at
  /// time 1,000) and run 3's 1 (resolved in build 101 at time 2,000). `db reanalyze` puts all 9
  /// in A, which
  /// takes the status decided last (resolved in 101, so build 102's occurrence is a
  /// regression), removes the two old rows (13 conflicts, as before the split), and keeps their
  /// old fingerprints as names of A for `show` and a check's baseline. Decided the other way
  /// round (the ignore last), A is ignored.
  func testANewFingerprintVersionGroupsHistoryAndKeepsTheOldNames() throws {
    func split(ignoredAt: Int, resolvedAt: Int) throws {
      _ = try fixture.python(
        """
        a = db.execute("SELECT id FROM conflicts WHERE fingerprint = ?", (sys.argv[2],)).fetchone()[0]
        columns = [r[1] for r in db.execute("PRAGMA table_info(conflicts)") if r[1] != "id"]
        selected = ", ".join("'v1:2222222222222222'" if c == "fingerprint" else c for c in columns)
        db.execute(f"INSERT INTO conflicts ({', '.join(columns)}) SELECT {selected} FROM conflicts WHERE id = ?", (a,))
        b = db.execute("SELECT id FROM conflicts WHERE fingerprint = 'v1:2222222222222222'").fetchone()[0]
        db.execute("UPDATE conflicts SET fingerprint = 'v1:1111111111111111', status = 'ignored', resolved_build = NULL, resolved_build_key = NULL, status_changed_at = ? WHERE id = ?", (int(sys.argv[3]), a))
        db.execute("UPDATE conflicts SET status = 'resolved', resolved_build = '101', resolved_build_key = (SELECT build_key FROM runs WHERE build = '101'), status_changed_at = ? WHERE id = ?", (int(sys.argv[4]), b))
        db.execute("UPDATE occurrences SET conflict_id = ? WHERE conflict_id = ? AND run_id = (SELECT id FROM runs WHERE build = '102')", (b, a))
        db.execute("UPDATE occurrences SET analysis_version = 'v1' WHERE conflict_id IN (?, ?)", (a, b))
        db.commit()
        """, arguments: [StoreFixture.conflictA, "\(ignoredAt)", "\(resolvedAt)"])
    }
    try split(ignoredAt: 1_000, resolvedAt: 2_000)
    let older = try fixture.lcq(["ingest", "--build", "103"], stdin: Data())
    XCTAssertTrue(
      older.stderr.contains(
        "lcq: 2 conflicts were stored by an older lcq with fingerprints of another version;"),
      older.stderr)
    let reanalyze = try fixture.lcq(["db", "reanalyze"])
    XCTAssertEqual(reanalyze.status, 0, reanalyze.stderr)
    XCTAssertTrue(reanalyze.stderr.contains("9 changed"), reanalyze.stderr)
    let stats = try XCTUnwrap(try fixture.json(["db", "stats"]) as? [String: Any])
    XCTAssertEqual(stats["conflicts"] as? Int, 13)
    let details = try XCTUnwrap(try fixture.json(["show", "v1:1111"]) as? [String: Any])
    XCTAssertEqual(details["fingerprint"] as? String, StoreFixture.conflictA)
    XCTAssertEqual(details["status"] as? String, "resolved")
    XCTAssertEqual(details["resolved_build"] as? String, "101")
    XCTAssertEqual(details["occurrences"] as? Int, 9)
    XCTAssertEqual(
      try fixture.rows(["regressed"]).map { $0["fingerprint"] as? String }, [StoreFixture.conflictA])
    // A baseline written before the upgrade accepts A by its old name.
    let baseline = fixture.folder.appendingPathComponent("accepted.txt").path
    try "v1:2222222222222222\n\(StoreFixture.conflictB)\n".write(
      toFile: baseline, atomically: true, encoding: .utf8)
    let check = try fixture.lcq(["check", "--build", "102", "--baseline", baseline, "--fail-on", "any"])
    XCTAssertFalse(check.stdout.contains(StoreFixture.conflictA), check.stdout)
    XCTAssertEqual(
      try fixture.lcq(["ingest", "--build", "103"], stdin: Data()).stderr.contains("older lcq"), false)

    try split(ignoredAt: 3_000, resolvedAt: 2_000)
    XCTAssertEqual(try fixture.lcq(["db", "reanalyze"]).status, 0)
    let ignored = try XCTUnwrap(try fixture.json(["show", StoreFixture.conflictA]) as? [String: Any])
    XCTAssertEqual(ignored["status"] as? String, "ignored")
    XCTAssertEqual(ignored["occurrences"] as? Int, 9)
  }

  func testDatabaseMaintenance() throws {
    let stats = try XCTUnwrap(try fixture.json(["db", "stats"]) as? [String: Any])
    XCTAssertEqual(stats["runs"] as? Int, 3)
    XCTAssertEqual(stats["conflicts"] as? Int, 13)
    XCTAssertEqual(stats["occurrences"] as? Int, 31)
    XCTAssertEqual(stats["failed_blocks"] as? Int, 0)
    XCTAssertEqual(stats["schema_version"] as? Int, LCQProcess.migrationCount)

    // Reanalysis finds nothing to change, and repairs an occurrence moved by hand.
    let clean = try fixture.lcq(["db", "reanalyze"])
    XCTAssertTrue(clean.stderr.contains("reanalysed 31 occurrences: 0 changed"), clean.stderr)
    _ = try fixture.python(
      """
      db.execute("UPDATE occurrences SET conflict_id = (SELECT id FROM conflicts WHERE fingerprint = ?), verdict = 'satisfiable' WHERE id = 1", ("\(StoreFixture.conflictB)",))
      db.commit()
      """)
    let repaired = try fixture.lcq(["db", "reanalyze"])
    XCTAssertTrue(repaired.stderr.contains("1 changed"), repaired.stderr)
    XCTAssertEqual(try fixture.rows(["top", "--limit", "2"]).map { $0["occurrences"] as? Int }, [9, 8])

    // Prune what is older than 2020-01-01: 061 (2015) and C–G (2017), 14 occurrences.
    let days = Int((Date().timeIntervalSince1970 - 1_577_836_800) / 86_400)
    let pruned = try fixture.lcq(["db", "prune", "--older-than", "\(days)d"])
    XCTAssertEqual(pruned.status, 0, pruned.stderr)
    XCTAssertTrue(pruned.stderr.contains("pruned 14 occurrences"), pruned.stderr)
    XCTAssertTrue(pruned.stderr.contains("11 conflicts"), pruned.stderr)
    let afterPrune = try XCTUnwrap(try fixture.json(["db", "stats"]) as? [String: Any])
    XCTAssertEqual(afterPrune["occurrences"] as? Int, 17)
    XCTAssertEqual(afterPrune["conflicts"] as? Int, 2)
    // Build 101's run keeps its A and B of 2024; C–G, of 2017, are gone.
    XCTAssertEqual(
      try fixture.rows(["trend", "--by", "build"]).map { $0["occurrences"] as? Int }, [14, 2, 1])

    let vacuum = try fixture.lcq(["db", "vacuum"])
    XCTAssertEqual(vacuum.status, 0, vacuum.stderr)
    XCTAssertEqual(try fixture.python("print(db.execute('PRAGMA integrity_check').fetchone()[0])"), "ok")
  }
}
