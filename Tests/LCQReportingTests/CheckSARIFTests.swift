import Foundation
import LCQAnalysis
import XCTest

@testable import LCQReporting
@testable import LCQStore

/// `lcq check --format sarif`, worked by hand: which conflicts become results, under which
/// rule, where, and with which fingerprint and words. The log's validity against the SARIF
/// 2.1.0 schema and a real consumer's reading are checked end to end (`OwnersCommandTests`).
final class CheckSARIFTests: XCTestCase {
  private func conflict(
    _ fingerprint: String, new: Bool, regressed: Bool = false, accepted: Bool = false, files: [String]? = nil,
    line: Int? = nil, fix: String? = "Lower [1] to 999."
  ) -> CheckedConflict {
    CheckedConflict(
      fingerprint: fingerprint, title: "Card width", status: regressed ? .resolved : .open, occurrences: 3,
      runs: 2, resolvedBuild: regressed ? "7" : nil, explanation: "These 2 constraints cannot all hold.",
      bestFix: fix, isNew: new, isRegressed: regressed, isAccepted: accepted,
      codeOwnership: files.map { CodeOwnership(sourceFiles: $0, owners: ["@acme/ui"], firstLine: line) })
  }

  private func results(_ result: CheckResult, failOn: Set<CheckText.Failure>) throws -> [[String: Any]] {
    let text = CheckSARIF.text(result, failOn: failOn, toolVersion: "9.9.9")
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(log["version"] as? String, "2.1.0")
    let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    XCTAssertEqual(driver["name"] as? String, "lcq")
    XCTAssertEqual(driver["version"] as? String, "9.9.9")
    let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
    XCTAssertEqual(
      rules.map { $0["id"] as? String },
      ["lcq/new-conflict", "lcq/regressed-conflict", "lcq/unaccepted-conflict"])
    return try XCTUnwrap(run["results"] as? [[String: Any]])
  }

  func testANewConflictWithAFileIsAnErrorAtItsLineWithItsFingerprintAndFix() throws {
    let result = CheckResult(
      scope: .build("9"),
      seen: [
        conflict("v3:aaaa", new: true, files: ["App/Card.swift", "App/Other.swift"], line: 12),
        conflict("v3:cccc", new: true, accepted: true, files: ["App/Accepted.swift"], line: 1),
      ], runs: 2)
    let found = try results(result, failOn: [.new, .regressed])
    XCTAssertEqual(found.count, 1)
    let first = try XCTUnwrap(found.first)
    XCTAssertEqual(first["ruleId"] as? String, "lcq/new-conflict")
    XCTAssertEqual(first["ruleIndex"] as? Int, 0)
    XCTAssertEqual(first["level"] as? String, "error")
    XCTAssertEqual(
      (first["message"] as? [String: Any])?["text"] as? String,
      "New layout conflict: Card width (v3:aaaa, 3 occurrences in 2 runs)\n"
        + "Seen in 2 of 2 runs of build 9; no earlier build.\nThese 2 constraints cannot all hold.\n"
        + "Fix: Lower [1] to 999.")
    let location = try XCTUnwrap(
      (first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "App/Card.swift")
    XCTAssertEqual((location["region"] as? [String: Any])?["startLine"] as? Int, 12)
    XCTAssertEqual(
      (first["partialFingerprints"] as? [String: Any])?["lcqFingerprint/v1"] as? String, "v3:aaaa")
    let properties = try XCTUnwrap(first["properties"] as? [String: Any])
    XCTAssertEqual(properties["provenFix"] as? String, "Lower [1] to 999.")
    XCTAssertEqual(properties["codeOwners"] as? [String], ["@acme/ui"])
  }

  /// A regressed conflict without a file belongs to the run: no location; one with a file but
  /// no known line is placed on the file alone.
  func testARegressedConflictWithoutAFileHasNoLocationAndAFileWithoutALineNoRegion() throws {
    let result = CheckResult(
      scope: .run("job-3"),
      seen: [
        conflict("v3:bbbb", new: false, regressed: true, fix: nil),
        conflict("v3:dddd", new: false, regressed: true, files: ["My Views/Row#2.swift"]),
      ], runs: 2, previous: .run("job-2"), previousRuns: 1)
    let found = try results(result, failOn: [.regressed])
    XCTAssertEqual(
      found.map { $0["ruleId"] as? String }, ["lcq/regressed-conflict", "lcq/regressed-conflict"])
    XCTAssertEqual(found.map { $0["ruleIndex"] as? Int }, [1, 1])
    XCTAssertNil(found[0]["locations"])
    XCTAssertEqual(
      (found[0]["message"] as? [String: Any])?["text"] as? String,
      "Regressed layout conflict: Card width (v3:bbbb, 3 occurrences in 2 runs, resolved in build 7)\n"
        + "Seen in 2 of 2 runs of run job-3; 0 of 1 run of run job-2.\nThese 2 constraints cannot all hold.")
    XCTAssertEqual((found[0]["properties"] as? [String: Any])?["resolvedBuild"] as? String, "7")
    let location = try XCTUnwrap(
      (found[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    XCTAssertEqual(
      (location["artifactLocation"] as? [String: Any])?["uri"] as? String, "My%20Views/Row%232.swift")
    XCTAssertNil(location["region"])
  }

  /// A passing check has no result (code scanning closes the alerts of fixed conflicts), and
  /// `--fail-on any` reports the conflicts neither new nor regressed under their own rule.
  func testAPassingCheckHasNoResultAndFailOnAnyHasItsOwnRule() throws {
    let seen = [conflict("v3:eeee", new: false, files: ["A.swift"], line: 3)]
    XCTAssertEqual(try results(CheckResult(scope: .build("9"), seen: seen), failOn: [.new]).count, 0)
    let any = try results(CheckResult(scope: .build("9"), seen: seen), failOn: [.any])
    XCTAssertEqual(any.map { $0["ruleId"] as? String }, ["lcq/unaccepted-conflict"])
    XCTAssertEqual(any.map { $0["ruleIndex"] as? Int }, [2])
  }

  func testPathsArePercentEncodedAsURIReferences() {
    XCTAssertEqual(CheckSARIF.uriReference("App/Cells/Card.swift"), "App/Cells/Card.swift")
    XCTAssertEqual(CheckSARIF.uriReference("a b/c%d?e#f.m"), "a%20b/c%25d%3Fe%23f.m")
    XCTAssertEqual(CheckSARIF.uriReference("Ünïcode.swift"), "%C3%9Cn%C3%AFcode.swift")
  }
}
