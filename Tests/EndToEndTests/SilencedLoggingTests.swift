import Foundation
import LCQEndToEndSupport
import XCTest

/// Silence is not health: an ingest with a source tree that turns the conflict messages off
/// says where, after its summary, and still stores what the log holds.
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

    let ingest = try LCQProcess.run(["ingest", "--db", database, "--source-root", app.path, example])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let lines = ingest.stderr.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, ingest.stderr)
    XCTAssertTrue(lines.first?.hasPrefix("lcq: ingested 7 blocks") == true, ingest.stderr)
    XCTAssertEqual(
      lines.last,
      "lcq: warning: App/AppDelegate.swift:3 turns off UIKit's conflict messages "
        + "(_UIConstraintBasedLayoutLogUnsatisfiable = false): a run without conflicts may only be a run that printed none"
    )

    // Without the switch, nothing more is said.
    try Data("import UIKit\n".utf8).write(to: app.appendingPathComponent("App/AppDelegate.swift"))
    let quiet = try LCQProcess.run(["ingest", "--db", database, "--source-root", app.path, example])
    XCTAssertEqual(quiet.stderr.split(separator: "\n").count, 1, quiet.stderr)
  }
}
