import XCTest

@testable import LCQParsing

/// A scanner that leaves descriptions unparsed, followed by `parsingDescriptions()`, gives the
/// blocks a parsing scanner gives: same constraints, issues (lines and columns) and platform.
final class DeferredParsingTests: XCTestCase {
  func testParsingLaterGivesTheSameBlocksOnEveryCorpusFile() {
    let paths = CorpusFixtures.relativePaths(in: "real") + CorpusFixtures.relativePaths(in: "formats")
    XCTAssertGreaterThan(paths.count, 100)
    var blockCount = 0
    var unreadable = 0
    for path in paths {
      let bytes = CorpusFixtures.bytes(path)
      let parsed = CorpusFixtures.blocks(path)
      let deferred = Self.deferredBlocks(bytes, file: path)
      XCTAssertEqual(deferred.count, parsed.count, path)
      for (late, early) in zip(deferred, parsed) {
        XCTAssertFalse(late.descriptionsParsed, path)
        XCTAssertTrue(late.constraints.allSatisfy { $0.constraint == nil && $0.issue == nil }, path)
        let now = late.parsingDescriptions()
        XCTAssertTrue(now.descriptionsParsed)
        XCTAssertEqual(now.constraints, early.constraints, "\(path):\(early.source.line)")
        XCTAssertEqual(now.brokenConstraint, early.brokenConstraint, "\(path):\(early.source.line)")
        XCTAssertEqual(now.issues, early.issues, "\(path):\(early.source.line)")
        XCTAssertEqual(now.platform, early.platform, "\(path):\(early.source.line)")
        XCTAssertEqual(now.rawText, early.rawText, "\(path):\(early.source.line)")
        blockCount += 1
        if !early.isFullyParsed { unreadable += 1 }
      }
    }
    // The comparison covers blocks with unreadable descriptions, not only clean ones.
    XCTAssertGreaterThan(blockCount, 150)
    XCTAssertGreaterThan(unreadable, 5)
  }

  func testAppKitIsDecidedByTheItemsOnceParsed() {
    let text = """
      (
          "<NSLayoutConstraint:0x600000c8a0a0 NSButton:0x7fa1c0d0e0f0.width == 40   (active)>",
          "<NSLayoutConstraint:0x600000c8a0b0 NSButton:0x7fa1c0d0e0f0.width == 60   (active)>"
      )
      """
    let deferred = Self.deferredBlocks(Array(text.utf8), file: "appkit.log")
    XCTAssertEqual(deferred.count, 1)
    XCTAssertEqual(deferred.first?.parsingDescriptions().platform, .appkit)
  }

  static func deferredBlocks(_ bytes: [UInt8], file: String) -> [ConflictBlock] {
    var scanner = ConflictScanner(file: file, parsesDescriptions: false)
    var blocks: [ConflictBlock] = []
    scanner.feed(bytes) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }
}
