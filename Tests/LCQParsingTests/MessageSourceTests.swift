import LCQParsing
import LCQTestSupport
import XCTest

/// Where a message came from (issue 70 item 9): prose a poster wrote before the header is not
/// the process, Console.app's copied columns give the process (and the time when it has a
/// date), and "the input ends before this message's broken constraint" is said only when the
/// input does end there. Each value worked out by hand from the lines below.
final class MessageSourceTests: XCTestCase {
  private let list = """
    (
        "<NSLayoutConstraint:0x1 UIView:0x10.width == 100   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x10.width == 80   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x2 UIView:0x10.width == 80   (active)>

    """

  private func onlyBlock(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConflictBlock?
  {
    let blocks = CorpusFixtures.scan(Array(text.utf8), file: "paste.log", chunkSize: nil).blocks
    XCTAssertEqual(blocks.count, 1, file: file, line: line)
    return blocks.first
  }

  /// Past the first 48 bytes, a date and time followed by `Name[pid:tid]` is still the prefix,
  /// and the prose before it (up to its colon) is not the process's name.
  func testProseBeforeTheHeaderIsNotTheProcess() throws {
    let header =
      "When I rotate the device to landscape the following appears: 2019-05-01 10:00:00.123456+0200 "
      + "My App[123:4567] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
    let block = try XCTUnwrap(onlyBlock(header + list))
    XCTAssertEqual(block.source.process, "My App")
    XCTAssertEqual(block.source.pid, 123)
    XCTAssertEqual(block.source.timestamp?.iso8601, "2019-05-01T10:00:00.123456+02:00")
    // Without a timestamp, the colon still ends the prose.
    let bare = try XCTUnwrap(
      onlyBlock("It says: My App[123:4567] Unable to simultaneously satisfy constraints.\n" + list))
    XCTAssertEqual(bare.source.process, "My App")
  }

  /// Console.app's copied columns, separated by tabs: time (with a date, or a time alone,
  /// which gives no timestamp: nothing is invented), type, process, message; the type may
  /// come first.
  func testConsoleAppsCopiedColumnsGiveTheProcess() throws {
    let dated = try XCTUnwrap(
      onlyBlock(
        "2017-01-26 12:26:35.200431 +0100\tDefault\tVienna\tUnable to simultaneously satisfy constraints:\n"
          + list))
    XCTAssertEqual(dated.source.process, "Vienna")
    XCTAssertNil(dated.source.pid)
    XCTAssertEqual(dated.source.timestamp?.iso8601, "2017-01-26T12:26:35.200431+01:00")
    let timeOnly = try XCTUnwrap(
      onlyBlock(
        "12:26:35.200431 +0100\tError\tMy Mail\tUnable to simultaneously satisfy constraints:\n" + list))
    XCTAssertEqual(timeOnly.source.process, "My Mail")
    XCTAssertNil(timeOnly.source.timestamp)
    let typeFirst = try XCTUnwrap(
      onlyBlock(
        "default\t12:26:35.200431 +0100\tVienna\tUnable to simultaneously satisfy constraints:\n" + list))
    XCTAssertEqual(typeFirst.source.process, "Vienna")
    // One word and a tab, with no time or type column, is no process.
    let plain = try XCTUnwrap(onlyBlock("Output\tUnable to simultaneously satisfy constraints:\n" + list))
    XCTAssertNil(plain.source.process)
  }

  /// Prose after "Will attempt to recover…" is not the input's end: the message ended there
  /// without its broken constraint, at the end of the input or after too many such lines (the
  /// issue is on the message's last line, the blank line 8 after the recovery line).
  func testTheInputsEndIsSaidOnlyAtTheInputsEnd() throws {
    let head =
      "Unable to simultaneously satisfy constraints.\n"
      + list.components(separatedBy: "\n").prefix(6)
      .joined(separator: "\n") + "\n"
    let missing =
      "paste.log:8:1: the message ends before its broken constraint (the text after 'Will attempt to recover by "
      + "breaking constraint' is not a constraint): which constraint UIKit broke is not known"
    let prose = try XCTUnwrap(
      onlyBlock(head + "\nI have no idea where this comes from, any help?\nThanks!\n"))
    XCTAssertNil(prose.brokenConstraint)
    XCTAssertEqual(prose.issues.map(\.description), [missing])
    let long = (1...12).map { "more prose, line \($0)" }.joined(separator: "\n")
    let closed = try XCTUnwrap(onlyBlock(head + "\n" + long + "\n"))
    XCTAssertEqual(closed.issues.map(\.description), [missing])
    let atEnd = try XCTUnwrap(onlyBlock(head))
    XCTAssertEqual(
      atEnd.issues.map(\.description),
      [
        "paste.log:7:1: the input ends before this message's broken constraint: which constraint UIKit broke is not known"
      ])
  }
}
