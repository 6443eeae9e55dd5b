import Foundation
import LCQEndToEndSupport
import XCTest

/// The test behind each conflict (docs/tests.md), end to end: `xcodebuild test`'s markers
/// around one conflict logged once in `testSignIn` and twice in `testSignOut`, and once before
/// any test started.
final class TestNamesTests: XCTestCase {
  private func message(_ second: Int) -> String {
    """
    2024-03-05 14:10:\(String(format: "%02d", second)).000000+0000 MyApp[4242:77001] [LayoutConstraints] Unable to simultaneously satisfy constraints.
    \tProbably at least one of the constraints in the following list is one you don't want.
    (
        "<NSLayoutConstraint:0x600001a8c0a0 UIView:0x7f8b1c40a0e0.width == 320   (active)>",
        "<NSLayoutConstraint:0x600001a8c0f0 UIView:0x7f8b1c40a0e0.width == 100   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600001a8c0a0 UIView:0x7f8b1c40a0e0.width == 320   (active)>

    """
  }

  private func log() throws -> String {
    let text =
      message(1)
      + "Test Case '-[MyAppTests.LoginTests testSignIn]' started.\n" + message(2)
      + "Test Case '-[MyAppTests.LoginTests testSignIn]' passed (0.123 seconds).\n"
      + "Test Case '-[MyAppTests.LoginTests testSignOut]' started.\n" + message(3) + message(4)
      + "Test Case '-[MyAppTests.LoginTests testSignOut]' failed (0.456 seconds).\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-tests-\(UUID()).log").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func testAnalyzeNamesEachMessagesTest() throws {
    let path = try log()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try LCQProcess.run(["analyze", "--format", "json", path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let tests = result.stdout.split(separator: "\n").map { line -> String? in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (object?["source"] as? [String: Any])?["test"] as? String
    }
    XCTAssertEqual(
      tests,
      [
        nil, "MyAppTests.LoginTests.testSignIn", "MyAppTests.LoginTests.testSignOut",
        "MyAppTests.LoginTests.testSignOut",
      ])
    let text = try LCQProcess.run(["analyze", "--color", "never", path])
    XCTAssertTrue(
      text.stdout.contains("MyApp[4242]  test MyAppTests.LoginTests.testSignIn  UIKit"), text.stdout)
  }

  func testShowAndTopSayWhichTestsLogAConflict() throws {
    let path = try log()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-tests-\(UUID()).sqlite")
    defer { FileManager.default.removeSQLiteFile(at: store) }
    let ingest = try LCQProcess.run(["ingest", "--db", store.path, "--build", "12", path])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let window = ["--since", "2024-03-01", "--until", "2024-03-06"]

    let top = try LCQProcess.run(["top", "--by", "tests", "--format", "json", "--db", store.path] + window)
    XCTAssertEqual(top.status, 0, top.stderr)
    let rows = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(top.stdout.utf8)) as? [String: Any])?["conflicts"]
        as? [[String: Any]])
    XCTAssertEqual(rows.count, 1)
    XCTAssertEqual(rows.first?["occurrences"] as? Int, 4)
    XCTAssertEqual(rows.first?["tests"] as? Int, 2)
    let fingerprint = try XCTUnwrap(rows.first?["fingerprint"] as? String)

    // testSignOut logged it most; testSignIn first (the message before any test has none).
    let show = try LCQProcess.run(["show", fingerprint, "--db", store.path] + window)
    XCTAssertEqual(show.status, 0, show.stderr)
    XCTAssertTrue(
      show.stdout.contains(
        "first seen in test MyAppTests.LoginTests.testSignIn; tests: MyAppTests.LoginTests.testSignOut (2), "
          + "MyAppTests.LoginTests.testSignIn (1)\n"), show.stdout)
    let json = try LCQProcess.run(["show", fingerprint, "--format", "json", "--db", store.path] + window)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(object["first_seen_in_test"] as? String, "MyAppTests.LoginTests.testSignIn")
    XCTAssertEqual(object["test_count"] as? Int, 2)
    XCTAssertEqual(
      (object["tests"] as? [[String: Any]])?.map { "\($0["test"] ?? "") \($0["occurrences"] ?? "")" },
      ["MyAppTests.LoginTests.testSignOut 2", "MyAppTests.LoginTests.testSignIn 1"])

    // A window that holds only testSignOut's messages names only it.
    let later = try LCQProcess.run(
      ["show", fingerprint, "--db", store.path, "--since", "2024-03-05T14:10:03Z", "--until", "2024-03-06"])
    XCTAssertTrue(
      later.stdout.contains(
        "first seen in test MyAppTests.LoginTests.testSignOut; tests: MyAppTests.LoginTests.testSignOut (2)\n"
      ),
      later.stdout)

