import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq ingest DIR` and `lcq ingest R.xcresult` (docs/tests.md): a result bundle's exported
/// diagnostics folder is read as its `StandardOutputAndStandardError*.txt` files, sorted by path,
/// and stores what the same files concatenated store; a bundle is exported with `xcrun
/// xcresulttool` where `xcrun` is on the PATH, and said plainly where it is not.
final class DiagnosticsFolderTests: XCTestCase {
  var fixture: StoreFixture!
  var folder: URL!

  /// The app side's console (the corpus's `.xcresult` sample) and the runner side's
  /// (`xcodebuild test`'s markers around three messages), in the folders an export makes, and a
  /// file that is neither.
  override func setUpWithError() throws {
    fixture = try StoreFixture()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-diagnostics-\(UUID())")
    let markers = LCQProcess.corpus.appendingPathComponent("test-markers")
    let attempt = folder.appendingPathComponent("iPhone 15 - 17.5/Attempt 1")
    try FileManager.default.createDirectory(at: attempt, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: markers.appendingPathComponent("xcresult-app-side-diagnostics.log"),
      to: attempt.appendingPathComponent("StandardOutputAndStandardError-com.example.MyApp.txt"))
    try FileManager.default.copyItem(
      at: markers.appendingPathComponent("xcodebuild-test.log"),
      to: attempt.appendingPathComponent("StandardOutputAndStandardError.txt"))
    try Data("not a console\n".utf8).write(to: attempt.appendingPathComponent("session.log"))
  }

  override func tearDown() {
    fixture.remove()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Every occurrence as `identity test`, sorted.
  private func occurrences(_ database: String) throws -> [String] {
    let script = """
      import sqlite3, sys
      for (identity, test) in sqlite3.connect(sys.argv[1]).execute(
          "SELECT identity, coalesce(test, '-') FROM occurrences ORDER BY identity"):
          print(identity, test)
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  func testAFolderStoresWhatItsConsoleFilesConcatenatedStore() throws {
    let ingest = try fixture.lcq(["ingest", "--run-id", "ci-1", folder.path])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    // The two consoles' 4 + 3 messages; the app named by the app side's file.
    XCTAssertTrue(ingest.stderr.contains("ingested 7 blocks"), ingest.stderr)

    // The same files, in the same order (sorted by path: the app side's name sorts first),
    // as one log: the same occurrences, with the same tests.
    let attempt = folder.appendingPathComponent("iPhone 15 - 17.5/Attempt 1")
    var joined = Data()
    for name in [
      "StandardOutputAndStandardError-com.example.MyApp.txt", "StandardOutputAndStandardError.txt",
    ] {
      joined += try Data(contentsOf: attempt.appendingPathComponent(name))
      if joined.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
    }
    let other = try StoreFixture()
    defer { other.remove() }
    let piped = try other.lcq(["ingest", "--run-id", "ci-1", "-"], stdin: joined)
    XCTAssertEqual(piped.status, 0, piped.stderr)
    let fromFolder = try occurrences(fixture.database)
    XCTAssertEqual(fromFolder.count, 6)  // the message cut at the top is kept as a failed block
    XCTAssertEqual(fromFolder, try occurrences(other.database))
    XCTAssertEqual(
      fromFolder.map { String($0.split(separator: " ")[1]) }.sorted(),
      [
        "-", "MyAppTests.LoginTests.testSignIn", "MyAppTests.LoginTests.testSignOut",
        "SmokeTestCase.testOpenTab", "SmokeTestCase.testOpenTab", "SmokeTestCase.testOpenTab",
      ])
    let runs = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["sqlite3", fixture.database, "SELECT app FROM runs"])
    XCTAssertEqual(runs.stdout, "com.example.MyApp\n")

    // Again: nothing new.
    let again = try fixture.lcq(["ingest", "--run-id", "ci-1", folder.path])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(try occurrences(fixture.database), fromFolder)
  }

  func testAFolderWithoutConsoleFilesIsSaid() throws {
    let empty = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let result = try fixture.lcq(["ingest", empty.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "lcq: \(empty.path): is a folder without StandardOutputAndStandardError*.txt files (lcq reads a result "
        + "bundle's exported diagnostics, or log files)\n")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: fixture.database), "nothing to read: no database made")
    // analyze says the same, and reads the rest.
    let analyze = try LCQProcess.run(["analyze", "--format", "json", empty.path, folder.path])
    XCTAssertEqual(analyze.status, 1)
    XCTAssertEqual(analyze.stdout.split(separator: "\n").count, 7)
  }

  /// A result bundle where `xcrun` is not on the PATH (any system but a Mac with Xcode) is said,
  /// with the command to run on a Mac; where it is, its export is read. The `xcrun` here is a
  /// script standing in for Xcode's, writing the files an export writes.
  func testAResultBundleIsExportedWithXcrunOrSaidPlainly() throws {
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let tools = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)

    let without = try LCQProcess.run(
      ["ingest", "--db", fixture.database, bundle.path], environment: ["PATH": tools.path])
    XCTAssertEqual(without.status, 1)
    XCTAssertEqual(
      without.stderr,
      "lcq: \(bundle.path): a result bundle is read with Xcode's xcresulttool, and xcrun is not on this "
        + "machine's PATH; on a Mac, run `xcrun xcresulttool export diagnostics --path \(bundle.path) "
        + "--output-path DIR` and ingest DIR\n")

    let app = LCQProcess.corpus.appendingPathComponent("test-markers/xcresult-app-side-diagnostics.log").path
    let xcrun = tools.appendingPathComponent("xcrun")
    try Data(
      """
      #!/bin/sh
      # xcrun xcresulttool export diagnostics --path BUNDLE --output-path DIR
      [ "$1 $2 $3 $4" = "xcresulttool export diagnostics --path" ] || { echo "unexpected: $*" >&2; exit 2; }
      [ -d "$5" ] || { echo "Error: no result bundle at $5" >&2; exit 1; }
      mkdir -p "$7/Attempt 1" && cp '\(app)' "$7/Attempt 1/StandardOutputAndStandardError-com.example.MyApp.txt"
      """.utf8
    ).write(to: xcrun)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
    let with = try LCQProcess.run(
      ["ingest", "--db", fixture.database, bundle.path], environment: ["PATH": tools.path + ":/usr/bin:/bin"])
    XCTAssertEqual(with.status, 0, with.stderr)
    XCTAssertTrue(with.stderr.contains("ingested 4 blocks"), with.stderr)
    XCTAssertEqual(
      try occurrences(fixture.database).filter { $0.hasSuffix("SmokeTestCase.testOpenTab") }.count, 3)
    // The export's temporary folder is gone.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path
    )
    .filter { $0.hasPrefix("lcq-xcresult-") }
    XCTAssertEqual(left, [])

    // An export that fails says so, with the tool's first line.
    try FileManager.default.createDirectory(
      atPath: folder.appendingPathComponent("Other.xcresult").path, withIntermediateDirectories: true)
    try Data("#!/bin/sh\necho 'Error: the bundle is damaged' >&2\nexit 3\n".utf8).write(to: xcrun)
    let failed = try LCQProcess.run(
      ["ingest", "--db", fixture.database, folder.appendingPathComponent("Other.xcresult").path],
      environment: ["PATH": tools.path + ":/usr/bin:/bin"])
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(
      failed.stderr,
      "lcq: \(folder.appendingPathComponent("Other.xcresult").path): xcresulttool could not export its "
        + "diagnostics (exit 3): Error: the bundle is damaged\n")
  }
}
