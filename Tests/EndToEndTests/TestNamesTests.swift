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
}
