import Foundation
import XCTest

/// A temporary folder with a database built from corpus logs, for the store's end-to-end tests.
///
/// Three runs, in a fixed time zone (`TZ=America/Los_Angeles`), counted by hand:
/// - run 1, build 100, iPhone15,2: the seven `formats` logs, the same two conflicts A (`08d2…`,
///   the custom9 stack view) and B (`f489…`) in every style: 14 occurrences;
/// - run 2, build 101, iPad14,1: `Examples/simulator.log`: A and B in the very lines of
///   `log-stream-default.log` (build 101's own events: an occurrence belongs to the build that
///   logged it; the summary says they are also stored under build 100), and five conflicts C–G
///   of the input bar: 7 occurrences;
/// - run 3, build 102, iPhone15,2, `--run-id job-3`: `009` (A again, without a timestamp) and
///   `061` (9 messages, 6 conflicts: two of them twice, at other addresses): 10 occurrences.
///
/// 31 occurrences of 13 conflicts. A: 9 occurrences in runs 1, 2 and 3 on two devices; B: 8 in
/// runs 1 and 2.
/// 061's six: three twice, three once.
public struct StoreFixture: Sendable {
  /// The fixture's temporary folder.
  public let folder: URL
  /// The SQLite file in it.
  public var database: String { folder.appendingPathComponent("lcq.sqlite").path }
  /// The environment every command of the fixture runs with.
  public static let environment = ["TZ": "America/Los_Angeles", "LCQ_DB": "", "NO_COLOR": "1"]
  /// Conflict A's fingerprint.
  public static let conflictA = "v3:08d276e3a3978f42"
  /// Conflict B's fingerprint.
  public static let conflictB = "v3:f4899c3d5e95115e"

  /// A new fixture folder, with no database yet.
  public init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Deletes the folder.
  public func remove() { try? FileManager.default.removeItem(at: folder) }

  /// The example log's seven messages once a minute for each of `minutes` (from 00:00 on
  /// 2017-12-11 and 2024-03-06): distinct occurrences of the same seven lists.
  public static func exampleLog(minutes: Range<Int>) throws -> String {
    let template = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"), encoding: .utf8)
    var text = ""
    for minute in minutes {
      let stamp = String(format: "%02d:%02d:", minute / 60, minute % 60)
      text +=
        template.replacingOccurrences(of: "2017-12-10 14:43:", with: "2017-12-11 \(stamp)")
        .replacingOccurrences(of: "2024-03-05 14:10:", with: "2024-03-06 \(stamp)")
    }
    return text
  }

  /// Runs `lcq ARGS --db DATABASE`.
  public func lcq(_ arguments: [String], stdin: Data? = nil) throws -> LCQProcess.Result {
    try LCQProcess.run(arguments + ["--db", database], stdin: stdin, environment: Self.environment)
  }

  /// Runs `lcq ARGS --db DATABASE --format json` and decodes the answer.
  public func json(_ arguments: [String]) throws -> Any {
    let result = try lcq(arguments + ["--format", "json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// The rows of a query's JSON (`{"schema": …, "conflicts" | "points": [rows]}`).
  public func rows(_ arguments: [String]) throws -> [[String: Any]] {
    let object = try XCTUnwrap(try json(arguments) as? [String: Any])
    XCTAssertNotNil(object["schema"] as? String)
    let key = try XCTUnwrap(object.keys.first { $0 != "schema" })
    return try XCTUnwrap(object[key] as? [[String: Any]])
  }

  /// Run 1's metadata options.
  public static let runOne = [
    "--app", "MyApp", "--build", "100", "--device", "iPhone15,2", "--os-version", "17.4",
  ]
  /// Run 2's metadata options.
  public static let runTwo = ["--build", "101", "--device", "iPad14,1", "--os-version", "17.5"]
  /// Run 3's metadata options.
  public static let runThree = [
    "--build", "102", "--device", "iPhone15,2", "--os-version", "18.0", "--run-id", "job-3",
  ]
  /// Run 3's inputs.
  public static var runThreeFiles: [String] { [LCQProcess.corpusFile("009"), LCQProcess.corpusFile("061")] }

  /// Ingests the three runs and checks each summary line.
  public func ingestAll() throws {
    let one = try lcq(["ingest"] + Self.runOne + LCQProcess.formatsFixtures.map(LCQProcess.corpusFile))
    XCTAssertEqual(one.status, 0, one.stderr)
    XCTAssertEqual(one.stderr, "lcq: ingested 14 blocks · 2 conflicts (2 new) · 0 unparsed → \(database)\n")
    let two = try lcq(
      ["ingest"] + Self.runTwo + [
        LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
      ])
    XCTAssertEqual(
      two.stderr,
      "lcq: ingested 7 blocks · 7 conflicts (5 new) · 0 unparsed · 2 also stored under build 100 → \(database)\n"
    )
    let three = try lcq(["ingest"] + Self.runThree + Self.runThreeFiles)
    XCTAssertEqual(three.stderr, "lcq: ingested 10 blocks · 7 conflicts (6 new) · 0 unparsed → \(database)\n")
  }

  /// Runs a Python snippet with `sqlite3` on the database (an independent reader and writer).
  public func python(_ code: String, arguments: [String] = []) throws -> String {
    let script = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\n" + code
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database] + arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The store fixture with conflict A resolved in build 100: 14 changes to post with `--owner
  /// all` (13 new, A regressed).
  public static func fourteenChanges() throws -> StoreFixture {
    let fixture = try StoreFixture()
    try fixture.ingestAll()
    let resolve = try fixture.lcq(["resolve", String(StoreFixture.conflictA.prefix(8)), "--in-build", "100"])
    guard resolve.status == 0 else {
      throw LCQProcess.Failure(description: "resolve failed: \(resolve.stderr)")
    }
    return fixture
  }
}
