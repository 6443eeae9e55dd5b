import LCQAnalysis
import LCQParsing
import XCTest

/// A conflict message written from a list of descriptions, for tests that work a block by hand.
enum ListMessage {
  /// UIKit's header.
  static let uikit = "Unable to simultaneously satisfy constraints."
  /// AppKit's header.
  static let appkit = "Unable to simultaneously satisfy constraints:"

  /// The analysis of the one block that `header`, `descriptions` and (when `broken` is given)
  /// the recovery line naming `descriptions[broken]` make.
  static func analyze(
    _ descriptions: [String], header: String = uikit, broken: Int? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> BlockAnalysis {
    var text = header + "\n(\n" + descriptions.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
    if let broken { text += "Will attempt to recover by breaking constraint \n\(descriptions[broken])\n\n" }
    let blocks = ConflictScanner.blocks(in: text, file: "test.log")
    XCTAssertEqual(blocks.count, 1, file: file, line: line)
    return BlockAnalyzer().analyze(blocks[0])
  }
}
