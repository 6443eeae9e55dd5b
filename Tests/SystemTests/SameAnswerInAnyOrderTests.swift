import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// The same logs give byte-identical answers whatever order they are ingested in: forward or
/// reversed into an SQLite file, and by eight ingesters at once into the team store. Ties (a
/// conflict seen at the same second in two builds, unreadable blocks of the same second) are
/// broken by what the rows hold, never by which runner stored them first (docs/store.md,
/// "Ties").
final class SameAnswerInAnyOrderTests: XCTestCase {
  /// Blocks without a logged time take this time, the same in every run and store: most real
  /// logs are pasted without one, so their conflicts tie at this second across builds.
  private let ingestTime = ["--ingest-time", "2026-11-20T10:00:00Z"]
  private let window = ["--since", "2000-01-01", "--until", "2026-11-25T00:00:00Z"]

  /// Each real corpus log as a run of its own, with its own run id and one of five builds,
  /// three devices and two OS versions.
  private func runs() throws -> [[String]] {
    try LCQProcess.corpusLogs().filter { $0.contains("/real/") }.enumerated().map { index, log in
      [
        "--run-id", "r\(index)", "--build", "\(100 + index % 5)", "--device", "iPhone\(index % 3)",
        "--os-version", "17.\(index % 2)", "--app", "Demo", log,
      ] + ingestTime
    }
  }

  private func ingest(_ runs: some Sequence<[String]>, into db: String) throws {
    for run in runs {
      let ingest = try LCQProcess.run(["ingest", "--db", db] + run)
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
    }
  }

  /// The same changes of status in every store: the most frequent conflict resolved in the
  /// first build (so later runs regress it), the next ignored.
  private func settle(_ db: String) throws {
    let fingerprints = try LCQProcess.topFingerprints(["--db", db] + window)
    XCTAssertGreaterThan(fingerprints.count, 2)
    XCTAssertEqual(
      try LCQProcess.run(["resolve", fingerprints[0], "--in-build", "100", "--db", db]).status, 0)
    XCTAssertEqual(try LCQProcess.run(["ignore", fingerprints[1], "--db", db]).status, 0)
  }

  /// What the issue names: `top`, `top --by devices`, `trend`, `new`, `regressed`, `quiet` and
  /// the report, with the table and Markdown forms of some.
  private var commands: [[String]] {
    [
      ["top", "--limit", "500", "--format", "json"] + window, ["top", "--limit", "500"] + window,
      ["top", "--by", "devices", "--owner", "all", "--limit", "500", "--format", "json"] + window,
      ["trend", "--by", "build", "--format", "json"] + window, ["trend", "--format", "json"] + window,
      ["new", "--format", "json"] + window, ["new", "--since-build", "102", "--format", "json"],
      ["regressed", "--format", "json"] + window, ["quiet", "--for", "1d", "--format", "json"],
      ["quiet", "--builds", "2", "--format", "json"], ["report", "--format", "json"] + window,
      ["report", "--format", "markdown"] + window,
    ]
  }

  private func assertSameAnswers(_ first: String, _ second: String) throws {
    for arguments in commands {
      let one = try LCQProcess.run(arguments + ["--db", first])
      let other = try LCQProcess.run(arguments + ["--db", second])
      XCTAssertEqual(one.status, 0, "\(arguments): \(one.stderr)")
      XCTAssertEqual(one.status, other.status, "\(arguments)")
      if one.stdout != other.stdout {
        XCTFail("\(arguments): \(Self.firstDifference(one.stdout, other.stdout))")
      }
    }
  }

  /// Where two outputs part: the first differing line of each (cut to 300 characters), or
  /// their lengths when one is the start of the other.
  private static func firstDifference(_ one: String, _ other: String) -> String {
    let first = one.split(separator: "\n", omittingEmptySubsequences: false)
    let second = other.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (a, b)) in zip(first, second).enumerated() where a != b {
      let (x, y) = (Array(a), Array(b))
      let start = zip(x, y).prefix { $0 == $1 }.count
      let from = max(0, start - 100)
      return "line \(index + 1), from character \(from): «\(String(x[from..<min(x.count, from + 300)]))» "
        + "against «\(String(y[from..<min(y.count, from + 300)]))»"
    }
    return "\(first.count) lines against \(second.count)"
  }

  func testForwardAndReversedIngestsAnswerAlike() throws {
    let fixture = try StoreFixture()
    defer { fixture.remove() }
    let forward = fixture.folder.appendingPathComponent("forward.sqlite").path
    let reversed = fixture.folder.appendingPathComponent("reversed.sqlite").path
    let runs = try runs()
    XCTAssertGreaterThan(runs.count, 100)
    try ingest(runs, into: forward)
    try ingest(runs.reversed(), into: reversed)
    try settle(forward)
    try settle(reversed)
    // The regressed list is not empty: the comparison meets the rule.
    let regressed = try LCQProcess.run(["regressed", "--db", forward, "--format", "json"] + window)
    XCTAssertTrue(regressed.stdout.contains("\"fingerprint\""), regressed.stdout)
    try assertSameAnswers(forward, reversed)
  }

  #if TeamStore
    func testEightIngestersAtOnceIntoTheTeamStoreAnswerAsOneIntoTheFile() throws {
      let url = try PostgresTestServer.shared().makeDatabase()
      let fixture = try StoreFixture()
      defer { fixture.remove() }
      let file = fixture.folder.appendingPathComponent("one.sqlite").path
      let runs = try runs()
      try ingest(runs, into: file)
      let results = ResultList()
      DispatchQueue.concurrentPerform(iterations: 8) { ingester in
        // Ingester k takes every eighth run from the end, so runs meet in another order.
        for run in runs.reversed().enumerated().filter({ $0.offset % 8 == ingester }).map(\.element) {
          results.append(Result { try LCQProcess.run(["ingest", "--db", url] + run) })
        }
      }
      XCTAssertEqual(results.all.count, runs.count)
      for result in results.all {
        let run = try result.get()
        XCTAssertEqual(run.status, 0, run.stderr)
      }
      try settle(file)
      try settle(url)
      try assertSameAnswers(file, url)
    }
  #endif
}
