import Foundation
import LCQAnalysis
import XCTest

@testable import LCQReporting
@testable import LCQStore

/// `lcq check --significance`, worked by hand on a build of 20 runs after one of 20: a new
/// conflict in 1 run (p = 1/2, possibly flaky), a regressed one in 15 (p ≈ 3.9e-7, failing),
/// and one seen in every run of both (neither new nor regressed). The counts come from the
/// store (`CheckSignificanceOnEachEngineTests`); here, what fails and the words.
final class CheckGateTests: XCTestCase {
  private func conflict(_ fingerprint: String, runs: Int, previousRuns: Int, new: Bool, regressed: Bool)
    -> CheckedConflict
  {
    CheckedConflict(
      fingerprint: fingerprint, title: "Card width", status: regressed ? .resolved : .open, occurrences: 3,
      runs: runs, previousRuns: previousRuns, resolvedBuild: regressed ? "7" : nil,
      explanation: "These 2 constraints cannot all hold.", bestFix: "Lower [1] to 999.", isNew: new,
      isRegressed: regressed, isAccepted: false)
  }

  private var result: CheckResult {
    CheckResult(
      scope: .build("101"),
      seen: [
        conflict("v3:aaaa", runs: 1, previousRuns: 0, new: true, regressed: false),
        conflict("v3:bbbb", runs: 15, previousRuns: 0, new: false, regressed: true),
        conflict("v3:cccc", runs: 20, previousRuns: 20, new: false, regressed: false),
      ], runs: 20, previous: .build("100"), previousRuns: 20)
  }

  func testWithoutALevelEveryNewOrRegressedConflictFails() {
    XCTAssertEqual(
      CheckText.failing(result, failOn: [.new, .regressed]).map(\.fingerprint), ["v3:aaaa", "v3:bbbb"])
    XCTAssertEqual(CheckText.possiblyFlaky(result, failOn: [.new, .regressed], significance: nil), [])
  }

  func testWithALevelOnlyChangesBeyondChanceFail() {
    XCTAssertEqual(
      CheckText.failing(result, failOn: [.new, .regressed], significance: 0.05).map(\.fingerprint),
      ["v3:bbbb"])
    XCTAssertEqual(
      CheckText.possiblyFlaky(result, failOn: [.new, .regressed], significance: 0.05).map(\.fingerprint),
      ["v3:aaaa"])
    // --fail-on any is not weighed (the command refuses the pair; the functions agree).
    XCTAssertEqual(CheckText.failing(result, failOn: [.any], significance: 0.05).count, 3)
    XCTAssertEqual(CheckText.possiblyFlaky(result, failOn: [.any], significance: 0.05), [])
  }

  func testTheMarkdownSaysHowManyRunsSawEachAndWhichAreFlaky() {
    XCTAssertEqual(
      CheckText.markdown(result, failOn: [.new, .regressed], significance: 0.05),
      """
      ## lcq check failed: build 101

      1 new, 1 regressed, 3 conflicts seen; failing on new, regressed beyond chance at 0.05.

      ### Regressed

      - **Card width** `v3:bbbb`: 3 occurrences in 15 runs, resolved in build 7
        Seen in 15 of 20 runs of build 101; 0 of 20 runs of build 100 \\(one-sided exact test: p \\< 0.001\\): \
      beyond chance at 0.05.
        These 2 constraints cannot all hold.
        Fix: Lower \\[1\\] to 999.

      ### Possibly flaky (not failing)

      - **Card width** `v3:aaaa`: 3 occurrences in 1 run
        Seen in 1 of 20 runs of build 101; 0 of 20 runs of build 100 \\(one-sided exact test: p = 0.5\\): \
      possibly flaky.
        These 2 constraints cannot all hold.
        Fix: Lower \\[1\\] to 999.

      """)
  }

