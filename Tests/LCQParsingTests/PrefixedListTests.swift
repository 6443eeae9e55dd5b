import LCQParsing
import XCTest

/// A list whose every line carries a log tool's prefix, with no header line to learn it from,
/// is whole: its `(` and `)` lines are read through the prefix (a prefix with a time, or
/// bracketed tags only), so it neither "starts mid-way" nor "ends before its list was closed".
final class PrefixedListTests: XCTestCase {
  private let lines = [
    "(",
    "    \"<NSLayoutConstraint:0x1 UIView:0x10.width == 100   (active)>\",",
    "    \"<NSLayoutConstraint:0x2 UIView:0x10.width == 200   (active)>\"",
    ")",
  ]

  private func check(_ prefix: String, file: StaticString = #filePath, line: UInt = #line) {
    let text = lines.map { prefix + $0 }.joined(separator: "\n") + "\n"
    let blocks = ConflictScanner.blocks(in: text, file: "t.log")
    XCTAssertEqual(blocks.count, 1, file: file, line: line)
    XCTAssertEqual(blocks.first?.constraints.count, 2, file: file, line: line)
    XCTAssertEqual(blocks.first?.startsMidList, false, prefix, file: file, line: line)
    XCTAssertEqual(
      blocks.first?.issues.filter { $0.reason.contains("before its list was closed") }.count, 0,
      "\(blocks.first?.issues.map(\.reason) ?? [])", file: file, line: line)
  }

  func testASyslogPrefixOnEveryLine() { check("Mar  5 14:10:01 iPhone MyApp(UIKitCore)[4242] <Notice>: ") }
  func testAToolsTagOnEveryLine() { check("[IOS_SYSLOG_ROW] ") }
  func testTagsAndAnAppiumTimeOnEveryLine() { check("2024-03-05 14:10:01:123 [XCUITest] [IOS_SYSLOG_ROW] ") }
  func testDebugTagsOnEveryLine() { check("[debug] [XCUITest] ") }

  /// Prose that happens to end with a parenthesis is not a list's opening.
  func testProseEndingWithAParenthesisOpensNothing() {
    let text = "it failed (\n" + lines.dropFirst().joined(separator: "\n") + "\n"
    XCTAssertEqual(ConflictScanner.blocks(in: text, file: "t.log").first?.startsMidList, true)
  }
}
