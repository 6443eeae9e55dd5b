import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// Databases that cannot be used: one clear line on stderr, exit status 2, nothing half-written.
final class StoreFailureTests: XCTestCase {
  var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  var sampleLog: String { LCQProcess.corpusFile("log-stream-default.log") }

  func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  func assertOneLine(
    _ result: LCQProcess.Result, contains text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("lcq: "), result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.contains(text), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stdout, "", file: file, line: line)
  }

  func testAQueryOnAMissingDatabaseCreatesNothing() throws {
    let result = try fixture.lcq(["top"])
    assertOneLine(result, contains: "no lcq database here")
    XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.database))
  }

  func testAMissingFolderIsNotCreated() throws {
    let path = fixture.folder.appendingPathComponent("absent/lcq.sqlite").path
    let result = try LCQProcess.run(
      ["ingest", "--db", path, sampleLog], environment: StoreFixture.environment)
    assertOneLine(result, contains: "the folder does not exist")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("absent").path))
  }

  func testACorruptFileIsRefusedAndLeftAlone() throws {
    var generator = SeededGenerator.forTest("StoreFailureTests")
    let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
    _ = FileManager.default.createFile(atPath: fixture.database, contents: garbage)
    assertOneLine(try fixture.lcq(["ingest", sampleLog]), contains: "not an lcq database")
    assertOneLine(try fixture.lcq(["top"]), contains: "not an lcq database")
    XCTAssertEqual(fileBytes(fixture.database), garbage)
  }

  func testAnotherAppsDatabaseIsRefusedAndLeftAlone() throws {
    _ = try fixture.python(
      "db.execute('CREATE TABLE notes (body TEXT)'); db.execute(\"INSERT INTO notes VALUES ('mine')\"); db.commit()"
    )
    let before = fileBytes(fixture.database)
    assertOneLine(try fixture.lcq(["ingest", sampleLog]), contains: "an SQLite database with other tables")
    XCTAssertEqual(fileBytes(fixture.database), before)
  }

  func testANewerSchemaIsRefusedAndLeftAlone() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", sampleLog]).status, 0)
    _ = try fixture.python(
      "db.execute(\"INSERT INTO grdb_migrations VALUES ('0999_from_the_future.sql')\"); db.commit(); db.execute('PRAGMA wal_checkpoint(TRUNCATE)')"
    )
    let before = fileBytes(fixture.database)
    assertOneLine(
      try fixture.lcq(["top"]),
      contains: "written by a newer lcq (unknown migrations: 0999_from_the_future.sql)")
    assertOneLine(try fixture.lcq(["ingest", sampleLog]), contains: "newer lcq")
    XCTAssertEqual(fileBytes(fixture.database), before)
  }

  /// Run as another user when the tests run as root (root may write any file).
  func testAReadOnlyDatabaseIsRefused() throws {
    XCTAssertEqual(try fixture.lcq(["ingest", sampleLog]).status, 0)
    _ = try fixture.python("db.execute('PRAGMA wal_checkpoint(TRUNCATE)')")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.database)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: fixture.folder.path)
    let before = fileBytes(fixture.database)
    var arguments = ["ingest", "--db", fixture.database, LCQProcess.corpusFile("log-stream-ndjson.log")]
    var program = LCQProcess.executable
    if getuid() == 0 {
      // `setpriv` (util-linux) drops to nobody, for whom the mode bits hold.
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", program.path] + arguments
      program = URL(fileURLWithPath: "/usr/bin/setpriv")
    }
    let result = try LCQProcess.execute(program, arguments, environment: StoreFixture.environment)
    assertOneLine(result, contains: "read-only")
    XCTAssertEqual(fileBytes(fixture.database), before)
  }
}
