import Foundation
import LCQEndToEndSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The first security review's crafted inputs (RELIABILITY.md, "crafted messages"), one test per
/// finding: each is a normal conflict message with one field changed, run through the real
/// `lcq` binary. None may crash lcq, stall it, drive the terminal, leak a password or open the
/// CI gate; the good messages beside each one are always kept.
final class CraftedInputTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  /// One conflict message whose first constraint sets `item`'s width to `constant`, against a
  /// width of 60 (the review's `blk`).
  static func block(constant: String, item: String = "UIView:0x7f0000000001") -> String {
    """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600000000001 \(item).width == \(constant)   (active)>",
        "<NSLayoutConstraint:0x600000000002 \(item).width == 60   (active)>"
    )

    """
  }

  private func write(_ text: String, _ name: String) throws -> String {
    let path = fixture.folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func analyzeJSON(_ path: String) throws -> [[String: Any]] {
    let result = try LCQProcess.run(["analyze", "--format", "json", path])
    XCTAssertEqual(result.status, 0, result.stderr)
    return try result.stdout.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  // MARK: Numbers (H1, H2)

  /// Numbers beyond 40 digits or an exponent of ±400 are left out of the replay with the
  /// documented verdict; the messages around them are decided as usual.
  func testNumbersBeyondTheExactLimitsAreUndecidableAndTheRestIsKept() throws {
    let hostile = [
      "1e-1000000", "10e9223372036854775807", "1e999999", "1e-999999", "1e-30000", "1e30000",
      String(repeating: "9", count: 30_000), "0." + String(repeating: "0", count: 20_000) + "1",
      "1e401", String(repeating: "1", count: 41),
    ]
    for constant in hostile {
      // A width of 40 against 60 before and after: two proven conflicts around the crafted one.
      let text =
        Self.block(constant: "40", item: "UIView:0x7f0000000001")
        + Self.block(constant: constant, item: "UIView:0x7f0000000002")
        + Self.block(constant: "41", item: "UIView:0x7f0000000003")
      let path = try write(text, "numbers.log")
      let blocks = try analyzeJSON(path)
      XCTAssertEqual(
        blocks.map { $0["verdict"] as? String }, ["conflict", "undecidable", "conflict"], constant)
      XCTAssertEqual(blocks[1]["missing"] as? [String], ["huge-number"], constant)
      let excluded = try XCTUnwrap(blocks[1]["excluded"] as? [[String: Any]])
      XCTAssertEqual(excluded.map { $0["reason"] as? String }, ["a number too large to decide exactly"])
      let text2 = try LCQProcess.run(["analyze", "--color", "never", path])
      XCTAssertTrue(text2.stdout.contains("numbers too large to decide exactly"), constant)

      let ingest = try fixture.lcq(["ingest", "--run-id", "n\(constant.count)", path])
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
      XCTAssertTrue(ingest.stderr.hasPrefix("lcq: ingested 3 blocks"), ingest.stderr)
    }
    XCTAssertEqual(
      try fixture.python(
        "print(db.execute(\"SELECT count(*) FROM runs WHERE status != 'finished'\").fetchone()[0])"), "0")
  }

  /// At the limits (40 digits, exponents of ±400), numbers are still decided exactly: a width
  /// of 1e400 or of forty 1s is not 60, and 1e-400 is not 60 either.
  func testNumbersAtTheExactLimitsAreStillProven() throws {
    for constant in ["1e400", "-1e-400", "1e-400", String(repeating: "1", count: 40), "1.5e+400"] {
      let blocks = try analyzeJSON(try write(Self.block(constant: constant), "limits.log"))
      XCTAssertEqual(blocks.first?["verdict"] as? String, "conflict", constant)
    }
  }

  // MARK: Pictures (H4)

  /// A constant of 1e20 is drawn (clipped) instead of crashing `--svg`, and the HTML report that
  /// redraws it from the database is written.
  func testHugeConstantsAreDrawnAndTheReportStillRenders() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x1 UIView:0x7f01.width == 1e20   (active)>",
          "<NSLayoutConstraint:0x2 UIView:0x7f01.width == 60   (active)>",
          "<NSLayoutConstraint:0x3 UIView:0x7f01.leading == UIView:0x7f02.leading + 1e20   (active)>"
      )

      """
    let path = try write(text, "big.log")
    let pictures = fixture.folder.appendingPathComponent("pictures")
    let analyzed = try LCQProcess.run(["analyze", "--svg", pictures.path, path])
    XCTAssertEqual(analyzed.status, 0, analyzed.stderr)
    let svg = try String(contentsOf: pictures.appendingPathComponent("big-1.svg"), encoding: .utf8)
    XCTAssertTrue(svg.contains("1e+20"), "the size label says the size it could not draw")
    XCTAssertNotNil(XMLDocumentCheck.parse(svg), "the picture is well-formed XML")
    XCTAssertEqual(try fixture.lcq(["ingest", path]).status, 0)
    let out = fixture.folder.appendingPathComponent("report.html").path
    let report = try fixture.lcq(["report", "--format", "html", "--since", "2000-01-01", "--out", out])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains("<svg"))
  }

  // MARK: Work bounded by input size (H3, M1)

  /// A `names:` list of 10,000 entries is not read past 64: that constraint is unreadable, with
  /// the reason at its column, and the rest of the block is decided.
  func testALongNamesListIsCutOffAtItsLimit() throws {
    let names = (0..<10_000).map { String(format: "'n%d':UIView:0x7f%010x", $0, $0) }.joined(separator: ", ")
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600000000001 H:|-(1)-[UIView:0x7f0000000001]   (active, names: \(names) )>",
          "<NSLayoutConstraint:0x600000000002 UIView:0x7f0000000001.width == 60   (active)>"
      )

      """ + Self.block(constant: "40", item: "UIView:0x7f0000000009")
    let path = try write(text, "names.log")
    let blocks = try analyzeJSON(path)
    XCTAssertEqual(blocks.map { $0["verdict"] as? String }, ["undecidable", "conflict"])
    XCTAssertEqual(blocks[0]["missing"] as? [String], ["unparsed-constraint"])
    let constraints = try XCTUnwrap(blocks[0]["constraints"] as? [[String: Any]])
    XCTAssertEqual(constraints[0]["parsed"] as? Bool, false)
    XCTAssertTrue(
      (constraints[0]["issue"] as? String)?.contains(
        "more than 64 names entries (UIKit lists the views of one format string)") ?? false,
      "\(constraints[0]["issue"] ?? "no issue")")
  }

  /// A block with one member more than the replay's limit (1,000) is `undecidable` with the
  /// note that says so, without being solved; one at the limit is solved (RELIABILITY.md gives
  /// the time and memory at the limit).
  func testAChainOverTheMemberLimitIsNotSolved() throws {
    // n views in a row, each 10 wide and 1 after the previous, the last ending 5 after the
    // first starts: 2n constraints, all of them needed for the conflict.
    func chain(_ n: Int) -> String {
      var lines = ["Unable to simultaneously satisfy constraints.", "("]
      for index in 1..<n {
        lines.append(
          String(
            format:
              "    \"<NSLayoutConstraint:0x6%011x UIView:0x7f%010x.leading == UIView:0x7f%010x.trailing + 1   (active)>\",",
            index, index, index - 1))
      }
      for index in 0..<n {
        lines.append(
          String(
            format: "    \"<NSLayoutConstraint:0x5%011x UIView:0x7f%010x.width == 10   (active)>\",", index,
            index))
      }
      lines.append(
        String(
          format:
            "    \"<NSLayoutConstraint:0x400000000001 UIView:0x7f%010x.trailing == UIView:0x7f0000000000.leading + 5   (active)>\"",
          n - 1))
      return (lines + [")", ""]).joined(separator: "\n")
    }
    let over = try analyzeJSON(try write(chain(501), "over.log"))
    XCTAssertEqual(over.first?["verdict"] as? String, "undecidable")
    XCTAssertEqual(over.first?["note"] as? String, "too large: 1002 readable constraints (the limit is 1000)")
    // Eight views: the seven gaps of 1 alone take 7 > 5 points, as widths are never negative,
    // so the minimal set is the seven links and the closing constraint, without the widths.
    let small = try analyzeJSON(try write(chain(8), "small.log"))
    XCTAssertEqual(small.first?["verdict"] as? String, "conflict")
    XCTAssertEqual((small.first?["minimal_set"] as? [Int])?.sorted(), Array(0..<7) + [15])
  }

  // MARK: Terminal text (H5, L2, L3)

  /// Escape sequences in a label (OSC 52 clipboard write, OSC 8 link, window title, clear
  /// screen, a C1 CSI) and a bidi override reach no output meant for people.
  func testLabelsCannotDriveTheTerminal() throws {
    let label =
      "UILabel:0x7f0000000001'\u{1B}]52;c;ZWNobyBwd25lZAo=\u{07}\u{1B}]8;;https://x.example\u{07}link"
      + "\u{1B}]8;;\u{07}\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil'"
    let path = try write(Self.block(constant: "40", item: label), "osc.log")
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "7", path]).status, 0)
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"]).first?["fingerprint"] as? String)
    var outputs: [(String, String)] = []
    for arguments in [
      ["show", fingerprint], ["show", fingerprint, "--format", "markdown"], ["top"],
      ["top", "--format", "markdown"],
      ["new"], ["trend"], ["check", "--build", "7"], ["quiet", "--for", "0s"],
    ] {
      let result = try fixture.lcq(arguments)
      outputs.append((arguments.joined(separator: " "), result.stdout + result.stderr))
    }
    let analyzed = try LCQProcess.run(["analyze", path])
    outputs.append(("analyze", analyzed.stdout + analyzed.stderr))
    for (command, output) in outputs {
      XCTAssertFalse(Self.hasControls(output), "\(command) printed a control character:\n\(output)")
    }
    XCTAssertTrue(outputs[0].1.contains("\\u{1B}]52"), "the label is shown, spelled out")
  }

  /// An input file's name with escape sequences is spelled out in messages and reduced to safe
  /// characters in picture names.
  func testFileNamesCannotDriveTheTerminal() throws {
    let empty = try write("nothing here\n", "evil\u{1B}]0;T\u{07}.log")
    let result = try LCQProcess.run(["analyze", empty])
    XCTAssertTrue(result.stderr.contains("\\u{1B}]0;T\\u{7}"), result.stderr)
    XCTAssertFalse(Self.hasControls(result.stderr))
    let conflict = try write(Self.block(constant: "40"), "pic\u{1B}[2J\u{202E}.log")
    let pictures = fixture.folder.appendingPathComponent("pictures")
    XCTAssertEqual(try LCQProcess.run(["analyze", "--svg", pictures.path, conflict]).status, 0)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pictures.path), ["pic__2J_-1.svg"])
    // Two inputs with one name in one run: neither picture replaces the other.
    let other = fixture.folder.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    let twin = other.appendingPathComponent("pic\u{1B}[2J\u{202E}.log").path
    try Data(Self.block(constant: "41").utf8).write(to: URL(fileURLWithPath: twin))
    XCTAssertEqual(try LCQProcess.run(["analyze", "--svg", pictures.path, conflict, twin]).status, 0)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted(),
      ["pic__2J_-1-2.svg", "pic__2J_-1.svg"])
  }

  /// JSON escapes C0 and C1 controls, so `analyze --format json` on a terminal cannot drive it.
  func testJSONEscapesControlCharacters() throws {
    let path = try write(
      Self.block(constant: "40", item: "UILabel:0x7f01'a\u{9B}31m\u{1B}]0;t\u{07}b'"), "c1.log")
    let result = try LCQProcess.run(["analyze", "--format", "json", path])
    XCTAssertEqual(result.status, 0)
    XCTAssertFalse(Self.hasControls(result.stdout.replacingOccurrences(of: "\n", with: "")), result.stdout)
    XCTAssertTrue(result.stdout.contains(#"\u009b31m\u001b]0;t\u0007b"#), "escaped, not dropped")
  }

  /// Whether `text` holds a C0 control other than tab and line feed, DEL, a C1 control, or a
  /// bidi control.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x200E || value == 0x200F || value == 0x061C
    }
  }

  // MARK: The CI gate (M2)

  /// A title that carries a line separator and a chosen fingerprint adds nothing to a baseline:
  /// the conflict it names still fails the check.
  func testATitleCannotAddAFingerprintToABaseline() throws {
    // The attacker works out the fingerprint of the conflict they will add later.
    let later = LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log").path
    let target = try XCTUnwrap(try analyzeJSON(later).first?["fingerprint"] as? String)
    for separator in ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
      let database = fixture.folder.appendingPathComponent("gate.sqlite").path
      try? FileManager.default.removeItem(atPath: database)
      let path = try write(Self.block(constant: "40", item: "foo\(separator)\(target)"), "inj.log")
      func lcq(_ arguments: [String]) throws -> LCQProcess.Result {
        try LCQProcess.run(arguments + ["--db", database], environment: StoreFixture.environment)
      }
      XCTAssertEqual(try lcq(["ingest", "--build", "100", path]).status, 0)
      let baseline = fixture.folder.appendingPathComponent("base.txt").path
      XCTAssertEqual(try lcq(["check", "--build", "100", "--write-baseline", baseline]).status, 0)
      let written = try String(contentsOfFile: baseline, encoding: .utf8)
      XCTAssertFalse(written.contains("\n\(target)"), written)
      // Written on one line each: no line separator of any kind but the line feeds.
      let separators: Set<UInt32> = [0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
      XCTAssertFalse(written.unicodeScalars.contains { separators.contains($0.value) }, written)
      XCTAssertEqual(written.split(separator: "\n").count, 2, "a comment and one fingerprint")
      XCTAssertEqual(try lcq(["ingest", "--build", "101", later]).status, 0)
      let check = try lcq(["check", "--build", "101", "--baseline", baseline])
      XCTAssertEqual(check.status, 1, "the new conflict still fails the gate: \(check.stdout)")
    }
  }

  /// A baseline line that is not a fingerprint stops the check with its line number; CRLF line
  /// ends are read.
  func testABaselineIsReadByOneLineRule() throws {
    try fixture.ingestAll()
    let good = fixture.folder.appendingPathComponent("good.txt").path
    try "# accepted\r\n\(StoreFixture.conflictA)  # title\r\n\r\n".write(
      toFile: good, atomically: true, encoding: .utf8)
    let passed = try fixture.lcq(["check", "--build", "100", "--baseline", good, "--fail-on", "any"])
    XCTAssertEqual(passed.status, 1, "B is still seen")
    XCTAssertFalse(passed.stdout.contains(StoreFixture.conflictA), passed.stdout)
    let bad = fixture.folder.appendingPathComponent("bad.txt").path
    try "# accepted\n\(StoreFixture.conflictA)\nv1:XYZ\n".write(
      toFile: bad, atomically: true, encoding: .utf8)
    let refused = try fixture.lcq(["check", "--build", "100", "--baseline", bad])
    XCTAssertEqual(refused.status, 2)
    XCTAssertEqual(
      refused.stderr,
      "lcq: \(bad):3: 'v1:XYZ' is not a fingerprint (a version such as v3:, then 16 hexadecimal digits)\n")
  }

  // MARK: Secrets (M3)

  /// A database URL's password never reaches an output; the URL is refused with one line.
  func testADatabasePasswordIsNeverPrinted() throws {
    let url = "postgres://lcq:s3cr3t@db.example/lcq?sslpassword=hunter2&application_name=ci"
    let log = try write(Self.block(constant: "40"), "x.log")
    for arguments in [["top"], ["ingest", log], ["db", "stats"], ["db", "migrate"], ["report"], ["check"]] {
      for environment in [["LCQ_DB": url], ["LCQ_DB": ""]] {
        let extra = environment["LCQ_DB"] == "" ? ["--db", url] : []
        let result = try LCQProcess.run(arguments + extra, environment: environment)
        let output = result.stdout + result.stderr
        XCTAssertEqual(result.status, 2, "\(arguments): \(output)")
        XCTAssertFalse(output.contains("s3cr3t") || output.contains("hunter2"), output)
        XCTAssertTrue(
          output.contains("postgres://lcq:***@db.example/lcq?sslpassword=***&application_name=***"), output)
      }
    }
  }

  // MARK: Files (L1)

  /// The database, its folder, reports, baselines and pictures are the owner's alone whatever
  /// the umask, unless `$LCQ_FILE_MODE` shares them.
  func testFilesAreCreatedOwnerOnly() throws {
    let home = fixture.folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log").path
    let shell = "umask 022; \"$0\" ingest \"$1\" && \"$0\" report --since 2000-01-01 --out \"$2\""
    let report = fixture.folder.appendingPathComponent("report.html").path
    _ = FileManager.default.createFile(atPath: report, contents: Data("old".utf8))  // 0644 by umask
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/bin/sh"), ["-c", shell, LCQProcess.executable.path, example, report],
      environment: ["HOME": home.path, "LCQ_DB": "", "XDG_DATA_HOME": ""])
    XCTAssertEqual(result.status, 0, result.stderr)
    let folder = home.appendingPathComponent(".local/share/lcq").path
    XCTAssertEqual(try Self.mode(folder), 0o700)
    XCTAssertEqual(try Self.mode(folder + "/lcq.sqlite"), 0o600)
    XCTAssertEqual(try Self.mode(report), 0o600, "a replaced file gets the owner-only mode")

    let shared = fixture.folder.appendingPathComponent("shared.sqlite").path
    let sharing = try LCQProcess.execute(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "umask 022; \"$0\" ingest --db \"$1\" \"$2\"", LCQProcess.executable.path, shared, example],
      environment: ["LCQ_FILE_MODE": "0640"])
    XCTAssertEqual(sharing.status, 0, sharing.stderr)
    XCTAssertEqual(try Self.mode(shared), 0o640)
  }

  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try XCTUnwrap(attributes[.posixPermissions] as? Int) & 0o777
  }

  // MARK: CSV and Markdown (L4, L5)

  /// Cells that a spreadsheet would run as formulas start with `'`: `=`, `+`, `-`, `@` first or
  /// after blanks, and a leading tab or carriage return.
  func testCSVCellsAreNeutralisedForEverySpreadsheetTrigger() throws {
    let path = try write(Self.block(constant: "40"), "csv.log")
    let ingest = try fixture.lcq([
      "ingest", "--device", "\t=1+1", "--os-version", "\r=2+2", "--build", "  =3+3", path,
    ])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"]).first?["fingerprint"] as? String)
    let csv = try fixture.lcq(["show", fingerprint, "--format", "csv"]).stdout
    XCTAssertTrue(csv.contains("device,'\t=1+1,1"), csv)
    // A carriage return is a control character: spelled out (security review 2, S10), which
    // also keeps it from starting a formula.
    XCTAssertTrue(csv.contains(#"os_version,\u{D}=2+2,1"#), csv)
    XCTAssertTrue(csv.contains("build,'  =3+3,1"), csv)
  }

  /// A label that mentions a team and holds URLs pings nobody and links nowhere in the Markdown
  /// that goes into pull requests.
  func testMarkdownCannotMentionOrLink() throws {
    let item = "@acme/security-team see https://evil.example/x.png or WWW.evil.example | extra | cells"
    let path = try write(Self.block(constant: "40", item: item), "md.log")
    XCTAssertEqual(try fixture.lcq(["ingest", "--build", "5", path]).status, 0)
    let fingerprint = try XCTUnwrap(try fixture.rows(["top"]).first?["fingerprint"] as? String)
    for arguments in [
      ["check", "--build", "5"], ["show", fingerprint, "--format", "markdown"],
      ["top", "--format", "markdown"],
    ] {
      // Code blocks (the raw descriptions) neither mention nor link: only the prose is checked,
      // scalar by scalar (Foundation's `contains` skips the invisible word joiner).
      let prose = try fixture.lcq(arguments).stdout.components(separatedBy: "```").enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined()
      let output = Array(prose.lowercased().unicodeScalars)
      func has(_ text: String) -> Bool {
        let needle = Array(text.unicodeScalars)
        return output.indices.contains { Array(output[$0...].prefix(needle.count)) == needle }
      }
      XCTAssertTrue(has("acme"), "\(arguments): the label is shown")
      XCTAssertFalse(has("@acme"), "\(arguments): a mention")
      XCTAssertFalse(has("://"), "\(arguments): a URL")
      XCTAssertFalse(has("www."), "\(arguments): a URL")
    }
    // The label's '|' cannot add cells to a table: each row of `top`'s table has as many
    // unescaped pipes as its header.
    let table = try fixture.lcq(["top", "--format", "markdown"]).stdout.split(separator: "\n")
    func cellBorders(_ row: Substring) -> Int {
      var count = 0
      var escaped = false
      for character in row {
        if character == "|", !escaped { count += 1 }
        escaped = character == "\\" && !escaped
      }
      return count
    }
    XCTAssertEqual(table.count, 3, "a header, a rule and one row")
    XCTAssertEqual(Set(table.map(cellBorders)).count, 1, "\(table)")
  }

  // MARK: Timestamps (L8)

  /// A prefix with an impossible date is read past, but its time is not kept: the block gets
  /// the ingest's time, not a month 99 or a year 10007.
  func testImpossibleTimestampsAreNotKept() throws {
    for (stamp, kept) in [
      ("2024-03-05 14:10:01.123456-0800", true), ("9999-99-99 99:99:99.000000-0800", false),
      ("2024-02-30 14:10:01.123456-0800", false), ("2024-03-05 24:10:01.123456-0800", false),
      ("2024-03-05 14:10:01.123456+2300", false), ("10007-03-05 14:10:01.123456-0800", false),
    ] {
      let text =
        Self.block(constant: "40").split(separator: "\n").map {
          "\(stamp) 0x1f2e3d Default 0x0 4242 0 MyApp: \($0)"
        }
        .joined(separator: "\n") + "\n"
      let blocks = try analyzeJSON(try write(text, "time.log"))
      let source = try XCTUnwrap(blocks.first?["source"] as? [String: Any], stamp)
      XCTAssertEqual(source["timestamp"] is String, kept, "\(stamp): \(source["timestamp"] ?? "nil")")
    }
  }

  // MARK: Command-line and environment values (L7)

  /// Durations too long to count back from now are refused as usage errors; busy timeouts of
  /// any size work.
  func testOutOfRangeValuesAreRefusedOrClamped() throws {
    try fixture.ingestAll()
    for command in ["top", "report", "new", "trend"] {
      let result = try fixture.lcq([command, "--since", "2562047788015215d"])
      XCTAssertEqual(result.status, 64, "\(command): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("--since '2562047788015215d' is not"), result.stderr)
    }
    for timeout in ["3000000", "inf", "1e308", "-5", "nan"] {
      let result = try LCQProcess.run(
        ["top", "--db", fixture.database], environment: ["LCQ_BUSY_TIMEOUT": timeout, "LCQ_DB": ""])
      XCTAssertEqual(result.status, 0, "LCQ_BUSY_TIMEOUT=\(timeout): \(result.stderr)")
    }
  }
}

/// A minimal well-formedness check of XML text with Foundation's parser.
enum XMLDocumentCheck {
  static func parse(_ text: String) -> Bool? {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() ? true : nil
  }
}

/// A crash while analysing one message loses only that message: the next ingest stores it
/// unanalysed, with its text and the reason, and everything else as usual (``CrashQuarantine``).
final class CrashQuarantineTests: XCTestCase {
  private var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  func testAMessageThatCrashesTheAnalysisIsQuarantinedAndTheRestStored() throws {
    // Three conflicts; the middle one's label holds the text the fault hook traps on.
    let text =
      CraftedInputTests.block(constant: "40", item: "UIView:0x7f0000000001")
      + CraftedInputTests.block(constant: "41", item: "UILabel:0x7f0000000002'TRAP-HERE'")
      + CraftedInputTests.block(constant: "42", item: "UIView:0x7f0000000003")
    let log = fixture.folder.appendingPathComponent("poison.log").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: log))
    let environment = StoreFixture.environment.merging(["LCQ_FAULT_TRAP_ON": "TRAP-HERE"]) { $1 }
    func ingest() throws -> LCQProcess.Result {
      try LCQProcess.run(
        ["ingest", "--run-id", "r1", log, "--db", fixture.database], environment: environment)
    }
    let crashed = try ingest()
    XCTAssertNotEqual(crashed.status, 0, "the fault hook crashed the ingest")
    let quarantine = fixture.database + "-quarantine"
    XCTAssertTrue(FileManager.default.fileExists(atPath: quarantine))
    XCTAssertEqual(try CraftedInputTests.mode(quarantine), 0o600)

    let again = try ingest()
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(
      again.stderr.hasPrefix(
        "lcq: an earlier ingest crashed analysing 1 distinct message; they are stored unanalysed"),
      again.stderr)
    XCTAssertTrue(again.stderr.contains("ingested 3 blocks · 2 conflicts (2 new) · 1 unparsed"), again.stderr)
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM occurrences').fetchone()[0])"), "2")
    let failed = try fixture.python(
      "print(db.execute('SELECT raw_text, issues FROM failed_blocks').fetchall())")
    XCTAssertTrue(failed.contains("TRAP-HERE"), "the message's text is kept: \(failed)")
    XCTAssertTrue(failed.contains("an earlier lcq ingest crashed analysing this message"), failed)

    // A third ingest of the same log stores nothing twice.
    let third = try ingest()
    XCTAssertEqual(third.status, 0, third.stderr)
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM occurrences').fetchone()[0])"), "2")
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT count(*) FROM failed_blocks').fetchone()[0])"), "1")
  }
}
