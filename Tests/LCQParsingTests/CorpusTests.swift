import LCQParsing
import XCTest

/// Every shared corpus file gives the blocks and constraint counts read off the file.
final class CorpusTests: XCTestCase {
  func testExpectationsCoverEveryCorpusFile() {
    let files = CorpusFixtures.relativePaths(in: "real") + CorpusFixtures.relativePaths(in: "formats")
    XCTAssertEqual(files.count, 145)
    XCTAssertEqual(Set(files), Set(CorpusExpectations.constraintsPerBlock.keys))
  }

  func testEveryFileHasTheExpectedBlocksAndConstraintCounts() {
    for (file, expected) in CorpusExpectations.constraintsPerBlock.sorted(by: { $0.key < $1.key }) {
      let blocks = CorpusFixtures.blocks(file)
      XCTAssertEqual(blocks.map(\.constraints.count), expected, file)
    }
  }

  /// In files not marked MANGLED, FRAGMENT or NOT (Apple's format, a conflict message…), every
  /// description parses, except one the paste cut off at the very end of the file.
  func testEveryCompleteDescriptionParsesInAppleFormatFiles() {
    let notes = CorpusFixtures.sourceNotes()
    XCTAssertEqual(notes.count, 138)
    var checked = 0
    for (name, note) in notes.sorted(by: { $0.key < $1.key }) {
      if note.contains("MANGLED") || note.contains("FRAGMENT") || note.contains("NOT ") { continue }
      checked += 1
      let blocks = CorpusFixtures.blocks("real/\(name)")
      let all = blocks.flatMap { $0.constraints + ($0.brokenConstraint.map { [$0] } ?? []) }
      let lastLine = all.map(\.line).max() ?? 0
      for logged in all where !logged.isParsed {
        XCTAssertTrue(
          logged.issue?.reason.contains("cut off") == true && logged.line == lastLine,
          "\(name):\(logged.line): \(logged.issue?.reason ?? "?"): \(logged.description)")
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }

  /// Damaged files never crash the reader; every description lost is reported as a ParseIssue.
  func testMangledFilesReportEveryLoss() {
    let notes = CorpusFixtures.sourceNotes()
    for (name, note) in notes.sorted(by: { $0.key < $1.key })
    where note.contains("MANGLED") || note.contains("FRAGMENT") || note.contains("NOT ") {
      for block in CorpusFixtures.blocks("real/\(name)") {
        for logged in block.constraints where !logged.isParsed {
          XCTAssertNotNil(logged.issue, name)
          XCTAssertTrue(block.issues.contains(logged.issue!), name)
        }
        XCTAssertFalse(block.rawText.isEmpty, name)
      }
    }
  }

  /// The broken constraint is found in the list in complete messages, as read off the files.
  func testBrokenConstraintIndexInCompleteMessages() {
    // (file, block, index of the broken constraint in the list): the broken line's address
    // looked up by position in each message's list, read off the files.
    let cases: [(String, Int, Int?)] = [
      ("real/009-wtf-custom9-full-block-stackview.log", 0, 7),
      ("real/050-duckduckgo-toolbar-height-zero.log", 0, 1),
      ("real/055-inputaccessory-5-messages-stream.log", 4, 3),
      ("real/066-masonry-named-constraints-blog.log", 0, 1),
      ("real/082-snapkit-old-nested-angle-ibprototyping.log", 0, nil),
      ("real/122-macvim-appkit-yosemite-wrapped-line.log", 0, 5),
      ("real/038-heliport-appkit-conflicting-detected.log", 1, 1),
    ]
    for (file, blockIndex, expected) in cases {
      let block = CorpusFixtures.blocks(file)[blockIndex]
      XCTAssertNotNil(block.brokenConstraint, file)
      XCTAssertEqual(block.brokenConstraintIndex, expected, file)
    }
  }

  func testRedactedMessagesAreMarked() {
    let blocks = CorpusFixtures.blocks("real/029-masonry-macos-private-redacted.log")
    XCTAssertEqual(blocks.count, 2)
    XCTAssertTrue(blocks.allSatisfy(\.isRedacted))
    XCTAssertTrue(blocks.allSatisfy { $0.platform == .appkit })
  }

  func testUnicodeEscapesInTheListMatchTheBrokenConstraint() {
    let block = CorpusFixtures.blocks("real/060-wzimage-comment-unicode-escapes.log")[0]
    // The list prints `UIButton:0x7f82eec3c140'\U5206\U4eab'`; the broken constraint prints '分享'.
    XCTAssertTrue(block.constraints[11].description.contains("\\U5206\\U4eab"))
    let listLabels = block.constraints.flatMap { $0.constraint?.items ?? [] }.compactMap(\.label)
    XCTAssertTrue(listLabels.contains("分享"), "\(listLabels)")
    let brokenLabels = (block.brokenConstraint?.constraint?.items ?? []).compactMap(\.label)
    XCTAssertTrue(brokenLabels.contains("分享"), "\(brokenLabels)")
    XCTAssertEqual(block.brokenConstraintIndex, 11)
  }
}
