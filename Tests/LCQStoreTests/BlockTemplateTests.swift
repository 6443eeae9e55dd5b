import Foundation
import LCQParsing
import LCQStore
import XCTest

final class BlockTemplateTests: XCTestCase {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LCQParsingTests/Fixtures/corpus").standardizedFileURL

  static func blocks(of folder: String) throws -> [ConflictBlock] {
    let directory = corpus.appendingPathComponent(folder)
    var blocks: [ConflictBlock] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    where name.hasSuffix(".log") {
      var scanner = ConflictScanner(file: name)
      scanner.feed(Array(try Data(contentsOf: directory.appendingPathComponent(name)))) { blocks.append($0) }
      _ = scanner.finish { blocks.append($0) }
    }
    return blocks
  }

  func testEveryCorpusBlockIsRebuiltByteForByte() throws {
    let blocks = try Self.blocks(of: "real") + Self.blocks(of: "formats")
    XCTAssertGreaterThan(blocks.count, 150)
    for block in blocks {
      let split = BlockTemplate(splitting: block.rawText)
      XCTAssertFalse(split.template.contains { $0.isNumber && $0.isASCII }, block.source.file)
      XCTAssertEqual(
        BlockTemplate(template: split.template, values: split.values).text, block.rawText, block.source.file)
    }
  }

  func testTheSameConflictAtOtherAddressesAndTimesSharesATemplate() throws {
    // 061: messages 2 and 3 are one conflict logged twice, 2 ms apart, at other addresses.
    let blocks = try Self.blocks(of: "real").filter { $0.source.file.hasPrefix("061") }
    XCTAssertNotEqual(blocks[1].rawText, blocks[2].rawText)
    XCTAssertEqual(
      BlockTemplate(splitting: blocks[1].rawText).template,
      BlockTemplate(splitting: blocks[2].rawText).template)
  }

  func testEdgeCases() {
    for text in [
      "", "0x", "0x1f 12 \u{1}\u{1} x9", "trailing 0xABCdef", "١٢٣ non-ASCII digits", "a\n\n0",
      "label 'a\u{0}b' \u{0}\u{0} 12\u{0}0x1 \u{2}",
    ] {
      let split = BlockTemplate(splitting: text)
      XCTAssertFalse(split.template.utf8.contains(0), "no NUL reaches SQLite")
      XCTAssertFalse(split.values.utf8.contains(0), "no NUL reaches SQLite")
      XCTAssertEqual(BlockTemplate(template: split.template, values: split.values).text, text)
    }
  }

  /// The stored form, worked out by hand: databases written by earlier releases hold it.
  func testTheStoredFormIsFixed() {
    let split = BlockTemplate(splitting: "at 0x7f1a: w == 94.3333\u{1}\u{0}0x (7)")
    // A bare `0x` is a value too.
    XCTAssertEqual(split.template, "at \u{1}: w == \u{1}.\u{1}\u{1}\u{1}\u{1} (\u{1})")
    XCTAssertEqual(split.values, "0x7f1a 94 3333 \u{1} \u{2} 0x 7")
  }
}
