import LCQParsing
import LCQTestSupport
import XCTest

final class ScannerTests: XCTestCase {
  private let message = """
    2024-03-05 14:10:01.123457-0800 MyApp[4242:2043453] [LayoutConstraints] Unable to simultaneously satisfy constraints.
    \tProbably at least one of the constraints in the following list is one you don't want.
    (
        "<NSLayoutConstraint:0x600001 UIView:0x7f01.height == 10   (active)>",
        "<NSLayoutConstraint:0x600002 UIView:0x7f01.height == 20   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600002 UIView:0x7f01.height == 20   (active)>

    Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.

    """

  private func scan(_ text: String, chunkSize: Int? = nil) -> (blocks: [ConflictBlock], summary: ScanSummary)
  {
    CorpusFixtures.scan(Array(text.utf8), file: "test.log", chunkSize: chunkSize)
  }

  /// The end of an input says whether the message's list was seen whole: a list still open,
  /// or its last line without a line feed, is cut off (it waits for more); a list whole ends
  /// the input (it is analysed, and a grown file completes it), its broken constraint unknown
  /// when the input ends before it, and as read (cut) when the input ends inside it.
  func testTheEndOfAnInputMarksAMessageItEndsInside() throws {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func lastBlock(_ text: String) -> ConflictBlock? { scan(text).blocks.last }
    func upTo(_ last: Int) -> String { lines[0...last].joined(separator: "\n") + "\n" }
    // Inside the list: after its first description.
    XCTAssertEqual(lastBlock(upTo(3))?.endsCutOff, true)
    XCTAssertEqual(lastBlock(upTo(3))?.endsInput, false)
    // Inside a line of the list (no line feed at the end).
    XCTAssertEqual(lastBlock(upTo(3) + "    \"<NSLayoutCons")?.endsCutOff, true)
    // Only the header read.
    XCTAssertEqual(lastBlock(upTo(1))?.endsCutOff, true)
    // The list closed: it counts (a pasted list often ends there).
    let closed = try XCTUnwrap(lastBlock(upTo(5)))
    XCTAssertEqual([closed.endsCutOff, closed.endsInput], [false, true])
    XCTAssertEqual(closed.constraints.count, 2)
    // After "Will attempt to recover", before the broken constraint: the list counts, the
    // broken constraint is not known, and an issue says so.
    let beforeBroken = try XCTUnwrap(lastBlock(upTo(7)))
    XCTAssertEqual([beforeBroken.endsCutOff, beforeBroken.endsInput], [false, true])
    XCTAssertNil(beforeBroken.brokenConstraint)
    XCTAssertEqual(
      beforeBroken.issues.map(\.description),
      [
        "test.log:8:1: the input ends before this message's broken constraint: which constraint UIKit broke is not known"
      ])
    // Inside the broken constraint's line (no line feed): the list counts, and the broken
    // constraint is kept as read.
    let inBroken = try XCTUnwrap(lastBlock(upTo(7) + "<NSLayoutConstraint:0x600002 UIView:0x7f01.hei"))
    XCTAssertEqual([inBroken.endsCutOff, inBroken.endsInput], [false, true])
    XCTAssertEqual(inBroken.brokenConstraint?.description, "<NSLayoutConstraint:0x600002 UIView:0x7f01.hei")
    // After the broken constraint: known.
    let afterBroken = try XCTUnwrap(lastBlock(upTo(8)))
    XCTAssertEqual(afterBroken.brokenConstraint?.description, lines[8])
    XCTAssertTrue(afterBroken.issues.isEmpty)
    // Whole, footer and all: its list whole, so the same; but nothing cut.
    let whole = try XCTUnwrap(lastBlock(message))
    XCTAssertEqual(whole.endsCutOff, false)
    XCTAssertNotNil(whole.brokenConstraint)
    // A bare list never opened with '(' has nothing more to wait for.
    XCTAssertEqual(lastBlock(lines[3] + "\n")?.endsCutOff, false)
  }