    // The check names the test that logged the new conflict first in the build.
    let check = try LCQProcess.run(["check", "--build", "12", "--format", "markdown", "--db", store.path])
    XCTAssertEqual(check.status, 1, check.stderr)
    XCTAssertTrue(
      check.stdout.contains("  First logged in test MyAppTests.LoginTests.testSignIn.\n"), check.stdout)
    let github = try LCQProcess.run(["check", "--build", "12", "--format", "github", "--db", store.path])
    XCTAssertTrue(
      github.stdout.contains("%0AFirst logged in test MyAppTests.LoginTests.testSignIn.%0A"), github.stdout)
    let checkJSON = try LCQProcess.run(["check", "--build", "12", "--format", "json", "--db", store.path])
    let checked = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(checkJSON.stdout.utf8)) as? [String: Any])?["new"]
        as? [[String: Any]])
    XCTAssertEqual(checked.first?["test"] as? String, "MyAppTests.LoginTests.testSignIn")

    // A notice of the new conflict names the test that logged it first.
    let notify = try LCQProcess.run(
      ["notify", "--dry-run", "--payload", "json", "--since", "2000-01-01", "--db", store.path])
    XCTAssertEqual(notify.status, 0, notify.stderr)
    XCTAssertTrue(notify.stdout.contains(#""test":"MyAppTests.LoginTests.testSignIn""#), notify.stdout)
    let slack = try LCQProcess.run(["notify", "--dry-run", "--since", "2000-01-01", "--db", store.path])
    XCTAssertTrue(slack.stdout.contains("Logged in test MyAppTests.LoginTests.testSignIn"), slack.stdout)

    // The report lists the tests that log the most: one conflict, four occurrences, three of
    // them in tests.
    let report = try LCQProcess.run(["report", "--format", "markdown", "--db", store.path] + window)
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(
      report.stdout.contains(
        "### Tests that log the most\n\n| Test | Conflicts | Occurrences | Logs most |\n| --- | ---: | ---: | --- |\n"
          + "| MyAppTests.LoginTests.testSignOut | 1 | 2 | **UIView width \\(2 constraints\\)** `\(fingerprint.prefix(11))` |\n"
          + "| MyAppTests.LoginTests.testSignIn | 1 | 1 | **UIView width \\(2 constraints\\)** `\(fingerprint.prefix(11))` |\n"
      ),
      report.stdout)
  }

  /// An `xcodebuild test` console that runs `tests`, the first of them logging `conflict` when given.
  private func console(_ tests: [String], conflict: String? = nil) throws -> String {
    var text = ""
    for (index, test) in tests.enumerated() {
      text += "Test Case '-[MyAppTests.LoginTests \(test)]' started.\n"
      if index == 0, let conflict { text += conflict }
      text += "Test Case '-[MyAppTests.LoginTests \(test)]' passed (0.1 seconds).\n"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-tests-\(UUID()).log").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The tests each run ran are the denominators (docs/team.md, "Where the tests are known"):
  /// build 1 ran testSignIn in 3 runs without a conflict; build 2 ran it in 1 run of 3 (the
  /// others ran testSignOut only), which logged the conflict. Worked by hand: 1 of 3 runs of
  /// build 2, 0 of 3 of build 1; in testSignIn 1 of 1 run, 0 of 3 before (p = C(1,1)/C(4,1) =
  /// 0.25: possibly flaky at 0.05); its conflict-free runs 0.0%, down 100 points from build 1.
  func testCheckAndTheReportCountTheRunsThatRanEachTest() throws {
    let store = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-tests-\(UUID()).sqlite")
    defer { FileManager.default.removeSQLiteFile(at: store) }
    let clean = try console(["testSignIn", "testSignOut"])
    let signOut = try console(["testSignOut"])
    let logged = try console(["testSignIn", "testSignOut"], conflict: message(5))
    defer { for path in [clean, signOut, logged] { try? FileManager.default.removeItem(atPath: path) } }
    var ingests: [(String, String)] = Array(repeating: ("1", clean), count: 3)
    ingests += [("2", logged), ("2", signOut), ("2", signOut)]
    for (index, (build, path)) in ingests.enumerated() {
      let ingest = try LCQProcess.run(
        ["ingest", "--db", store.path, "--build", build, "--run-id", "job-\(index)", path])
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
    }
    let check = try LCQProcess.run(
      ["check", "--build", "2", "--significance", "0.05", "--format", "markdown", "--db", store.path])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    XCTAssertTrue(
      check.stdout.contains(
        "  Seen in 1 of 3 runs of build 2; 0 of 3 runs of build 1; in test MyAppTests.LoginTests.testSignIn: 1 of 1 "
          + "run that ran it, 0 of 3 in build 1 \\(one-sided exact test on the runs that ran "
          + "MyAppTests.LoginTests.testSignIn: p = 0.25\\): possibly flaky.\n"), check.stdout)
    let trend = try LCQProcess.run(
      [
        "trend", "--by", "build", "--test", "MyAppTests.LoginTests.testSignIn", "--format", "csv", "--db",
        store.path,
      ])
    XCTAssertEqual(trend.status, 0, trend.stderr)
    XCTAssertEqual(
      trend.stdout,
      "build,occurrences,conflicts,runs,all_runs,conflict_free_percent,change_points\r\n1,0,0,0,3,100.0,\r\n"
        + "2,1,1,1,1,0.0,-100.0\r\n")
    let wrongStep = try LCQProcess.run([
      "trend", "--test", "MyAppTests.LoginTests.testSignIn", "--db", store.path,
    ])
    XCTAssertEqual(wrongStep.status, 64, "a usage error")
    XCTAssertTrue(wrongStep.stderr.contains("--test steps by build; add --by build"), wrongStep.stderr)
    let report = try LCQProcess.run(["report", "--format", "markdown", "--db", store.path])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(
      report.stdout.contains(
        "### Conflict-free runs per test (build 2)\n\n| Test | Runs | Conflict-free | Change |\n"
          + "| --- | ---: | ---: | ---: |\n| MyAppTests.LoginTests.testSignIn | 1 | 0.0% | -100.0 pts from 1 |\n\n"
      ),
      report.stdout)
  }
}
