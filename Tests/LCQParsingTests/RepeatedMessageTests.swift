import Foundation
import XCTest

@testable import LCQParsing

/// macOS 14 prints one conflict twice in a row: `Conflicting constraints detected: (…).` and
/// then `Unable to simultaneously satisfy constraints:` with the same constraints at the same
/// addresses. One event: one block, keeping both texts. The fixture is written by hand in the
/// shape of shared 038 (AppKit macOS 14), with the second print whole.
final class RepeatedMessageTests: XCTestCase {
  private let twice = try! String(
    contentsOf: Bundle.module.resourceURL!.appendingPathComponent(
      "Fixtures/appkit-macos14-printed-twice.log"),
    encoding: .utf8)

  /// Both prints are one block, from line 1 to the footer after the second's recovery line
  /// (line 18), with the second's text after the first's and a note that says why.
  func testTheTwoPrintsOfOneConflictAreOneBlock() throws {
    let blocks = ConflictScanner.blocks(in: twice, file: "menu.log")
    XCTAssertEqual(blocks.count, 1)
    let block = try XCTUnwrap(blocks.first)
    XCTAssertEqual(block.header, .conflictingConstraintsDetected)
    XCTAssertEqual(block.constraints.count, 3)
    XCTAssertEqual(block.brokenConstraintIndex, 1)
    XCTAssertEqual(block.source.line, 1)
    XCTAssertEqual(block.lastLine, 18)
    XCTAssertTrue(block.rawText.hasPrefix("Conflicting constraints detected: ("), block.rawText)
    XCTAssertTrue(block.rawText.contains("\nUnable to simultaneously satisfy constraints:\n("), block.rawText)
    XCTAssertEqual(
      block.issues.map(\.description),
      [
        "menu.log:8:1: AppKit printed this conflict again ('Unable to simultaneously satisfy constraints:', as "
          + "macOS 14 does after 'Conflicting constraints detected'): one event, counted once"
      ])
  }

  /// Fed a byte at a time, the scanner holds the first print across chunks and still makes
  /// one block of the two.
  func testOneByteAtATimeGivesTheSameBlock() {
    var scanner = ConflictScanner(file: "menu.log")
    var blocks: [ConflictBlock] = []
    for byte in Array(twice.utf8) { scanner.feed([byte]) { blocks.append($0) } }
    let summary = scanner.finish { blocks.append($0) }
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(summary.blocks, 1)
    XCTAssertEqual(blocks.first?.rawText, ConflictScanner.blocks(in: twice, file: "menu.log").first?.rawText)
  }

  /// A second print that the input cuts inside its list is still the first's repeat: one
  /// block, whole, as the first print was.
  func testASecondPrintCutOffIsStillTheSameEvent() throws {
    let lines = twice.split(separator: "\n", omittingEmptySubsequences: false)
    // Up to the middle of the second print's second description.
    let cut = lines[..<10].joined(separator: "\n") + "\n" + lines[10].prefix(40)
    let blocks = ConflictScanner.blocks(in: cut, file: "menu.log")
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(blocks.first?.constraints.count, 3)
    XCTAssertEqual(blocks.first?.endsCutOff, false)
    XCTAssertEqual(blocks.first?.isFullyParsed, true)
  }

  /// Another list after the first print (another address), or the first print alone, is not
  /// a repeat: each message is its own block, and a first print the input ends on is handed over.
  func testAnotherListOrAPrintAloneIsItsOwnBlock() {
    let lines = twice.split(separator: "\n", omittingEmptySubsequences: false)
    let other = twice.replacingOccurrences(
      of:
        "    \"<NSAutoresizingMaskLayoutConstraint:0x600003a10070 h=--& v=--& MenuBar.RowView:0x7fa1c0d0aac0.width == 0   (active)>\"\n)\n",
      with:
        "    \"<NSAutoresizingMaskLayoutConstraint:0x600003a10099 h=--& v=--& MenuBar.RowView:0x7fa1c0d0aac0.width == 0   (active)>\"\n)\n"
    )
    XCTAssertNotEqual(other, twice)
    XCTAssertEqual(ConflictScanner.blocks(in: other, file: "menu.log").count, 2)
    let alone = lines[..<7].joined(separator: "\n") + "\n"
    let blocks = ConflictScanner.blocks(in: alone, file: "menu.log")
    XCTAssertEqual(blocks.count, 1)
    XCTAssertEqual(blocks.first?.issues, [])
    // The second print alone, or before the first: no first print to repeat.
    let swapped = lines[7...].joined(separator: "\n") + "\n" + alone
    XCTAssertEqual(ConflictScanner.blocks(in: swapped, file: "menu.log").count, 2)
  }
}
