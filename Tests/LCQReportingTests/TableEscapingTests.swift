import LCQReporting
import XCTest

/// Every quoting rule of the CSV and Markdown tables, one assertion per rule, each expectation
/// written out by hand from RFC 4180, OWASP's list of formula triggers and the Markdown escapes.
final class TableEscapingTests: XCTestCase {
  private func csv(_ text: String) -> String {
    let rendered = ResultTable(columns: ["c"], rows: [[.text(text)]]).rendered(as: .csv)
    return String(rendered.dropFirst("c\r\n".count).dropLast("\r\n".count))
  }

  func testCSVQuotesAFieldOnlyWhenItMust() {
    XCTAssertEqual(csv("plain text"), "plain text")
    XCTAssertEqual(csv("a,b"), "\"a,b\"")
    XCTAssertEqual(csv("say \"hi\""), "\"say \"\"hi\"\"\"")
    XCTAssertEqual(csv("two\nlines"), "\"two\nlines\"")
    // A carriage return is a control character: spelled out, so nothing to quote.
    XCTAssertEqual(csv("a\rb"), "a\\u{D}b")
  }

  func testCSVDisarmsEveryFormulaTrigger() {
    XCTAssertEqual(csv("=1+1"), "'=1+1")
    XCTAssertEqual(csv("+1"), "'+1")
    XCTAssertEqual(csv("-1"), "'-1")
    XCTAssertEqual(csv("@SUM(A1)"), "'@SUM(A1)")
    XCTAssertEqual(csv("  =1"), "'  =1")
    XCTAssertEqual(csv("\t=1"), "'\t=1")
    XCTAssertEqual(csv("a=1"), "a=1")
    XCTAssertEqual(csv("=1,2"), "\"'=1,2\"")
  }

  func testCSVLinesEndInCRLFAndNumbersAreBare() {
    let table = ResultTable(columns: ["name", "count"], rows: [[.text("A"), .integer(-3)]])
    XCTAssertEqual(table.rendered(as: .csv), "name,count\r\nA,-3\r\n")
  }

  func testMarkdownEscapesMarkupMentionsAndLinks() {
    for character in "\\`*_{}[]()<>#+!|~" {
      XCTAssertEqual(MarkdownText.escape("a\(character)b"), "a\\\(character)b", "\(character)")
    }
    XCTAssertEqual(MarkdownText.escape("@team"), "@\u{2060}team")
    XCTAssertEqual(MarkdownText.escape("https://evil.example"), "https:/\u{2060}/evil.example")
    XCTAssertEqual(MarkdownText.escape("WWW.evil.example"), "WWW\u{2060}.evil.example")
    XCTAssertEqual(MarkdownText.escape("two\nlines"), "two lines")
  }

  func testMarkdownTablesAlignNumbersAndSayWhenEmpty() {
    let table = ResultTable(columns: ["last_build", "count"], rows: [[.text("a|b"), .integer(2)]])
    XCTAssertEqual(
      table.rendered(as: .markdown), "| last build | count |\n| --- | ---: |\n| a\\|b | 2 |\n")
    XCTAssertEqual(ResultTable(columns: ["c"], rows: []).rendered(as: .markdown), "_None._\n")
  }
}
