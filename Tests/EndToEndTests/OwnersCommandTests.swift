import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq ingest --source-root` on a small app tree (`Fixtures/owners-app`: Swift and Objective-C
/// files, two files with one name, an Objective-C category, and a CODEOWNERS with overlapping
/// patterns and a line GitHub does not read), worked out by hand:
///
/// - the input bar's five conflicts name `InputAccessoryViewTest.MessageInputBar`, declared in
///   `Chat/MessageInputBar.swift`; `/Chat/` gives `@acme/chat`;
/// - B names `DuckDuckGo.UnifiedToggleInputToolbarView`, in `Browser/…`; `Browser/**/*.swift`
///   gives `@acme/browser` and `dev@example.com`;
/// - A names only UIKit's classes: no file, no owner;
/// - 012's SnapKit conflict (undecidable: its whole list is described) names `CCBaseCell.swift`,
///   then `CCTargetCells.swift` (two files so named, both listed), then
///   `NSKVONotifying_LQRoundedCornerView`, declared in `Legacy/LQRoundedCornerView.h` and `.m`
///   (not in the `+Shadow` category's file). Owners in file order: `Shared/Cells/` gives
///   `@acme/cells @alice`; `Shared/Cells/Generated/` nobody; the header only `*`'s `@acme/ios`;
///   the `.m` `*.m`'s `@acme/objc-guild`.
final class OwnersCommandTests: XCTestCase {
  var fixture: StoreFixture!
  let app = LCQProcess.fixture("owners-app")
  static let snapKitConflict = "v3:5480f8580ad52d21"
  static let inputBar = [
    "v3:4e089a8247724b4f", "v3:33dc5539dffc0930", "v3:1203a5bff69755e6", "v3:edcb6572913ed68f",
    "v3:d582a12a0e6947d7",
  ]

  override func setUpWithError() throws {
    fixture = try StoreFixture()
    let result = try fixture.lcq(
      [
        "ingest", "--build", "100", "--run-id", "run-1", "--source-root", app,
        LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path,
        LCQProcess.corpusFile("012"),
      ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "lcq: \(app)/.github/CODEOWNERS:10:1: negated pattern '!Shop/': GitHub's CODEOWNERS does not support '!'; line skipped"
      ), result.stderr)
  }

  override func tearDown() { fixture.remove() }

  private func owners(_ rows: [[String: Any]]) -> [String: [[String]]] {
    Dictionary(
      uniqueKeysWithValues: rows.map {
        (
          $0["fingerprint"] as? String ?? "",
          [$0["code_owners"] as? [String] ?? ["null"], $0["source_files"] as? [String] ?? ["null"]]
        )
      })
  }

  func testEachConflictGetsTheFilesAndOwnersWorkedOutByHand() throws {
    let found = owners(try fixture.rows(["top"]))
    var expected: [String: [[String]]] = [
      StoreFixture.conflictA: [[], []],
      StoreFixture.conflictB: [
        ["@acme/browser", "dev@example.com"], ["Browser/UnifiedToggleInputToolbarView.swift"],
      ],
      Self.snapKitConflict: [
        ["@acme/cells", "@alice", "@acme/ios", "@acme/objc-guild"],
        [
          "Shared/Cells/CCBaseCell.swift", "Shared/Cells/CCTargetCells.swift",
          "Shared/Cells/Generated/CCTargetCells.swift", "Legacy/LQRoundedCornerView.h",
          "Legacy/LQRoundedCornerView.m",
        ],
      ],
    ]
    for fingerprint in Self.inputBar {
      expected[fingerprint] = [["@acme/chat"], ["Chat/MessageInputBar.swift"]]
    }
    XCTAssertEqual(found, expected)

    // `lcq analyze --source-root` names the same files and owners, block by block.
    let analyzed = try LCQProcess.run([
      "analyze", "--format", "json", "--source-root", app,
      LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path,
      LCQProcess.corpusFile("012"),
    ])
    XCTAssertEqual(analyzed.status, 0, analyzed.stderr)
    let blocks = try analyzed.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(owners(blocks), expected)
    let text = try LCQProcess.run(["analyze", "--source-root", app, LCQProcess.corpusFile("012")])
    XCTAssertTrue(
      text.stdout.contains(
        "  Owners: @acme/cells, @alice, @acme/ios, @acme/objc-guild · Files: Shared/Cells/CCBaseCell.swift, "),
      text.stdout)
  }

  /// `lcq check --format github`: each failing conflict an error annotation on the first file
  /// found for it (the files above) and its line: SnapKit's first printed line in 012
  /// (`CCBaseCell.swift#88`), else the line declaring the class (`MessageInputBar` on line 4,
  /// `UnifiedToggleInputToolbarView` on line 5); A, which has none, on the run; then the verdict.
  func testCheckAnnotatesEachFailingConflictOnItsFirstFile() throws {
    let check = try fixture.lcq(["check", "--build", "100", "--format", "github"])
    XCTAssertEqual(check.status, 1, check.stderr)
    let lines = check.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 9, check.stdout)
    func place(of fingerprint: String) throws -> String? {
      let line = try XCTUnwrap(
        lines.first { $0.contains("::\(fingerprint): 1 occurrence in 1 run") }, fingerprint)
      XCTAssertTrue(line.hasPrefix("::error "), line)
      XCTAssertFalse(line.dropFirst(2).contains("\n"))
      guard line.hasPrefix("::error file=") else { return nil }
      let properties = line.dropFirst("::error ".count).prefix { $0 != ":" }.split(separator: ",")
      return properties.filter { $0.hasPrefix("file=") || $0.hasPrefix("line=") }.joined(separator: ",")
    }
    XCTAssertNil(try place(of: StoreFixture.conflictA))
    XCTAssertEqual(
      try place(of: StoreFixture.conflictB), "file=Browser/UnifiedToggleInputToolbarView.swift,line=5")
    XCTAssertEqual(try place(of: Self.snapKitConflict), "file=Shared/Cells/CCBaseCell.swift,line=88")
    for fingerprint in Self.inputBar {
      XCTAssertEqual(try place(of: fingerprint), "file=Chat/MessageInputBar.swift,line=4")
    }
    XCTAssertEqual(
      lines.last, "::notice title=lcq check::lcq check failed: build 100: 8 new, 0 regressed, 8 seen")
  }

  /// `lcq check --format sarif`: valid against the SARIF 2.1.0 schema and read by a real
  /// consumer (`sarif-tools`, through `Tests/Oracle/sarif_check.py`), with the places above.
  /// Needs the packages in `Tests/Oracle/requirements.txt` (`scripts/test` installs them).
  func testCheckAsSARIFValidatesAndIsReadByACodeScanningConsumer() throws {
    let check = try fixture.lcq(["check", "--build", "100", "--format", "sarif"])
    XCTAssertEqual(check.status, 1, check.stderr)
    let log = fixture.folder.appendingPathComponent("check.sarif")
    try Data(check.stdout.utf8).write(to: log)
    let read = try Self.sarifCheck(log)
    XCTAssertEqual(read.status, 0, read.stderr)
    var expected: [String: String] = [
      StoreFixture.conflictA: "-",
      StoreFixture.conflictB: "Browser/UnifiedToggleInputToolbarView.swift:5",
      Self.snapKitConflict: "Shared/Cells/CCBaseCell.swift:88",
    ]
    for fingerprint in Self.inputBar { expected[fingerprint] = "Chat/MessageInputBar.swift:4" }
    var found: [String: String] = [:]
    for line in read.stdout.split(separator: "\n") {
      let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      XCTAssertEqual(record["rule"] as? String, "lcq/new-conflict")
      XCTAssertEqual(record["level"] as? String, "error")
      let fingerprint = try XCTUnwrap(record["fingerprint"] as? String)
      found[fingerprint] = (record["file"] as? String).map { "\($0):\(record["line"] as? Int ?? 0)" } ?? "-"
    }
    XCTAssertEqual(found, expected)

    // With a level, the first build has nothing to compare with: every conflict is possibly
    // flaky, a warning, and the check passes; the log still validates.
    let weighed = try fixture.lcq(["check", "--build", "100", "--format", "sarif", "--significance", "0.05"])
    XCTAssertEqual(weighed.status, 0, weighed.stderr)
    let weighedLog = fixture.folder.appendingPathComponent("weighed.sarif")
    try Data(weighed.stdout.utf8).write(to: weighedLog)
    let readWeighed = try Self.sarifCheck(weighedLog)
    XCTAssertEqual(readWeighed.status, 0, readWeighed.stderr)
    let levels = try readWeighed.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["level"]
        as? String
    }
    XCTAssertEqual(levels, Array(repeating: "warning", count: 8))

    // The schema is really applied: the same log claiming another version does not validate.
    let other = fixture.folder.appendingPathComponent("other.sarif")
    try Data(check.stdout.replacingOccurrences(of: "\"version\":\"2.1.0\"", with: "\"version\":\"2.2\"").utf8)
      .write(to: other)
    let refused = try Self.sarifCheck(other)
    XCTAssertEqual(refused.status, 1, refused.stdout)
    XCTAssertTrue(refused.stderr.contains("version: '2.2' is not one of ['2.1.0']"), refused.stderr)
  }

  private static func sarifCheck(_ log: URL) throws -> LCQProcess.Result {
    try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", LCQProcess.repositoryRoot.appendingPathComponent("Tests/Oracle/sarif_check.py").path,
        log.path,
      ])
  }

  func testTeamFiltersEveryList() throws {
    XCTAssertEqual(
      Set(try fixture.rows(["top", "--team", "@acme/chat"]).map { $0["fingerprint"] as? String }),
      Set(Self.inputBar))
    XCTAssertEqual(
      try fixture.rows(["top", "--team", "@alice"]).map { $0["fingerprint"] as? String },
      [Self.snapKitConflict])
    XCTAssertEqual(try fixture.rows(["top", "--team", "@nobody"]).count, 0)
    XCTAssertEqual(
      Set(
        try fixture.rows(["new", "--since", "2000-01-01", "--team", "@acme/chat"]).map {
          $0["fingerprint"] as? String
        }),
      Set(Self.inputBar))

    let report = try XCTUnwrap(
      try fixture.json(["report", "--since", "2000-01-01", "--team", "@acme/browser"]) as? [String: Any])
    let top = try XCTUnwrap(report["top_by_occurrences"] as? [[String: Any]])
    XCTAssertEqual(top.map { $0["fingerprint"] as? String }, [StoreFixture.conflictB])
    XCTAssertEqual(top.first?["code_owners"] as? [String], ["@acme/browser", "dev@example.com"])
    XCTAssertEqual(report["team"] as? String, "@acme/browser")

    let check = try fixture.lcq(["check", "--build", "100", "--team", "@acme/chat", "--format", "json"])
    XCTAssertEqual(check.status, 1, "five new conflicts of @acme/chat fail the check")
    let checked = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let new = try XCTUnwrap(checked["new"] as? [[String: Any]])
    XCTAssertEqual(Set(new.map { $0["fingerprint"] as? String }), Set(Self.inputBar))
    XCTAssertEqual(Set(new.map { $0["code_owners"] as? [String] }), [["@acme/chat"]])

    let notify = try fixture.lcq([
      "notify", "--dry-run", "--payload", "json", "--since", "2000-01-01", "--team", "@acme/browser",
    ])
    XCTAssertEqual(notify.status, 0, notify.stderr)
    let payloads = notify.stdout.split(separator: "\n").map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    XCTAssertEqual(payloads.count, 1, notify.stdout)
    XCTAssertEqual(payloads.first??["fingerprint"] as? String, StoreFixture.conflictB)
    XCTAssertEqual(
      payloads.first??["source_files"] as? [String], ["Browser/UnifiedToggleInputToolbarView.swift"])
  }

  func testTheStoreKeepsWhoOwnedAConflictInEachRun() throws {
    let codeOwners = fixture.folder.appendingPathComponent("CODEOWNERS")
    try "* @acme/platform\n".write(to: codeOwners, atomically: true, encoding: .utf8)
    let second = try fixture.lcq([
      "ingest", "--build", "101", "--run-id", "run-2", "--source-root", app, "--codeowners", codeOwners.path,
      LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path,
    ])
    XCTAssertEqual(second.status, 0, second.stderr)
    // The latest run decides: the input bar is @acme/platform's now; 012's conflict, not seen
    // again, keeps run 1's owners.
    XCTAssertEqual(try fixture.rows(["top", "--team", "@acme/chat"]).count, 0)
    XCTAssertEqual(
      Set(try fixture.rows(["top", "--team", "@acme/platform"]).map { $0["fingerprint"] as? String }),
      Set(Self.inputBar + [StoreFixture.conflictB]))
    XCTAssertEqual(
      try fixture.rows(["top", "--team", "@alice"]).map { $0["fingerprint"] as? String },
      [Self.snapKitConflict])

    let show = try fixture.lcq(["show", String(Self.inputBar[0].prefix(11))])
    XCTAssertEqual(show.status, 0, show.stderr)
    XCTAssertTrue(show.stdout.contains("\nOwners: @acme/platform (run 2, build 101)\n"), show.stdout)
    XCTAssertTrue(show.stdout.contains("\nSource files: Chat/MessageInputBar.swift\n"), show.stdout)
    XCTAssertTrue(show.stdout.contains("Owners by run (latest first):\n"), show.stdout)
    XCTAssertTrue(show.stdout.contains(": @acme/chat · Chat/MessageInputBar.swift\n"), show.stdout)
    let details = try XCTUnwrap(
      try fixture.json(["show", String(Self.inputBar[0].prefix(11))]) as? [String: Any])
    let byRun = try XCTUnwrap(details["owners_by_run"] as? [[String: Any]])
    XCTAssertEqual(byRun.map { $0["build"] as? String }, ["101", "100"])
    XCTAssertEqual(byRun.map { $0["code_owners"] as? [String] }, [["@acme/platform"], ["@acme/chat"]])
  }

  /// A conflict an older lcq stored under another fingerprint keeps its owners when
  /// `db reanalyze` moves its occurrences to the conflict this version names (the old row,
  /// removed, takes its own rows with it).
  func testReanalysisCarriesTheOwnersToTheConflictThatTookTheOccurrences() throws {
    _ = try fixture.python(
      """
      db.execute("UPDATE conflicts SET fingerprint = 'v1:4444444444444444' WHERE fingerprint = ?", (sys.argv[2],))
      db.execute("UPDATE occurrences SET analysis_version = 'v1'")
      db.commit()
      """, arguments: [StoreFixture.conflictB])
    let reanalyze = try fixture.lcq(["db", "reanalyze"])
    XCTAssertEqual(reanalyze.status, 0, reanalyze.stderr)
    let rows = try fixture.rows(["top", "--team", "@acme/browser"])
    XCTAssertEqual(rows.map { $0["fingerprint"] as? String }, [StoreFixture.conflictB])
    XCTAssertEqual(rows.first?["source_files"] as? [String], ["Browser/UnifiedToggleInputToolbarView.swift"])
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM code_owners').fetchone()[0])"), "8")
  }

  func testBadSourceOptionsAreRefusedBeforeAnythingIsStored() throws {
    let missing = try fixture.lcq(
      ["ingest", "--source-root", fixture.folder.appendingPathComponent("nope").path, "-"], stdin: Data())
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.stderr.contains("--source-root"), missing.stderr)
    XCTAssertTrue(missing.stderr.contains("not a folder"), missing.stderr)
    let alone = try fixture.lcq(["ingest", "--codeowners", app + "/.github/CODEOWNERS", "-"], stdin: Data())
    XCTAssertEqual(alone.status, 64)
    XCTAssertTrue(alone.stderr.contains("--codeowners needs --source-root"), alone.stderr)
    let unreadable = try fixture.lcq(
      [
        "ingest", "--source-root", app, "--codeowners", fixture.folder.appendingPathComponent("none").path,
        "-",
      ],
      stdin: Data())
    XCTAssertEqual(unreadable.status, 64)
    XCTAssertTrue(unreadable.stderr.hasSuffix("/none: does not exist\n"), unreadable.stderr)
    let team = try fixture.lcq(["top", "--team", "two words"])
    XCTAssertEqual(team.status, 64)
    // Only the first ingest's run is stored.
    XCTAssertEqual(try fixture.rows(["top"]).count, 8)
  }
}
