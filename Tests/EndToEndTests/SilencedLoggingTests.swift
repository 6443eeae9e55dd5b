import Foundation
import LCQEndToEndSupport
import XCTest

/// Silence is not health: an ingest with a source tree that turns the conflict messages off
/// says where, after its summary, still stores what the log holds, and keeps where with the
/// run, so that `lcq check` of its build says it too.
final class SilencedLoggingTests: XCTestCase {
  func testAnIngestSaysWhereTheSourceTreeTurnsTheMessagesOff() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-silenced-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("App"), withIntermediateDirectories: true)
    try Data(
      "import UIKit\n\nUserDefaults.standard.set(false, forKey: \"_UIConstraintBasedLayoutLogUnsatisfiable\")\n"
        .utf8
    ).write(to: app.appendingPathComponent("App/AppDelegate.swift"))
    let database = folder.appendingPathComponent("lcq.sqlite").path
    let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path

    let ingest = try LCQProcess.run(
      ["ingest", "--db", database, "--build", "4", "--source-root", app.path, example])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let lines = ingest.stderr.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, ingest.stderr)
    XCTAssertTrue(lines.first?.hasPrefix("lcq: ingested 7 blocks") == true, ingest.stderr)
    XCTAssertEqual(
      lines.last,
      "lcq: warning: App/AppDelegate.swift:3 turns off UIKit's conflict messages "
        + "(_UIConstraintBasedLayoutLogUnsatisfiable = false): a run without conflicts may only be a run that printed none"
    )

    // A build whose run read that tree and logged nothing: the check passes, and says why that
    // may mean little.
    let empty = folder.appendingPathComponent("empty.log").path
    try Data("no conflict here\n".utf8).write(to: URL(fileURLWithPath: empty))
    let silent = try LCQProcess.run(
      ["ingest", "--db", database, "--build", "5", "--source-root", app.path, empty])
    XCTAssertEqual(silent.status, 0, silent.stderr)
    let warning =
      "App/AppDelegate.swift:3 turns off UIKit's conflict messages (_UIConstraintBasedLayoutLogUnsatisfiable = false)"
    let check = try LCQProcess.run(["check", "--db", database, "--build", "5", "--format", "markdown"])
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertTrue(
      check.stdout.hasPrefix("## lcq check passed: build 5\n\n0 new, 0 regressed, 0 conflicts seen"),
      check.stdout)
    XCTAssertTrue(
      check.stdout.contains(
        "\nWarning: App/AppDelegate.swift:3 turns off UIKit's conflict messages "
          + "\\(\\_UIConstraintBasedLayoutLogUnsatisfiable = false\\): a run without conflicts may only be a run "
          + "that printed none.\n"), check.stdout)
    let github = try LCQProcess.run(["check", "--db", database, "--build", "5", "--format", "github"])
    XCTAssertTrue(
      github.stdout.hasPrefix(
        "::warning file=App/AppDelegate.swift,line=3,title=Layout conflict messages turned off::Warning: \(warning): "
          + "a run without conflicts may only be a run that printed none.\n"), github.stdout)
    let json = try LCQProcess.run(["check", "--db", database, "--build", "5", "--format", "json"])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(object["logging_off"] as? [String], [warning])

    // The report says both: build 5 logged nothing at all after build 4 logged seven messages,
    // and the newest tree read turns them off.
    let report = try LCQProcess.run(["report", "--db", database, "--format", "markdown"])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(
      report.stdout.contains(
        "\n**Silent:** Build 5: none of its 1 run logged a conflict message of any kind, after most of build 4's "
          + "did: check that the app did not turn the messages off.\n"), report.stdout)
    XCTAssertTrue(
      report.stdout.contains(
        "\n\n**Messages turned off:** App/AppDelegate.swift:3 turns off UIKit's conflict messages "
          + "\\(\\_UIConstraintBasedLayoutLogUnsatisfiable = false\\): a run without conflicts may only be a run "
          + "that printed none.\n"), report.stdout)
    let html = try LCQProcess.run(["report", "--db", database, "--format", "html"])
    XCTAssertTrue(
      html.stdout.contains(
        "<div class=\"warning\" role=\"alert\">Silent: Build 5: none of its 1 run logged a conflict message of any "
          + "kind, after most of build 4&#39;s did: check that the app did not turn the messages off.</div>"),
      html.stdout)
    XCTAssertTrue(html.stdout.contains("Messages turned off: App/AppDelegate.swift:3 turns off"), html.stdout)

    // Without the switch, nothing more is said.
    try Data("import UIKit\n".utf8).write(to: app.appendingPathComponent("App/AppDelegate.swift"))
    let quiet = try LCQProcess.run([
      "ingest", "--db", database, "--build", "6", "--source-root", app.path, example,
    ])
    XCTAssertEqual(quiet.stderr.split(separator: "\n").count, 1, quiet.stderr)
    let clean = try LCQProcess.run(["check", "--db", database, "--build", "6", "--format", "json"])
    let cleanObject = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(cleanObject["logging_off"] as? [String], [])
  }
}
