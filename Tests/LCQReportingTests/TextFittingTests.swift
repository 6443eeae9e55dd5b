import XCTest

@testable import LCQReporting

/// Text fitted to a width: table cells cut in the middle, and a terminal's long lines broken
/// at spaces. Every expected string is written out by hand.
final class TextFittingTests: XCTestCase {
  func testACutTitleKeepsBothEnds() {
    // 30 characters into 15: 7 from the start, "…", 7 from the end; neither end stops at a
    // space, since the nearest is more than a quarter of its length away.
    XCTAssertEqual(TableFit.cutInTheMiddle("UIImageView width vs cell width", to: 15), "UIImage…l width")
    // Into 25: 12 and 12, "UIImageView " and "s cell width". Each would cut a word ("width",
    // "vs"), and each has a space within a quarter of its length: the start stops before its
    // space, the end starts after its own.
    XCTAssertEqual(
      TableFit.cutInTheMiddle("UIImageView width vs cell width", to: 25), "UIImageView…cell width")
    // A title that fits is left alone; a width of one keeps one character.
    XCTAssertEqual(TableFit.cutInTheMiddle("short", to: 5), "short")
    XCTAssertEqual(TableFit.cutInTheMiddle("short", to: 1), "s")
    // Two titles that share their start stay apart: 15 from the start ("MessageInputBar", no
    // space to stop at), 14 from the end ("nerView bottom": its space is 7 in, past a quarter;
    // "fitting height" starts on a word).
    let first = TableFit.cutInTheMiddle(
      "MessageInputBar: UIView height vs UIInputSetContainerView bottom", to: 30)
    let second = TableFit.cutInTheMiddle("MessageInputBar: UIView height vs temporary fitting height", to: 30)
    XCTAssertEqual(first, "MessageInputBar…nerView bottom")
    XCTAssertEqual(second, "MessageInputBar…fitting height")
  }

  /// Two titles of one view whose middle cuts read the same are each cut after the first word
  /// they differ in: both start "MessageInputBar: UI" (19 characters), so each keeps its word
  /// from there ("UIView", "UITextField"), then "…" and the end from a word's start in the 35
  /// columns left of 36.
  func testTitlesThatWouldReadTheSameKeepTheWordTheyDifferIn() {
    let view = "MessageInputBar: UIView height vs temporary fitting height"
    let field = "MessageInputBar: UITextField bottom vs temporary fitting height"
    XCTAssertEqual(TableFit.cutInTheMiddle(view, to: 36), "MessageInputBar:…fitting height")
    XCTAssertEqual(TableFit.cutInTheMiddle(field, to: 36), "MessageInputBar:…fitting height")
    let cuts = TableFit.distinctCuts(of: [view, field, "UIImageView width vs cell width"], to: 36)
    XCTAssertEqual(cuts[view], "MessageInputBar: UIView…height")
    XCTAssertEqual(cuts[field], "MessageInputBar: UITextField…height")
    XCTAssertEqual(cuts["UIImageView width vs cell width"], "UIImageView width vs cell width")
    // In 27: "MessageInputBar: UIView" (23) leaves 3 for the end, where no word starts, so it
    // ends at "…"; "MessageInputBar: UITextField" (28) does not fit, so 26 of it and "…".
    let narrow = TableFit.distinctCuts(of: [view, field], to: 27)
    XCTAssertEqual(narrow[view], "MessageInputBar: UIView…")
    XCTAssertEqual(narrow[field], "MessageInputBar: UITextFie…")
  }

  func testLongLinesBreakAtSpacesUnderTheirText() {
    let member = "    [1] * ThumbnailView: height = 120 because the cell measures itself first"
    let under = String(repeating: " ", count: 10)  // "    [1] * " is 10 columns
    XCTAssertEqual(
      TextWrap.wrap(member, width: 40),
      "    [1] * ThumbnailView: height = 120\n\(under)because the cell measures\n\(under)itself first")
    // A padded number: the text starts after "[ 1] * ".
    XCTAssertEqual(
      TextWrap.wrap("    [ 1] * one two three four five", width: 24),
      "    [ 1] * one two three\n" + String(repeating: " ", count: 11) + "four five")
    // Other lines continue two columns further in.
    XCTAssertEqual(
      TextWrap.wrap("  These 4 constraints cannot all hold", width: 20),
      "  These 4\n    constraints\n    cannot all hold")
  }

  func testDescriptionsAndLongWordsStayWholeAndColoursTakeNoWidth() {
    let description = "          <NSLayoutConstraint:0x600 Shop.ThumbnailView:0x7fb.height == 120   (active)>"
    XCTAssertEqual(TextWrap.wrap(description, width: 30), description)
    XCTAssertEqual(
      TextWrap.wrap("  averyveryverylongword next", width: 10), "  averyveryverylongword\n    next")
    // Dimmed: the escape codes are not counted, so the line fits in 12 columns.
    let dimmed = "\u{1B}[2m  one two\u{1B}[0m three"
    XCTAssertEqual(TextWrap.wrap(dimmed, width: 15), dimmed)
    XCTAssertEqual(TextWrap.wrap(dimmed, width: 10), "\u{1B}[2m  one two\u{1B}[0m\n    three")
    // A dimmed member's line continues under its own indentation, not the codes'.
    XCTAssertEqual(
      TextWrap.wrap("\u{1B}[2m          the app's own constraint\u{1B}[0m", width: 24),
      "\u{1B}[2m          the app's own\n" + String(repeating: " ", count: 12) + "constraint\u{1B}[0m")
    // Blank lines and short ones are kept.
    XCTAssertEqual(TextWrap.wrap("a\n\nb", width: 1), "a\n\nb")
  }
}
