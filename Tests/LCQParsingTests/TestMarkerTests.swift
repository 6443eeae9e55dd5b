import XCTest

@testable import LCQParsing

/// Which test each message came from, as the test runners' markers say (`Fixtures/corpus/test-markers`:
/// the app-side console of an `.xcresult` bundle, a real sample, and files written from the
/// documented forms). The expected names are read off the files by hand.
final class TestMarkerTests: XCTestCase {
  /// Each fixture scanned whole and in small pieces gives its messages the same tests.
  private func tests(_ name: String) -> [String?] {
    let bytes = CorpusFixtures.bytes("test-markers/\(name)")
    let whole = CorpusFixtures.scan(bytes, file: name).blocks.map(\.source.test)
    for size in [1, 7, 64, 333] {
      XCTAssertEqual(
        CorpusFixtures.scan(bytes, file: name, chunkSize: size).blocks.map(\.source.test), whole,
        "\(name) in pieces of \(size) bytes")
    }
    return whole
  }

  func testTheXcresultAppSideConsoleGivesEachMessageItsTest() {
    // The file starts inside a message (its list lost): that block is kept, marked, with no
    // test; the three messages after `Starting test: -[SmokeTestCase testOpenTab]` are its.
    let blocks = CorpusFixtures.blocks("test-markers/xcresult-app-side-diagnostics.log")
    XCTAssertEqual(blocks.count, 4)
    XCTAssertEqual(blocks[0].header, .recoveryOnly)
    XCTAssertEqual(blocks[0].source.line, 1)
    XCTAssertEqual(
      tests("xcresult-app-side-diagnostics.log"),
      [nil, "SmokeTestCase.testOpenTab", "SmokeTestCase.testOpenTab", "SmokeTestCase.testOpenTab"])
  }

  func testXcodebuildsMarkersNameTheTestAndNothingBetweenTests() {
    // A message between two tests has none; a parallel clone's end line ends nothing running.
    XCTAssertEqual(
      tests("xcodebuild-test.log"),
      ["MyAppTests.LoginTests.testSignIn", nil, "MyAppTests.LoginTests.testSignOut"])
  }

  func testLinuxXCTestMarkersNameTheTest() {
    XCTAssertEqual(tests("linux-xctest.log"), ["LoginTests.testSignIn", nil])
  }

  func testSwiftTestingGivesATestOnlyWhileOneRuns() {
    // signIn() alone; then "Signs out" too (two running: no test); "Signs out" alone once
    // signIn() passed (an issue recorded does not end it); then none.
    XCTAssertEqual(tests("swift-testing.log"), ["signIn()", nil, "\"Signs out\"", nil])
  }

  func testARelaunchEndsTheTestUntilTheNextMarker() {
    // After the app is launched again, its messages belong to no test until `Starting test:`
    // names one: the relaunch may be the next test's, after a crash.
    XCTAssertEqual(
      tests("relaunch.log"), ["LoginUITests.testSignIn", nil, "LoginUITests.testSignOut"])
  }

  func testAnAppsNextStartingTestEndsTheTestBefore() {
    // The same console without the relaunches (a UI test framework that runs every test in one
    // app process): the second message is still testSignIn's, and the third testSignOut's alone,
    // as `Starting test:` has no end marker and runs until the next one.
    let text = String(decoding: CorpusFixtures.bytes("test-markers/relaunch.log"), as: UTF8.self)
    let oneProcess = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("Standard output and standard error from ") }.joined(separator: "\n")
    XCTAssertEqual(
      CorpusFixtures.scan(Array(oneProcess.utf8), file: "one-process.log").blocks.map(\.source.test),
      ["LoginUITests.testSignIn", "LoginUITests.testSignIn", "LoginUITests.testSignOut"])
  }

  func testMarkerLinesAreReadAsPrinted() {
    func read(_ line: String) -> TestMarker? { TestMarker.read(Array(line.utf8)[...]) }
    XCTAssertEqual(read("Test Case '-[A.B testC]' started."), .started("A.B.testC"))
    XCTAssertEqual(read("Test Case '-[A.B testC]' passed (0.1 seconds).\r"), .ended("A.B.testC"))
    XCTAssertEqual(read("Test Case 'B.testC' skipped (0.001 seconds)"), .ended("B.testC"))
    XCTAssertEqual(read("Starting test: -[B testC]"), .startedInApp("B.testC"))
    XCTAssertEqual(read("◇ Test c() started."), .started("c()"))
    XCTAssertEqual(read("➜ Test c() skipped."), .ended("c()"))
    XCTAssertNil(read("✘ Test c() recorded an issue at A.swift:1:1: Expectation failed"))
    XCTAssertNil(read("Test Suite 'B' started at 2024-03-05 14:10:01.000"))
    XCTAssertNil(read("◇ Test run started."))
    XCTAssertNil(read("Standard output and standard error from"))
    XCTAssertNil(read("  Test Case '-[A.B testC]' started."))
  }
}