  func testWithoutALevelTheRunsAreShownWithoutATest() {
    let text = CheckText.markdown(result, failOn: [.new, .regressed])
    XCTAssertTrue(
      text.contains("\n  Seen in 1 of 20 runs of build 101; 0 of 20 runs of build 100.\n"), text)
    XCTAssertFalse(text.contains("flaky"), text)
    let first = CheckResult(scope: .run("job-1"), seen: [result.seen[0]], runs: 1)
    XCTAssertTrue(
      CheckText.markdown(first, failOn: [.new]).contains("Seen in 1 of 1 run of run job-1; no earlier run.\n")
    )
  }

  func testJSONGivesTheCountsTheTestAndTheFlakyList() throws {
    let text = CheckText.json(result, failOn: [.new, .regressed], significance: 0.05)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(json["passed"] as? Bool, false)
    XCTAssertEqual(json["significance"] as? Double, 0.05)
    XCTAssertEqual(json["runs"] as? Int, 20)
    XCTAssertEqual((json["previous"] as? [String: Any])?["build"] as? String, "100")
    XCTAssertEqual(json["previous_runs"] as? Int, 20)
    let flaky = try XCTUnwrap(json["possibly_flaky"] as? [[String: Any]])
    XCTAssertEqual(flaky.map { $0["fingerprint"] as? String }, ["v3:aaaa"])
    XCTAssertEqual(flaky.first?["p_value"] as? Double, 0.5)
    XCTAssertEqual(flaky.first?["possibly_flaky"] as? Bool, true)
    let share = try XCTUnwrap(flaky.first?["share"] as? [String: Any])
    XCTAssertEqual(share["runs"] as? Int, 1)
    XCTAssertEqual(share["of"] as? Int, 20)
    XCTAssertEqual(share["previous_runs"] as? Int, 0)
    XCTAssertEqual(share["previous_of"] as? Int, 20)
    let regressed = try XCTUnwrap((json["regressed"] as? [[String: Any]])?.first)
    XCTAssertEqual(
      try XCTUnwrap(regressed["p_value"] as? Double), 53130.0 / 137_846_528_820.0, accuracy: 1e-15)
    XCTAssertEqual(regressed["possibly_flaky"] as? Bool, false)
    let plain = CheckText.json(result, failOn: [.new, .regressed])
    let without = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
    XCTAssertTrue(without["significance"] is NSNull)
    XCTAssertTrue((without["new"] as? [[String: Any]])?.first?["p_value"] is NSNull)
  }

  func testAnnotationsWarnOnFlakyConflicts() {
    let lines = GitHubAnnotations.text(result, failOn: [.new, .regressed], significance: 0.05)
      .split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(
      lines[0].hasPrefix("::error title=Regressed layout conflict%3A Card width::v3:bbbb:"), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("::warning title=New layout conflict%3A Card width::v3:aaaa:"), lines[1])
    XCTAssertTrue(
      lines[1].contains(
        "%0ASeen in 1 of 20 runs of build 101; 0 of 20 runs of build 100 (one-sided exact test: p = 0.5): possibly flaky.%0A"
      ), lines[1])
    XCTAssertEqual(
      lines[2],
      "::notice title=lcq check::lcq check failed: build 101: 1 new, 1 regressed, 3 seen (1 possibly flaky, not failing)"
    )
  }

  func testSARIFHasFlakyConflictsAsWarnings() throws {
    let text = CheckSARIF.text(result, failOn: [.new, .regressed], significance: 0.05, toolVersion: "1")
    let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    let results = try XCTUnwrap(run["results"] as? [[String: Any]])
    XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning"])
    XCTAssertEqual(
      results.map { ($0["partialFingerprints"] as? [String: Any])?["lcqFingerprint/v1"] as? String },
      ["v3:bbbb", "v3:aaaa"])
    XCTAssertEqual(((results[1]["properties"] as? [String: Any])?["pValue"] as? Double), 0.5)
    XCTAssertEqual((run["properties"] as? [String: Any])?["possiblyFlaky"] as? Int, 1)
  }

