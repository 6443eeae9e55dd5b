import Foundation
import LCQEndToEndSupport
import XCTest

/// What a newcomer meets in the first hour (issue "What a new team meets, round 2"), through
/// the real binary: a typo, a minus before a duration, `analyze` waiting on a terminal, a new
/// database, a report folder that does not exist, counts in words, devices nobody named.
final class FirstHourTests: XCTestCase {
  private var fixture: StoreFixture!
  private let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  func testAMistypedCommandGetsTheNearestOne() throws {
    for (typed, meant) in [("tpo", "top"), ("ingets", "ingest"), ("reprot", "report"), ("chek", "check")] {
      let result = try LCQProcess.run([typed])
      XCTAssertEqual(result.status, 64, typed)
      XCTAssertEqual(result.stderr, "lcq: unknown command '\(typed)'; did you mean `lcq \(meant)`?\n")
    }
    let far = try LCQProcess.run(["frobnicate"])
    XCTAssertEqual(far.stderr, "lcq: unknown command 'frobnicate'; `lcq --help` lists them\n")
    XCTAssertEqual(try LCQProcess.run(["help", "top"]).status, 0)
  }

  func testAMinusBeforeADurationIsExplained() throws {
    let result = try LCQProcess.run(["top", "--since", "-7d", "--db", fixture.database])
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(
      result.stderr, "lcq: --since -7d: a duration counts back by itself, without a minus: --since 7d\n")
  }

