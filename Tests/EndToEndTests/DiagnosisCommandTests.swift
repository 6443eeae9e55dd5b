import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq analyze` explains conflicts, proves fixes and draws them.
final class DiagnosisCommandTests: XCTestCase {
  /// The single JSON block of a one-block log.
  func analyzeJSON(_ path: String) throws -> [String: Any] {
    let result = try LCQProcess.run(["analyze", "--format", "json", path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 1)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
  }

  func testChildViewControllerGetsTheAutoresizingFixFirst() throws {
    let block = try analyzeJSON(DiagnosisFixtures.childViewController)
    XCTAssertEqual(block["verdict"] as? String, "conflict")
    let suggestions = try XCTUnwrap(block["suggestions"] as? [[String: Any]])
    let best = try XCTUnwrap(suggestions.first)
    XCTAssertEqual(best["kind"] as? String, "translatesAutoresizingMask")
    XCTAssertEqual(best["verified"] as? Bool, true)
    // Every autoresizing constraint of the root view goes, and nothing else.
    XCTAssertEqual(best["changes"] as? [Int], [5, 6, 7, 8])
    XCTAssertTrue(
      (best["text"] as? String ?? "").contains("translatesAutoresizingMaskIntoConstraints = false"))
    let constraints = try XCTUnwrap(block["constraints"] as? [[String: Any]])
    let origins = try XCTUnwrap(constraints[8]["origins"] as? [[String: Any]])
    XCTAssertEqual(origins.first?["kind"] as? String, "autoresizingMask")
    XCTAssertTrue(
      (origins.first?["text"] as? String ?? "").contains("left margin, width fixed, right margin flexible"))
  }

  func testSelfSizingCellGetsThe999Fix() throws {
    let block = try analyzeJSON(DiagnosisFixtures.selfSizingCell)
    let suggestions = try XCTUnwrap(block["suggestions"] as? [[String: Any]])
    let best = try XCTUnwrap(suggestions.first)
    XCTAssertEqual(best["kind"] as? String, "cellSizePriority")
    XCTAssertEqual(best["verified"] as? Bool, true)
    // The fix lowers one of the app's vertical constraints, never the table view's height.
    let index = try XCTUnwrap(best["constraint"] as? Int)
    XCTAssertTrue([0, 1, 2].contains(index), "\(index)")
    XCTAssertTrue((best["text"] as? String ?? "").contains("to priority 999"))
    XCTAssertFalse(suggestions.contains { ($0["changes"] as? [Int])?.contains(4) == true })
    let constraints = try XCTUnwrap(block["constraints"] as? [[String: Any]])
    XCTAssertEqual(
      constraints[1]["english"] as? String, "ThumbnailView: top edge = content view's top edge + 12")
    XCTAssertEqual(
      constraints[3]["english"] as? String,
      "UILabel 'Blue Mug' (next to Shop.ThumbnailView): leading edge = ThumbnailView's trailing edge + 8")
    XCTAssertEqual((constraints[4]["origins"] as? [[String: Any]])?.first?["kind"] as? String, "cellSize")
    XCTAssertTrue((block["explanation"] as? String ?? "").hasPrefix("These 4 constraints cannot all hold"))
  }

  func testTextPutsTheSetFirstThenTheFixThenTheRest() throws {
    let result = try LCQProcess.run(["analyze", DiagnosisFixtures.selfSizingCell])
    let text = result.stdout
    let set = try XCTUnwrap(text.range(of: "Minimal conflicting set (4):"))
    let fix = try XCTUnwrap(text.range(of: "Fix (proven by re-solving):"))
    let rest = try XCTUnwrap(text.range(of: "Not needed for the conflict:"))
    XCTAssertLessThan(set.lowerBound, fix.lowerBound)
    XCTAssertLessThan(fix.lowerBound, rest.lowerBound)
    XCTAssertTrue(text.contains("[1] * ThumbnailView: height = 120  ← broken by UIKit"), text)
    XCTAssertFalse(text.contains("\u{1B}["), "no colour when piped")
  }

  func testColourOnlyOnATerminalAndNeverWithNoColor() throws {
    let always = try LCQProcess.run(["analyze", "--color", "always", DiagnosisFixtures.selfSizingCell])
    XCTAssertTrue(always.stdout.contains("\u{1B}["))
    // A real terminal: `script` gives lcq a pseudo-terminal as standard output. (`swift test`
    // itself sets NO_COLOR, hence `env -u`.)
    let command = "\(LCQProcess.executable.path) analyze \(DiagnosisFixtures.selfSizingCell)"
    let onTerminal = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", "env -u NO_COLOR " + command, "/dev/null"],
      environment: ["TERM": "xterm"])
    XCTAssertTrue(onTerminal.stdout.contains("\u{1B}["), onTerminal.stdout)
    let noColor = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
      environment: ["TERM": "xterm", "NO_COLOR": "1"])
    XCTAssertTrue(noColor.stdout.contains("Minimal conflicting set"), noColor.stdout)
    XCTAssertFalse(noColor.stdout.contains("\u{1B}["), noColor.stdout)
  }

  func testLogTextCannotEscapeIntoTheTerminalOrThePicture() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-svg-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try LCQProcess.run(
      ["analyze", "--color", "always", "--svg", directory.path, DiagnosisFixtures.hostileLabels])
    XCTAssertEqual(result.status, 0, result.stderr)
    // The label's own escape sequence is spelled out; lcq's colours still work.
    XCTAssertTrue(result.stdout.contains("\\u{1B}[31mred"), result.stdout)
    XCTAssertFalse(result.stdout.contains("\u{1B}[31mred"))
    let svg = try String(
      contentsOf: directory.appendingPathComponent("hostile-labels-1.svg"), encoding: .utf8)
    XCTAssertFalse(svg.contains("<script"))
    XCTAssertTrue(
      svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bobby&#39;)"), svg)
    XCTAssertFalse(svg.unicodeScalars.contains("\u{1B}"))
    try PictureCheck.renderToPNG(directory.appendingPathComponent("hostile-labels-1.svg"))
  }

  func testPicturesOfCorpusConflictsRenderToPNG() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-svg-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = DiagnosisFixtures.all + ["001", "005", "009", "014", "019"].map(LCQProcess.corpusFile)
    let result = try LCQProcess.run(["analyze", "--svg", directory.path] + inputs)
    XCTAssertEqual(result.status, 0, result.stderr)
    let pictures = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".svg")
    }
    XCTAssertGreaterThanOrEqual(pictures.count, 8, "\(pictures)")
    for picture in pictures.sorted() {
      let svg = try String(contentsOf: directory.appendingPathComponent(picture), encoding: .utf8)
      // The conflict is drawn: orange or red constraint lines and a numbered legend.
      XCTAssertTrue(
        svg.contains("stroke=\"rgb(239,108,0)\"") || svg.contains("stroke=\"rgb(198,40,40)\""), picture)
      XCTAssertTrue(svg.contains(">[1]") || svg.contains(">[2]") || svg.contains(">[3]"), picture)
      try PictureCheck.renderToPNG(directory.appendingPathComponent(picture))
    }
    let broken = try String(
      contentsOf: directory.appendingPathComponent("self-sizing-cell-1.svg"), encoding: .utf8)
    XCTAssertTrue(broken.contains("[1] wants 120"), "the broken height is drawn at the size it asks for")
    XCTAssertTrue(broken.contains("(broken by UIKit)"))
  }

  /// A finite envelope is drawn twice side by side (docs/envelope.md): 192's root view (safe
  /// from 375 pt, EnvelopeTests) at 374 pt, where it fires, and at 375 pt, where it holds; a
  /// conflict that fires at every size (004) gets no such picture.
  func testAnEnvelopeIsDrawnAtAFiringAndASafeSize() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-svg-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try LCQProcess.run(
      ["analyze", "--svg", directory.path] + ["192", "004"].map(LCQProcess.corpusFile))
    XCTAssertEqual(result.status, 0, result.stderr)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    XCTAssertTrue(names.contains("192-medium-all-newlines-removed-1-sizes.svg"), "\(names)")
    XCTAssertFalse(names.contains { $0.hasPrefix("004-") && $0.hasSuffix("-sizes.svg") }, "\(names)")
    let file = directory.appendingPathComponent("192-medium-all-newlines-removed-1-sizes.svg")
    let svg = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(svg.contains("[5] the root view&#39;s width at 374 pt: the conflict fires"), svg)
    XCTAssertTrue(svg.contains("[5] the root view&#39;s width at 375 pt: every constraint holds"), svg)
    XCTAssertTrue(svg.contains("width = 320 (drawn at 374 pt)"), svg)
    XCTAssertTrue(svg.contains("width = 320 (drawn at 375 pt)"), svg)
    // At 374 pt [4] is relaxed to draw a layout; at 375 pt nothing is.
    XCTAssertEqual(svg.components(separatedBy: "[4] wants 375").count, 2, svg)
    try PictureCheck.renderToPNG(file)
  }

  func testSVGDirectoryThatCannotBeMadeIsAnError() throws {
    let result = try LCQProcess.run([
      "analyze", "--svg", "/proc/lcq-cannot-exist", DiagnosisFixtures.selfSizingCell,
    ])
    XCTAssertEqual(result.status, 64, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("--svg /proc/lcq-cannot-exist: cannot make the directory"), result.stderr)
  }
}

/// Renders SVG with librsvg's `rsvg-convert` (Debian `librsvg2-bin`, installed by `.ci/run`).
enum PictureCheck {
  static func renderToPNG(_ svg: URL) throws {
    let png = svg.deletingPathExtension().appendingPathExtension("png")
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"), ["rsvg-convert", "--output", png.path, svg.path])
    XCTAssertEqual(result.status, 0, "rsvg-convert (apt-get install librsvg2-bin): \(result.stderr)")
    let data = try Data(contentsOf: png)
    XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(svg.lastPathComponent) is not a PNG")
    XCTAssertGreaterThan(data.count, 4000, "\(svg.lastPathComponent) renders to an almost empty image")
  }
}
