import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq check`, the CI gate, on two builds where the second adds a conflict.
final class CheckCommandTests: XCTestCase {
  var fixture: StoreFixture!
  let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
  let selfSizing = LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log").path
  let selfSizingFingerprint = "v3:57193f803811f222"

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "100", example]).status, 0)
  }

  override func tearDown() {
    fixture.remove()
  }

  func testASecondBuildThatAddsAConflictFails() throws {
    let first = try fixture.lcq(["check", "--build", "100"])
    XCTAssertEqual(first.status, 1, "every conflict of the first build is new without a baseline")
    XCTAssertTrue(
      first.stdout.hasPrefix("## lcq check failed: build 100\n\n7 new, 0 regressed"), first.stdout)

    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "101", selfSizing]).status, 0)
    // The newest run's build is checked by default.
    let second = try fixture.lcq(["check"])
    XCTAssertEqual(second.status, 1, second.stderr)
    XCTAssertTrue(second.stdout.contains("## lcq check failed: build 101"), second.stdout)
    XCTAssertTrue(
      second.stdout.contains(
        "### New\n\n- **ThumbnailView height vs cell height** `\(selfSizingFingerprint)`: 1 occurrence in 1 run"
      ), second.stdout)
    XCTAssertTrue(second.stdout.contains("  Fix: Lower \\[1\\]"), second.stdout)
    XCTAssertEqual(try fixture.lcq(["check", "--build", "100", "--fail-on", "regressed"]).status, 0)
  }

  func testABaselineAcceptsTodaysConflicts() throws {
    let baseline = fixture.folder.appendingPathComponent("baseline.txt").path
    let write = try fixture.lcq(["check", "--build", "100", "--write-baseline", baseline])
    XCTAssertEqual(write.status, 0, write.stderr)
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    XCTAssertEqual(text.split(separator: "\n").count, 8)  // a comment and seven fingerprints
    XCTAssertTrue(text.contains("\(StoreFixture.conflictA)  # "), text)

    let accepted = try fixture.lcq(["check", "--build", "100", "--baseline", baseline, "--fail-on", "any"])
    XCTAssertEqual(accepted.status, 0, accepted.stdout)
    XCTAssertTrue(accepted.stdout.contains("(7 ignored or in the baseline)"), accepted.stdout)

    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "101", selfSizing, example]).status, 0)
    let json = try fixture.lcq(["check", "--baseline", baseline, "--format", "json"])
    XCTAssertEqual(json.status, 1)
    let answer = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(answer["passed"] as? Bool, false)
    XCTAssertEqual(
      (answer["new"] as? [[String: Any]])?.compactMap { $0["fingerprint"] as? String },
      [selfSizingFingerprint])
  }

  func testAResolvedConflictSeenAgainRegresses() throws {
    XCTAssertEqual(try fixture.lcq(["resolve", StoreFixture.conflictA, "--in-build", "101"]).status, 0)
    // The same conflict logged again, later, by build 102.
    let later = fixture.folder.appendingPathComponent("later.log")
    let text = try String(contentsOfFile: example, encoding: .utf8).replacingOccurrences(
      of: "2024-", with: "2025-")
    try Data(text.utf8).write(to: later)
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "102", later.path]).status, 0)
    let check = try fixture.lcq(["check", "--build", "102", "--format", "json"])
    XCTAssertEqual(check.status, 1, check.stderr)
    let answer = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let regressed = try XCTUnwrap(answer["regressed"] as? [[String: Any]])
    XCTAssertEqual(regressed.compactMap { $0["fingerprint"] as? String }, [StoreFixture.conflictA])
    XCTAssertEqual(regressed.first?["resolved_build"] as? String, "101")
    XCTAssertEqual((answer["new"] as? [Any])?.count, 0)
    XCTAssertEqual(try fixture.lcq(["check", "--build", "102", "--fail-on", "new"]).status, 0)
    // Resolved in 102 itself, and seen in 102: still a regression ("at or before the build").
    XCTAssertEqual(try fixture.lcq(["resolve", StoreFixture.conflictA, "--in-build", "102"]).status, 0)
    let same = try fixture.lcq(["check", "--build", "102", "--format", "json"])
    XCTAssertEqual(same.status, 1, same.stdout)
    let again = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(
      (again["regressed"] as? [[String: Any]])?.compactMap { $0["fingerprint"] as? String },
      [StoreFixture.conflictA])
  }

  /// `--significance`: build 101 has four runs, one of them with the self-sizing cell's
  /// conflict, after build 100's one run without it: 1 of 4 after 0 of 1 has p =
  /// C(1,1)·C(4,3)/C(5,4) = 4/5, so the new conflict is possibly flaky and the check passes;
  /// without the level it fails, as for one run per build.
  func testALevelLetsAChangeWithinChancePassAndSaysSo() throws {
    let clean = fixture.folder.appendingPathComponent("clean.log")
    try Data("App launched\n".utf8).write(to: clean)
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "101", "--run-id", "a", selfSizing]).status, 0)
    for run in ["b", "c", "d"] {
      XCTAssertEqual(try fixture.lcq(["ingest", "--build", "101", "--run-id", run, clean.path]).status, 0)
    }
    let strict = try fixture.lcq(["check", "--build", "101"])
    XCTAssertEqual(strict.status, 1, strict.stdout)
    XCTAssertTrue(
      strict.stdout.contains("\n  Seen in 1 of 4 runs of build 101; 0 of 1 run of build 100.\n"),
      strict.stdout)
    let weighed = try fixture.lcq(["check", "--build", "101", "--significance", "0.05"])
    XCTAssertEqual(weighed.status, 0, weighed.stdout)
    XCTAssertTrue(weighed.stdout.hasPrefix("## lcq check passed: build 101\n"), weighed.stdout)
    XCTAssertTrue(
      weighed.stdout.contains(
        "### Possibly flaky (not failing)\n\n- **ThumbnailView height vs cell height** `\(selfSizingFingerprint)`"
      ),
      weighed.stdout)
    XCTAssertTrue(
      weighed.stdout.contains(
        "  Seen in 1 of 4 runs of build 101; 0 of 1 run of build 100 \\(one-sided exact test: p = 0.8\\): possibly flaky.\n"
      ), weighed.stdout)

    for (level, words) in [
      ("1.5", "--significance must be between 0 and 1 (such as 0.05), not 1.5"),
      ("0", "--significance must be between 0 and 1 (such as 0.05), not 0.0"),
    ] {
      let refused = try fixture.lcq(["check", "--significance", level])
      XCTAssertEqual(refused.status, 2, refused.stderr)
      XCTAssertTrue(refused.stderr.contains(words), refused.stderr)
    }
    let any = try fixture.lcq(["check", "--significance", "0.05", "--fail-on", "any"])
    XCTAssertEqual(any.status, 2, any.stderr)
    XCTAssertTrue(any.stderr.contains("--fail-on any fails on every one"), any.stderr)
  }

  /// `lcq quiet --builds 3 --significance 0.05`: build 100's seven conflicts, each in its one
  /// run, are not seen in builds 101 to 103 (one clean run each), but that is no proof they
  /// stopped: C(1,1)/C(4,1) = 1/4 > 0.05 for each, so none is listed, and stderr says why.
  func testQuietWithALevelNeedsEnoughRunsSince() throws {
    let clean = fixture.folder.appendingPathComponent("clean.log")
    try Data("App launched\n".utf8).write(to: clean)
    for build in ["101", "102", "103"] {
      XCTAssertEqual(try fixture.lcq(["ingest", "--build", build, "--run-id", build, clean.path]).status, 0)
    }
    XCTAssertEqual(try fixture.rows(["quiet", "--builds", "3"]).count, 7)
    let weighed = try fixture.lcq(["quiet", "--builds", "3", "--significance", "0.05", "--format", "json"])
    XCTAssertEqual(weighed.status, 0, weighed.stderr)
    XCTAssertTrue(weighed.stdout.contains("\"conflicts\":[]"), weighed.stdout)
    XCTAssertTrue(
      weighed.stderr.contains(
        "lcq: 7 conflicts not seen in the newest builds left out: too few runs since to tell them from chance"
      ),
      weighed.stderr)
    let alone = try fixture.lcq(["quiet", "--significance", "0.05"])
    XCTAssertEqual(alone.status, 64, "a usage error, as quiet's other options")
    XCTAssertTrue(
      alone.stderr.contains("--significance weighs the runs of --builds N; give both"), alone.stderr)
  }

  func testUsageAndDatabaseErrorsExitWithTwo() throws {
    let wrong = try fixture.lcq(["check", "--fail-on", "sometimes"])
    XCTAssertEqual(wrong.status, 2)
    XCTAssertTrue(
      wrong.stderr.contains("--fail-on: 'sometimes' is not one of new, regressed, any"), wrong.stderr)
    XCTAssertEqual(try fixture.lcq(["check", "--build", "1", "--run-id", "x"]).status, 2)
    let missing = try LCQProcess.run(
      ["check", "--db", fixture.folder.appendingPathComponent("none/lcq.sqlite").path],
      environment: StoreFixture.environment)
    XCTAssertEqual(missing.status, 2, missing.stderr)
    let noBaseline = try fixture.lcq(["check", "--baseline", "/nonexistent/baseline.txt"])
    XCTAssertEqual(noBaseline.status, 2)
    XCTAssertTrue(
      noBaseline.stderr.contains("/nonexistent/baseline.txt: the baseline does not exist"), noBaseline.stderr)
  }
}