  /// An interrupted input drops the message being read, and says where it started; a live
  /// input's pause hands over only a message that may have ended.
  func testAnInterruptedOrQuietInputKeepsHalfAMessageBack() {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var scanner = ConflictScanner(file: "live")
    var blocks: [ConflictBlock] = []
    scanner.feed(Array((lines[0...3].joined(separator: "\n") + "\n").utf8)) { blocks.append($0) }
    scanner.closeOpenMessage { blocks.append($0) }
    XCTAssertTrue(blocks.isEmpty, "a pause inside the list is not the message's end")
    let summary = scanner.finish(discardingOpenMessage: true) { blocks.append($0) }
    XCTAssertTrue(blocks.isEmpty)
    XCTAssertEqual(summary.discardedMessageLine, 1)

    var quiet = ConflictScanner(file: "live")
    quiet.feed(Array((lines[0...5].joined(separator: "\n") + "\n").utf8)) { blocks.append($0) }
    quiet.closeOpenMessage { blocks.append($0) }
    XCTAssertEqual(blocks.count, 1, "a pause after the list closed hands the message over")
    XCTAssertEqual(blocks.first?.endsCutOff, false)
  }

  /// Where chunks end never changes what is found.
  func testChunkBoundariesDoNotMatter() {
    let files =
      CorpusFixtures.relativePaths(in: "formats") + [
        "real/055-inputaccessory-5-messages-stream.log", "real/061-cordova-buddy-ios8-8-messages.log",
        "real/192-medium-all-newlines-removed.log", "real/122-macvim-appkit-yosemite-wrapped-line.log",
      ]
    for file in files {
      let bytes = CorpusFixtures.bytes(file)
      let whole = CorpusFixtures.scan(bytes, file: file).blocks.map(fingerprint)
      for size in [1, 7, 64, 4096] {
        XCTAssertEqual(
          CorpusFixtures.scan(bytes, file: file, chunkSize: size).blocks.map(fingerprint), whole,
          "\(file) in \(size)-byte chunks")
      }
    }
  }

  func testBackToBackMessagesAndLineNumbers() {
    let (blocks, summary) = scan(message + message)
    XCTAssertEqual(blocks.count, 2)
    XCTAssertEqual(blocks.map(\.source.line), [1, 12])
    XCTAssertEqual(blocks.map(\.lastLine), [11, 22])
    XCTAssertEqual(summary.lines, 22)
    XCTAssertTrue(blocks.allSatisfy { $0.issues.isEmpty })
  }