  /// `lcq analyze` with no file, on a terminal, says it reads standard input (a real
  /// pseudo-terminal, then Ctrl-D).
  func testAnalyzeOnATerminalSaysItReadsStandardInput() throws {
    let script = """
      import os, pty, sys, time, select
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(sys.argv[1], [sys.argv[1], "analyze"])
      out = b""
      end = time.time() + 10
      while b"Ctrl-D" not in out and time.time() < end:
          if select.select([fd], [], [], 0.2)[0]:
              out += os.read(fd, 4096)
      os.write(fd, b"\\x04")
      _, status = os.waitpid(pid, 0)
      print(out.decode().strip())
      print(os.waitstatus_to_exitcode(status))
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, LCQProcess.executable.path])
    XCTAssertEqual(
      result.stdout,
      "lcq: lcq analyze reads the log from standard input: paste it and end with Ctrl-D, pipe one in, or name files\n0\n"
    )
    // Piped, it says nothing of the kind.
    let piped = try LCQProcess.run(["analyze"], stdin: Data())
    XCTAssertFalse(piped.stderr.contains("Ctrl-D"), piped.stderr)
  }

  func testAReportIntoAMissingFolderSaysSo() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let out = fixture.folder.appendingPathComponent("reports/nightly.html").path
    let result = try fixture.lcq(["report", "--out", out])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "lcq: \(out): cannot write the report: the folder \(fixture.folder.path)/reports does not exist "
        + "(make it first: mkdir -p \(fixture.folder.path)/reports)\n")
  }

  /// One of a thing is singular wherever a count is written in words; a report whose runs named
  /// no device says the devices are unknown rather than 0.
  func testCountsReadRightAndUnknownDevicesAreUnknown() throws {
    let one = try fixture.lcq([
      "ingest", "--ingest-time", "2024-03-06T00:00:00Z", LCQProcess.corpusFile("009"),
    ])
    XCTAssertEqual(
      one.stderr, "lcq: ingested 1 block · 1 conflict (1 new) · 0 unparsed → \(fixture.database)\n")
    let fingerprint = try XCTUnwrap(
      try fixture.rows(["top", "--owner", "all"]).first?["fingerprint"] as? String)
    let show = try fixture.lcq(["show", fingerprint, "--format", "markdown"])
    XCTAssertTrue(show.stdout.contains(" · 1 occurrence in 1 run · "), show.stdout)
    let report = try fixture.lcq([
      "report", "--format", "markdown", "--owner", "all", "--since", "2000-01-01",
    ])
    XCTAssertTrue(report.stdout.contains("of 1 conflict in 1 run (device models unknown)"), report.stdout)
    XCTAssertFalse(report.stdout.contains("0 device models"), report.stdout)
    let copy = fixture.folder.appendingPathComponent("copy.sqlite").path
    let copied = try LCQProcess.run(["db", "copy", "--from", fixture.database, "--to", copy])
    XCTAssertTrue(
      copied.stderr.hasPrefix("lcq: copied 1 run, 1 conflict (0 already there), 1 occurrence, "),
      copied.stderr)
  }

  /// The README's main job, then the nightly report: the example's messages were logged in 2017
  /// and 2024, so the last day counts none of them; the report says where they are and how to
  /// see them, never "0 occurrences" for a conflict it lists, and never calls one it just
  /// brought "quiet".
  func testTheFirstReportAfterTheMainJobReadsRight() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", example]).status, 0)
    let report = try fixture.lcq(["report", "--format", "markdown"])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(
      report.stdout.contains(
        "7 occurrences stored by the ingest runs between "), report.stdout)
    XCTAssertTrue(
      report.stdout.contains(
        "from 2017-12-10T22:43:56Z on \\(the log's own times\\), so they are not counted here; a report from "
          + "2017-12-10 shows them \\(lcq report --since 2017-12-10\\)."), report.stdout)
    let shown = try fixture.lcq(["report", "--format", "markdown", "--since", "2017-12-10"])
    XCTAssertTrue(shown.stdout.contains("**7 occurrences** of 7 conflicts in 1 run"), shown.stdout)
    let page = fixture.folder.appendingPathComponent("report.html").path
    XCTAssertEqual(try fixture.lcq(["report", "--since", "2017-12-10", "--out", page]).status, 0)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    XCTAssertTrue(html.contains("Quiet conflicts (0)"), "new in the window, so not quiet")

    // With a build, the example's conflicts are new in the newest build: listed with where
    // their occurrences are, not as "0 occurrences".
    let built = try StoreFixture()
    defer { built.remove() }
    XCTAssertEqual(try built.lcq(["ingest", "--build", "1", example]).status, 0)
    let newest = try built.lcq(["report", "--format", "markdown"])
    XCTAssertTrue(newest.stdout.contains("### New conflicts (7)"), newest.stdout)
    XCTAssertTrue(
      newest.stdout.contains(": occurrences logged before the window, first seen 2017-12-10"), newest.stdout)
    let listed = newest.stdout.components(separatedBy: "### New conflicts")[1]
    XCTAssertFalse(listed.contains(": 0 occurrences"), newest.stdout)
  }

  /// On a terminal of 100 columns (a real pseudo-terminal), `top`, `new` and `trend` fit every
  /// line in 100 characters, cutting titles with `…`; piped, every title is whole.
  func testTablesFitTheTerminalAndPipesGetEverything() throws {
    try fixture.ingestAll()
    for command in [
      ["top", "--owner", "all"], ["new", "--owner", "all", "--since", "2000-01-01"], ["trend"],
    ] {
      let shown = try LCQProcess.onTerminal(
        command + ["--db", fixture.database], columns: 100, environment: StoreFixture.environment)
      let lines = shown.stdout.split(separator: "\n")
      XCTAssertGreaterThan(lines.count, 2, "\(command): \(shown.stdout)")
      for line in lines { XCTAssertLessThanOrEqual(line.count, 100, "\(command): \(line)") }
    }
    // Piped (a CI log, a review comment), the table fits 100 columns too; JSON keeps every title whole.
    let piped = try fixture.lcq(["top", "--owner", "all"])
    let longest = piped.stdout.split(separator: "\n").map(\.count).max() ?? 0
    XCTAssertLessThanOrEqual(longest, 100, piped.stdout)
    // $COLUMNS widens it for a script that wants more.
    let wide = try LCQProcess.run(
      ["top", "--owner", "all", "--db", fixture.database],
      environment: StoreFixture.environment.merging(["COLUMNS": "300"]) { $1 })
    XCTAssertGreaterThan(wide.stdout.split(separator: "\n").map(\.count).max() ?? 0, 100, wide.stdout)
    let titles = try fixture.rows(["top", "--owner", "all"]).compactMap { $0["title"] as? String }
    XCTAssertGreaterThan(titles.map(\.count).max() ?? 0, 40, "JSON's titles are whole")
    // Titles cut to fit still tell conflicts apart: as many distinct cut titles as whole ones
    // (two conflicts may share a title). The title column ends where `occurrences` starts.
    let header = try XCTUnwrap(piped.stdout.split(separator: "\n").first)
    let end = try XCTUnwrap(header.range(of: "occurrences")).lowerBound
    let titleWidth = header.distance(from: header.index(header.startIndex, offsetBy: 13), to: end)
    let shown = piped.stdout.split(separator: "\n").dropFirst(2).map {
      String($0.dropFirst(13).prefix(titleWidth)).trimmingCharacters(in: .whitespaces)
    }
    XCTAssertEqual(Set(shown).count, Set(titles).count, piped.stdout)
    let cut = try LCQProcess.onTerminal(
      ["top", "--owner", "all", "--db", fixture.database], columns: 100, environment: StoreFixture.environment
    )
    XCTAssertTrue(cut.stdout.contains("…"), cut.stdout)
  }

  /// The volume chart over the README's six-year window: days are summed into bars of several
  /// days, none thinner than 4 points, and a bar with occurrences is never flat.
  func testTheVolumeChartIsReadableOverAnyWindow() throws {
    XCTAssertEqual(
      try fixture.lcq(["ingest", "--ingest-time", "2024-03-05T23:00:00Z", example]).status, 0)
    let page = fixture.folder.appendingPathComponent("report.html").path
    XCTAssertEqual(
      try fixture.lcq(["report", "--since", "2017-12-01", "--until", "2024-03-06", "--out", page]).status, 0)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let bar = try NSRegularExpression(
      pattern:
        #"<rect class="bar[^"]*" x="[-0-9.]+" y="[-0-9.]+" width="([0-9.]+)" height="([0-9.]+)"><title>([^<]*)</title>"#
    )
    let bars = bar.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
      (1...3).map { String(html[Range(match.range(at: $0), in: html)!]) }
    }
    XCTAssertGreaterThan(bars.count, 50, "one bar per group of days")
    XCTAssertLessThanOrEqual(bars.count, 100)
    XCTAssertTrue(bars.allSatisfy { (Double($0[0]) ?? 0) >= 4 }, "\(bars.prefix(3))")
    let drawn = bars.filter { !$0[2].hasSuffix(": 0") }
    XCTAssertEqual(drawn.count, 2, "the 2017 and the 2024 messages")
    XCTAssertTrue(drawn.allSatisfy { (Double($0[1]) ?? 0) >= 2 }, "\(drawn)")
    // The window and the 14 days before it: 2,302 days, at most 100 bars, so 24 days a bar.
    XCTAssertTrue(html.contains("(a bar: 24 days)"), "the chart says how many days a bar holds")
  }

  /// The report laid out by a real browser (headless Chromium) at a phone's, a tablet's and a
  /// desktop's width: no text is drawn past its card (the latest run's date overflowed).
  func testNothingOverflowsItsCardInABrowser() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", "--ingest-time", "2024-03-05T23:00:00Z", example]).status, 0)
    let page = fixture.folder.appendingPathComponent("report.html").path
    XCTAssertEqual(
      try fixture.lcq(["report", "--since", "2017-12-01", "--until", "2024-03-06", "--out", page]).status, 0)
    let checker = LCQProcess.repositoryRoot.appendingPathComponent("Tests/Dashboards/layout_check.py").path
    for width in ["360", "768", "1100"] {
      let result = try LCQProcess.execute(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", checker, page, width])
      XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
      let answer = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
      XCTAssertEqual(answer["overflowing"] as? [String], [], "at \(width) points")
      XCTAssertGreaterThan(answer["checked"] as? Int ?? 0, 100, "the page was measured")
    }
  }
}
