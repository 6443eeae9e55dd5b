import Foundation
import LCQEndToEndSupport
import XCTest

/// lcq's verdicts checked by an independent model in z3 (`Tests/Oracle/z3_oracle.py`).
///
/// Needs `python3` with the packages in `Tests/Oracle/requirements.txt` (`.ci/run` installs
/// them); without them the test fails and says so.
final class OracleTests: XCTestCase {
  func testZ3AgreesWithEveryVerdictOnTheCorpus() throws {
    let root = LCQProcess.repositoryRoot
    let corpus = root.appendingPathComponent("Tests/LCQParsingTests/Fixtures/corpus")
    var files: [String] = []
    for folder in ["real", "formats"] {
      let directory = corpus.appendingPathComponent(folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      files += names.filter { $0.hasSuffix(".log") }.sorted().map {
        directory.appendingPathComponent($0).path
      }
    }
    files += DiagnosisFixtures.all
    // AppKit blocks read with the superview flipped and not (undecidable, satisfiable on UIKit,
    // conflict both ways), worked by hand in LayoutModelTests.
    files.append(LCQProcess.fixture("oracle/appkit-flipped-both-ways.log"))
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", root.appendingPathComponent("Tests/Oracle/z3_oracle.py").path, LCQProcess.executable.path]
        + files)
    XCTAssertFalse(
      result.stderr.contains("No module named 'z3'"),
      "install the oracle's packages: pip install -r Tests/Oracle/requirements.txt")
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("; 0 disagreement(s)"), result.stdout)
    XCTAssertTrue(result.stdout.contains(" conflict"), result.stdout)
    XCTAssertFalse(result.stdout.contains(", 0 suggested fixes"), result.stdout)
    XCTAssertFalse(result.stdout.contains(", 0 envelope sizes"), result.stdout)
  }
}