  /// A live pipe shows a block as soon as its footer's last line is read.
  func testABlockIsHandedOverAtTheEndOfItsFooter() {
    let complete = message.replacingOccurrences(
      of: "catch this in the debugger.\n",
      with: "catch this in the debugger.\n"
        + "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.\n"
    )
    var scanner = ConflictScanner(file: "live.log")
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(complete.utf8)) { blocks.append($0) }
    XCTAssertEqual(blocks.count, 1, "delivered before the input ends")
    XCTAssertEqual(blocks.first?.lastLine, 12)
    _ = scanner.finish { blocks.append($0) }
    XCTAssertEqual(blocks.count, 1)
  }

  func testInterleavedLinesAreSkippedAndCounted() {
    let noisy = message.replacingOccurrences(
      of: "    \"<NSLayoutConstraint:0x600002",
      with: "2024-03-05 14:10:01.2 MyApp[4242:2043453] [MC] Reading from public effective user settings.\n"
        + "2024-03-05 14:10:01.3 MyApp[4242:2043453] [net] GET /feed 200\n    \"<NSLayoutConstraint:0x600002")
    let block = scan(noisy).blocks[0]
    XCTAssertEqual(block.constraints.count, 2)
    XCTAssertEqual(block.interleavedLineCount, 2)
    XCTAssertFalse(block.rawText.contains("[MC]"))
    XCTAssertEqual(block.brokenConstraintIndex, 1)
  }

  func testStreamStartingAndEndingMidMessage() {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    let tail = lines[7...].joined(separator: "\n")  // from "Will attempt…"
    let head = lines[0...3].joined(separator: "\n")  // header and the first item only
    let (blocks, _) = scan(tail + "\n" + head)
    XCTAssertEqual(blocks.count, 2)
    XCTAssertEqual(blocks[0].header, .recoveryOnly)
    XCTAssertTrue(blocks[0].constraints.isEmpty)
    XCTAssertNotNil(blocks[0].brokenConstraint?.constraint)
    XCTAssertEqual(blocks[1].constraints.count, 1)
    XCTAssertTrue(
      blocks[1].issues.contains { $0.reason.contains("before its list was closed") }, "\(blocks[1].issues)")
  }

  func testAMessageEndsAfterTooManyUnrelatedLines() {
    let noise = (1...60).map { "2024-03-05 14:10:02.0 MyApp[4242:1] [net] request \($0)" }.joined(
      separator: "\n")
    let open =
      "Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 1   (active)>\",\n"
    let (blocks, _) = scan(open + noise + "\n" + message)
    XCTAssertEqual(blocks.count, 2)
    XCTAssertEqual(blocks[0].constraints.count, 1)
    XCTAssertEqual(blocks[1].constraints.count, 2)
  }

  func testOverlongLineIsReadInPartAndTheRestGoesOn() {
    let long = String(repeating: "x", count: ConflictScanner.maxLineLength + 1000)
    let (blocks, summary) = scan(long + "\n" + message, chunkSize: 1 << 20)
    XCTAssertEqual(summary.overlongLines, 1)
    XCTAssertTrue(summary.issues[0].description.hasPrefix("test.log:1:1: line longer than"))
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(blocks[0].source.line, 2)
  }

  func testBinaryNoiseAndInvalidUTF8DoNotHarmTheBlock() {
    var bytes: [UInt8] = [0, 0xFF, 0xFE, 10, 0xC3, 0x28, 10]
    var generator = SeededGenerator.forTest("ScannerTests")
    bytes += (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) } + [10]
    var text = Array(message.utf8)
    // A label with a NUL byte and an invalid UTF-8 sequence.
    let label = Array("UIView:0x7f01.height == 10".utf8)
    if let range = text.firstRange(of: label) {
      text.replaceSubrange(
        range, with: Array("UILabel:0x7f01'a".utf8) + [0, 0xC3, 0x28] + Array("b'.height == 10".utf8))
    }
    let (blocks, _) = CorpusFixtures.scan(bytes + text, file: "bin.log", chunkSize: 3000)
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(blocks[0].constraints.count, 2)
    XCTAssertTrue(blocks[0].constraints.allSatisfy(\.isParsed), "\(blocks[0].issues)")
    XCTAssertEqual(blocks[0].constraints[0].constraint?.firstItem.label, "a\u{0}\u{FFFD}(b")
  }

  /// Input that starts with blanks is fed before the scanner can tell lines from a JSON array.
  func testByteAndLineCountsWhenTheModeIsDecidedLate() {
    let text = "  \n \n" + message
    for size in [1, 2, 5] {
      let (blocks, summary) = scan(text, chunkSize: size)
      XCTAssertEqual(summary.bytes, text.utf8.count, "\(size)-byte chunks")
      XCTAssertEqual(summary.lines, 13, "\(size)-byte chunks")
      XCTAssertEqual(blocks.first?.source.line, 3)
    }
  }

  func testEmptyAndBlankInput() {
    XCTAssertEqual(scan("").blocks.count, 0)
    XCTAssertEqual(scan("\n\n  \n").blocks.count, 0)
    XCTAssertEqual(scan("[LayoutConstraints] nothing here").summary.lines, 1)
  }

  func testLeadingWhitespaceBeyondTheModeWindowIsReadAsLines() {
    let (blocks, _) = scan(String(repeating: " \n", count: 5000) + message, chunkSize: 1000)
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(blocks[0].source.line, 5001)
  }

  func testABracketedFirstLineIsNotTakenForAJSONArray() {
    let blocks = CorpusFixtures.blocks("real/033-fdtake-negative-width-space.log")
    XCTAssertEqual(blocks.count, 1)
  }

  private func fingerprint(_ block: ConflictBlock) -> String {
    "\(block.source.line) \(block.lastLine) \(block.source.timestamp?.text ?? "") \(block.constraints.map(\.description)) "
      + "\(block.brokenConstraint?.description ?? "") \(block.issues.map(\.description)) \(block.interleavedLineCount)"
  }

  /// A bare list (no header) counts as opened when a `(` line, or lldb's `<__NSArrayM …>(`,
  /// comes right before its first description, wherever the input is cut into chunks; without
  /// one it starts mid-way. A `(` before a header opens nothing.
  func testABareListIsOpenedByTheLineBeforeIt() {
    let items = """
          "<NSLayoutConstraint:0x600001 UIView:0x7f01.height == 10   (active)>",
          "<NSLayoutConstraint:0x600002 UIView:0x7f01.height == 20   (active)>"
      )

      """
    let opened = "some prose\n(\n" + items
    for chunkSize in [nil] + Array(1...opened.utf8.count) {
      let blocks = scan(opened, chunkSize: chunkSize).blocks
      XCTAssertEqual(blocks.count, 1, "chunks of \(chunkSize ?? 0)")
      XCTAssertEqual(blocks.first?.header, .listOnly)
      XCTAssertEqual(blocks.first?.startsMidList, false, "chunks of \(chunkSize ?? 0)")
      XCTAssertEqual(
        blocks.first?.source.line, 2, "the block starts at its '(' (chunks of \(chunkSize ?? 0))")
    }
    let lldb = scan("(lldb) po $rbx\n< __NSArrayM 0x600000252510>(\n" + items).blocks
    XCTAssertEqual(lldb.first?.startsMidList, false)
    XCTAssertEqual(lldb.first?.source.line, 2)

    let midway = scan("some prose\n" + items).blocks
    XCTAssertEqual(midway.count, 1)
    XCTAssertEqual(midway.first?.startsMidList, true)
    XCTAssertEqual(midway.first?.source.line, 2)

    let beforeHeader = scan("(\n" + message).blocks
    XCTAssertEqual(beforeHeader.count, 1, "the '(' before a header opens no block of its own")
    XCTAssertEqual(beforeHeader.first?.header, .unableToSatisfyPeriod)
    XCTAssertEqual(beforeHeader.first?.startsMidList, false)
  }

  /// List items whose `"<` and `>"` were lost in pasting are read inside a list (with or
  /// without a header), and nowhere else.
  func testItemsThatLostTheirAngleBracketsAreReadInsideAList() {
    let bare = """
      Unable to simultaneously satisfy constraints.
      (
          NSLayoutConstraint:0x600001 UIView:0x7f01.leading == UIView:0x7f02.leading + 5,
          NSLayoutConstraint:0x600002 UIView:0x7f01.leading == UIView:0x7f02.leading + 8   (active)
      )

      """
    let block = scan(bare).blocks.first
    XCTAssertEqual(block?.constraints.count, 2)
    XCTAssertEqual(block?.constraints.map(\.isParsed), [true, true])
    XCTAssertEqual(
      block?.constraints.map(\.description),
      [
        "<NSLayoutConstraint:0x600001 UIView:0x7f01.leading == UIView:0x7f02.leading + 5>",
        "<NSLayoutConstraint:0x600002 UIView:0x7f01.leading == UIView:0x7f02.leading + 8   (active)>",
      ])
    XCTAssertEqual(block?.constraints.first?.line, 3)
    XCTAssertEqual(block?.constraints.first?.column, 5)

    let headerless = scan(
      bare.replacingOccurrences(of: "Unable to simultaneously satisfy constraints.\n", with: ""))
    XCTAssertEqual(headerless.blocks.first?.constraints.count, 2)
    XCTAssertEqual(headerless.blocks.first?.startsMidList, false)

    let prose = "NSLayoutConstraint:0x600001 UIView:0x7f01.leading == 5 keeps breaking.\n"
    XCTAssertEqual(scan(prose).blocks.count, 0, "a line of prose outside a list starts nothing")
  }

  /// A bare list ends at its `)`: the prose after it is nobody's, and the next `(` opens a
  /// block of its own; "Will attempt to recover…" after the `)` still belongs to the list.
  func testABareListEndsAtItsClosingParenthesis() {
    func list(_ view: String) -> String {
      """
      (
          "<NSLayoutConstraint:0x1 UIView:\(view).width == 40   (active)>",
          "<NSLayoutConstraint:0x2 UIView:\(view).width == 60   (active)>"
      )

      """
    }
    let two = scan(list("0x10") + "So that was the first. Then I got:\n" + list("0x20") + "Any idea?\n")
      .blocks
    XCTAssertEqual(two.count, 2)
    XCTAssertEqual(two.map(\.constraints.count), [2, 2])
    XCTAssertEqual(two.map(\.source.line), [1, 6])
    XCTAssertEqual(two.map(\.lastLine), [4, 9])
    XCTAssertEqual(two.map(\.interleavedLineCount), [0, 0])

    let withRecovery = scan(
      list("0x10")
        + "Will attempt to recover by breaking constraint \n<NSLayoutConstraint:0x2 UIView:0x10.width == 60   (active)>\n"
    ).blocks
    XCTAssertEqual(withRecovery.count, 1)
    XCTAssertEqual(withRecovery.first?.brokenConstraintIndex, 1)
  }
}
