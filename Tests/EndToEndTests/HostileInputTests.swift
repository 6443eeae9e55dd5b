import Foundation
import LCQEndToEndSupport
import XCTest

/// Input anyone can put into a log: each gives a clear diagnostic, keeps the raw text, and harms
/// nothing else in the same input or the database.
final class HostileInputTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  /// A good conflict message (a width of 40 against one of 60), to put next to bad input.
  static let good = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000000001 UIView:0x7f0000000001.width == 40   (active)>",
        "<NSLayoutConstraint:0x600000000002 UIView:0x7f0000000001.width == 60   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600000000002 UIView:0x7f0000000001.width == 60   (active)>

    """

  private func ingest(_ bytes: [UInt8], name: String) throws -> LCQProcess.Result {
    let path = fixture.folder.appendingPathComponent(name).path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return try fixture.lcq(["ingest", "--run-id", name, path])
  }

  func testBinaryNULAndInvalidUTF8AroundAGoodBlockLoseNothing() throws {
    var bytes: [UInt8] = [0, 0, 0xFF, 0xFE, 0xC3, 0x28, 0x80, 0x0A]
    bytes += Array(Self.good.utf8)
    bytes += [0x00, 0xED, 0xA0, 0x80, 0x0A]
    bytes += Array(Self.good.replacingOccurrences(of: "0x7f0000000001", with: "0x7f0000000002").utf8)
    let result = try ingest(bytes, name: "binary.log")
    XCTAssertEqual(result.status, 0, result.stderr)
    // Two messages of the same conflict (other addresses): one conflict, two occurrences.
    XCTAssertTrue(result.stderr.hasPrefix("lcq: ingested 2 blocks · 1 conflict (1 new)"), result.stderr)
    XCTAssertEqual(try fixture.python("print(db.execute('PRAGMA integrity_check').fetchone()[0])"), "ok")
  }

  func testNULInsideALabelIsKeptAsData() throws {
    let text = Self.good.replacingOccurrences(
      of: "UIView:0x7f0000000001.width == 40", with: "UIView:0x7f0000000001'a\u{0}b'.width == 40")
    let result = try ingest(Array(text.utf8), name: "nul.log")
    XCTAssertEqual(result.status, 0, result.stderr)
    // The stored block comes back byte for byte, NUL included (`lcq show` rebuilds it).
    let top = try fixture.rows(["top"])
    let fingerprint = try XCTUnwrap(top.first?["fingerprint"] as? String)
    let shown = try XCTUnwrap(try fixture.json(["show", fingerprint]) as? [String: Any])
    XCTAssertEqual(shown["sample_block"] as? String, text.trimmingCharacters(in: .newlines))
  }

  func testABlockThatNeverEndsIsReadToTheEndOfInput() throws {
    var text = "Unable to simultaneously satisfy constraints.\n(\n"
    for index in 0..<5000 {
      text += "    \"<NSLayoutConstraint:0x6\(index) UIView:0x7f1.width == \(index)   (active)>\",\n"
    }
    let result = try ingest(Array(text.utf8), name: "endless.log")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("ingested 1 block"), result.stderr)
    let analyzed = try LCQProcess.run(["analyze", fixture.folder.appendingPathComponent("endless.log").path])
    XCTAssertEqual(analyzed.status, 0)
    // 5,000 readable constraints: over the replay's limit of 1,000 (RELIABILITY.md).
    XCTAssertTrue(analyzed.stdout.contains("verdict: undecidable"), String(analyzed.stdout.prefix(500)))
    XCTAssertTrue(
      analyzed.stdout.contains("too large: 5000 readable constraints (the limit is 1000)"),
      String(analyzed.stdout.prefix(500)))
  }

  func testExtremeNumbersGiveProvenVerdictsNotCrashes() throws {
    for (constant, expected) in [
      ("1e308", "conflict"), ("2.22507e-308", "conflict"), ("-1e308", "conflict"),
      ("4.94066e-324", "conflict"),
    ] {
      let text = Self.good.replacingOccurrences(of: "width == 40", with: "width == \(constant)")
      let path = fixture.folder.appendingPathComponent("numbers.log").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let result = try LCQProcess.run(["analyze", "--format", "json", path])
      XCTAssertEqual(result.status, 0, result.stderr)
      let json = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      XCTAssertEqual(json["verdict"] as? String, expected, constant)
    }
  }

  func testLabelsWithQuotesPercentBackslashNewlineAndRightToLeftTextAreData() throws {
    let label = "'%s %n \\ \\' \" & <marquee> \u{202E}txet\nline2'"
    let text = Self.good.replacingOccurrences(
      of: "UIView:0x7f0000000001.width == 40", with: "UILabel:0x7f0000000001\(label).width == 40")
    let result = try ingest(Array(text.utf8), name: "labels.log")
    XCTAssertEqual(result.status, 0, result.stderr)
    let report = try fixture.lcq(["report", "--since", "3000d", "--format", "markdown"])
    XCTAssertEqual(report.status, 0, report.stderr)
    let html = try fixture.lcq(["report", "--since", "3000d", "--format", "html"])
    XCTAssertFalse(html.stdout.contains("<marquee>"))
    XCTAssertTrue(html.stdout.contains("&lt;marquee&gt;"), html.stdout)
    XCTAssertTrue(report.stdout.contains("**1 occurrence**"), "the run just ingested is in the window")
  }

  func testEveryCorpusLogIngestsAndKeepsEveryUnreadableBlock() throws {
    let corpus = LCQProcess.corpus.appendingPathComponent("real")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
      $0.hasSuffix(".log")
    }
    .sorted().map { corpus.appendingPathComponent($0).path }
    XCTAssertGreaterThan(files.count, 100)
    let result = try fixture.lcq(["ingest", "--run-id", "corpus"] + files)
    XCTAssertEqual(result.status, 0, result.stderr)
    let counts = try fixture.python(
      """
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      failed = db.execute("SELECT count(*) FROM failed_blocks WHERE length(raw_text) > 0").fetchone()[0]
      print(failed == db.execute("SELECT unparsed FROM runs").fetchone()[0], failed > 0)
      """)
    // The corpus holds unreadable messages (mangled pastes), so the comparison is not 0 == 0.
    XCTAssertEqual(counts, "ok\nTrue True")
  }
}
