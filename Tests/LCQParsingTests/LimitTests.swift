import LCQParsing
import XCTest

/// The reader's documented limits (RELIABILITY.md): 20,000 constraints and 8 MiB of text per
/// message, each past its limit with the documented issue, and the rest of the input read.
final class LimitTests: XCTestCase {
  private func scan(_ text: String) -> [ConflictBlock] {
    var scanner = ConflictScanner(file: "limits.log")
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(text.utf8)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }

  private func message(_ descriptions: [String]) -> String {
    "Unable to simultaneously satisfy constraints.\n(\n"
      + descriptions.map { "    \"\($0)\",\n" }.joined() + ")\n\n"
  }

  private let next = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x1 UIView:0x7f01.width == 40   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x7f01.width == 60   (active)>"
    )

    """

  func testAMessageKeepsItsFirstTwentyThousandConstraints() {
    let descriptions = (0..<20_005).map {
      "<NSLayoutConstraint:0x\($0 + 1) UIView:0x7f01.width == \($0)   (active)>"
    }
    let blocks = scan(message(descriptions) + next)
    XCTAssertEqual(blocks.count, 2, "the next message is read")
    XCTAssertEqual(blocks[0].constraints.count, 20_000)
    XCTAssertTrue(
      blocks[0].issues.contains {
        $0.reason == "more than 20000 constraints in one block; the rest are skipped"
      })
    XCTAssertEqual(blocks[1].constraints.count, 2)
  }

  func testAMessageKeepsEightMebibytesOfText() {
    // 12,000 descriptions of about 1 KiB: 12 MiB, past 8 MiB long before 20,000 constraints.
    let label = String(repeating: "x", count: 1000)
    let descriptions = (0..<12_000).map {
      "<NSLayoutConstraint:0x\($0 + 1) UILabel:0x7f01'\(label)'.width == \($0)   (active)>"
    }
    let blocks = scan(message(descriptions) + next)
    XCTAssertEqual(blocks.count, 2, "the next message is read")
    let kept = blocks[0].constraints.reduce(0) { $0 + $1.description.utf8.count }
    XCTAssertLessThanOrEqual(kept, 8 << 20)
    XCTAssertGreaterThan(kept, (8 << 20) - 2_000, "as many as fit")
    XCTAssertLessThanOrEqual(blocks[0].rawText.utf8.count, 8 << 20)
    let reasons = Set(blocks[0].issues.map(\.reason))
    XCTAssertTrue(
      reasons.contains("constraints past 8 MiB of text in one block; the rest are skipped"), "\(reasons)")
    XCTAssertTrue(reasons.contains("block text over 8 MiB; the rest is not kept"), "\(reasons)")
    XCTAssertEqual(blocks[1].constraints.count, 2)
  }
}