  /// Where the tests that ran are known: a conflict logged in the one run of 20 that ran its
  /// test, after 0 of the 20 runs that ran it before, is weighed on those runs: p = C(1,1)·C(20,0)
  /// / C(21,1) = 1/21 ≈ 0.048, beyond chance at 0.05 (on every run, 1 of 20 after 0 of 20 is
  /// p = 1/2). A test that did not run before leaves every run weighed: 20 of 20 after 0 of 20
  /// is p = 1/C(40,20).
  func testWhereTheTestsThatRanAreKnownTheirRunsAreWeighed() throws {
    var sharded = conflict("v3:aaaa", runs: 1, previousRuns: 0, new: true, regressed: false)
    sharded.test = "LoginTests.testSignIn"
    sharded.testShare = RunShare(runs: 1, of: 1, previousRuns: 0, previousOf: 20)
    var notBefore = conflict("v3:dddd", runs: 20, previousRuns: 0, new: true, regressed: false)
    notBefore.test = "FeedTests.testScroll"
    notBefore.testShare = RunShare(runs: 20, of: 20, previousRuns: 0, previousOf: 0)
    let result = CheckResult(
      scope: .build("101"), seen: [sharded, notBefore], runs: 20, previous: .build("100"), previousRuns: 20)
    XCTAssertEqual(
      CheckText.failing(result, failOn: [.new], significance: 0.05).map(\.fingerprint),
      ["v3:aaaa", "v3:dddd"])
    XCTAssertEqual(
      CheckText.shareLine(sharded, in: result, significance: 0.05),
      "seen in 1 of 20 runs of build 101; 0 of 20 runs of build 100; in test LoginTests.testSignIn: 1 of 1 run "
        + "that ran it, 0 of 20 in build 100 (one-sided exact test on the runs that ran LoginTests.testSignIn: "
        + "p = 0.048): beyond chance at 0.05")
    XCTAssertEqual(
      CheckText.shareLine(notBefore, in: result, significance: 0.05),
      "seen in 20 of 20 runs of build 101; 0 of 20 runs of build 100; in test FeedTests.testScroll: 20 of 20 "
        + "runs that ran it, none ran it in build 100 (one-sided exact test: p < 0.001): beyond chance at 0.05"
    )
    var unknown = sharded
    unknown.testShare = nil
    let withoutTests = CheckResult(
      scope: .build("101"), seen: [unknown], runs: 20, previous: .build("100"), previousRuns: 20)
    XCTAssertEqual(
      CheckText.possiblyFlaky(withoutTests, failOn: [.new], significance: 0.05).map(\.fingerprint),
      ["v3:aaaa"])
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(CheckText.json(result, failOn: [.new], significance: 0.05).utf8)) as? [String: Any])
    let first = try XCTUnwrap((json["new"] as? [[String: Any]])?.first)
    let testShare = try XCTUnwrap(first["test_share"] as? [String: Any])
    XCTAssertEqual(testShare["runs"] as? Int, 1)
    XCTAssertEqual(testShare["of"] as? Int, 1)
    XCTAssertEqual(testShare["previous_of"] as? Int, 20)
    XCTAssertEqual(try XCTUnwrap(first["p_value"] as? Double), 1.0 / 21.0, accuracy: 1e-12)
  }

  func testPValuesAndLevelsAreWrittenPlainly() {
    XCTAssertEqual(Wording.pValue(0.5), "p = 0.5")
    XCTAssertEqual(Wording.pValue(8008.0 / 184_756.0), "p = 0.043")
    XCTAssertEqual(Wording.pValue(0.0004), "p < 0.001")
    XCTAssertEqual(Wording.pValue(1), "p = 1")
    XCTAssertEqual(Wording.decimal(0.05), "0.05")
    XCTAssertEqual(Wording.decimal(0.001), "0.001")
  }
}
