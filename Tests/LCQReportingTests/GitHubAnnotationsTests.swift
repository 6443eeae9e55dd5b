import LCQAnalysis
import XCTest

@testable import LCQReporting
@testable import LCQStore

/// `lcq check --format github`, worked by hand: the workflow commands' escapes, and the lines of
/// a check with a new conflict that has a file, a regressed one that has none, and an accepted
/// one that is not printed.
final class GitHubAnnotationsTests: XCTestCase {
  func testMessagesEscapePercentAndLineFeedsAndSpellOutControls() {
    XCTAssertEqual(GitHubAnnotations.escapedMessage("50% of it"), "50%25 of it")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("one\ntwo"), "one%0Atwo")
    // A label cannot end the line and start a command of its own, with LF, CR or CRLF.
    XCTAssertEqual(GitHubAnnotations.escapedMessage("x\n::add-mask::y"), "x%0A::add-mask::y")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("x\r::warning::y"), "x\\u{D}::warning::y")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("x\r\ny"), "x\\u{D}%0Ay")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("\u{1B}]52;c;aGk=\u{07}"), "\\u{1B}]52;c;aGk=\\u{7}")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("a\u{202E}b"), "a\\u{202E}b")
    XCTAssertEqual(GitHubAnnotations.escapedMessage("%0A"), "%250A")
  }

  func testPropertiesAlsoEscapeColonAndCommaOnOneLine() {
    XCTAssertEqual(GitHubAnnotations.escapedProperty("Sources/A,B.swift"), "Sources/A%2CB.swift")
    XCTAssertEqual(GitHubAnnotations.escapedProperty("New: x"), "New%3A x")
    XCTAssertEqual(GitHubAnnotations.escapedProperty("a\nb%"), "a b%25")
  }

  private func conflict(
    _ fingerprint: String, title: String, new: Bool, regressed: Bool = false, accepted: Bool = false,
    files: [String]? = nil, line: Int? = nil
  ) -> CheckedConflict {
    CheckedConflict(
      fingerprint: fingerprint, title: title, status: regressed ? .resolved : .open, occurrences: 3, runs: 2,
      resolvedBuild: regressed ? "7" : nil,
      explanation: "These 2 constraints cannot all hold.\n[1] A: width = 10",
      bestFix: "Lower [1] to 999.", isNew: new, isRegressed: regressed, isAccepted: accepted,
      codeOwnership: files.map { CodeOwnership(sourceFiles: $0, owners: ["@acme/ui"], firstLine: line) })
  }

  func testEachFailingConflictIsAnErrorOnItsFirstFileThenTheVerdict() {
    let result = CheckResult(
      scope: .build("9"),
      seen: [
        conflict(
          "v3:aaaa", title: "Card width", new: true, files: ["Sources/Card.swift", "Sources/Other.swift"],
          line: 12),
        conflict("v3:bbbb", title: "Row, top", new: false, regressed: true),
        conflict("v3:cccc", title: "Accepted", new: true, accepted: true),
      ], runs: 4, previous: .build("8"), previousRuns: 3)
    XCTAssertEqual(
      GitHubAnnotations.text(result, failOn: [.new, .regressed]),
      """
      ::error file=Sources/Card.swift,line=12,title=New layout conflict%3A Card width::v3:aaaa: 3 occurrences in 2 runs\
      %0ASeen in 2 of 4 runs of build 9; 0 of 3 runs of build 8.%0AThese 2 constraints cannot all hold.%0A[1] A: width = 10%0AFix: Lower [1] to 999.\
      %0AOwners: @acme/ui · Files: Sources/Card.swift, Sources/Other.swift
      ::error title=Regressed layout conflict%3A Row%2C top::v3:bbbb: 3 occurrences in 2 runs, resolved in build 7\
      %0ASeen in 2 of 4 runs of build 9; 0 of 3 runs of build 8.%0AThese 2 constraints cannot all hold.%0A[1] A: width = 10%0AFix: Lower [1] to 999.
      ::notice title=lcq check::lcq check failed: build 9: 1 new, 1 regressed, 3 seen

      """)
    XCTAssertEqual(
      GitHubAnnotations.text(CheckResult(scope: .run("job-1"), seen: []), failOn: [.new]),
      "::notice title=lcq check::lcq check passed: run job-1: 0 new, 0 regressed, 0 seen\n")
  }
}
