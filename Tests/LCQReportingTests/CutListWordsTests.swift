import LCQAnalysis
import LCQParsing
import XCTest

@testable import LCQReporting

/// A list lcq knows is cut is said cut first, never blamed on rounding first; "so members are
/// missing" only when the part that was read can hold (issue 70 item 8). The messages are
/// written here: two widths of one view that can hold together.
final class CutListWordsTests: XCTestCase {
  private let header = "Unable to simultaneously satisfy constraints.\n"
  private let members = """
        "<NSLayoutConstraint:0x1 UIView:0x10.width == 100   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x10.leading == UIView:0x20.leading + 8   (active)>"

    """

  private func verdictLines(_ text: String) throws -> [String] {
    let block = try XCTUnwrap(ConflictScanner.blocks(in: text, file: "paste.log").first)
    return VerdictText.lines(for: BlockAnalyzer().analyze(block))
  }

  func testAListCutBeforeItsCloseIsSaidCutNotRounding() throws {
    // The message ends at the next message's header, its list never closed.
    let cut = header + "(\n" + members + "\n" + header + "(\n" + members + ")\n"
    XCTAssertEqual(
      try verdictLines(cut),
      [
        "  The list is cut (the message ends before its list was closed): every listed constraint can hold "
          + "together, and UIKit logged a conflict, so members are missing; the verdict covers the listed "
          + "constraints only."
      ])
    // Closed, the same list is a phantom conflict.
    XCTAssertEqual(
      try verdictLines(header + "(\n" + members + ")\n"),
      [
        "  Every logged constraint can hold together: a phantom conflict (UIKit's own rounding, or a list that "
          + "is not whole)."
      ])
  }

  func testAListStartingMidWaySaysMembersAreMissingOnlyWhenItsPartHolds() throws {
    XCTAssertEqual(
      try verdictLines(members + ")\n"),
      [
        "  The list starts mid-way (no header or '(' before it): every listed constraint can hold together, "
          + "and UIKit logged a conflict, so members are missing; the verdict covers the listed constraints only."
      ])
    // A part that conflicts by itself proves the conflict: it says the top is not shown, no more.
    let conflicting = """
          "<NSLayoutConstraint:0x1 UIView:0x10.width == 100   (active)>",
          "<NSLayoutConstraint:0x2 UIView:0x10.width == 80   (active)>"
      )

      """
    let lines = try verdictLines(conflicting)
    XCTAssertTrue(
      lines.contains(
        "  The list starts mid-way (no header or '(' before it): members before it are not shown, and the "
          + "verdict covers the listed constraints only."), "\(lines)")
    XCTAssertFalse(lines.contains { $0.contains("members are missing") }, "\(lines)")
  }
}
