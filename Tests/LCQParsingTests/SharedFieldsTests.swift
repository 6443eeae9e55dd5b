import XCTest

@testable import LCQParsing

/// A parsed constraint and its items keep their parts behind one shared reference
/// (``SharedFields``), and still behave as values: a change to a copy leaves the original as it
/// was, equality and hashing read the parts, and a debugger or a failing test shows the parts.
final class SharedFieldsTests: XCTestCase {
  let printed = "<NSLayoutConstraint:0x600 UILabel:0x7f1.width == 120   (active)>"

  func constraint() throws -> LayoutConstraint { try XCTUnwrap(parsedDescription(printed)) }

  func testAChangedCopyLeavesTheOriginal() throws {
    let original = try constraint()
    var copy = original
    copy.firstItem.address = "0x7f2"
    copy.constant = try XCTUnwrap(LoggedNumber(text: "44"))
    copy.names.append(NamedItem(key: "label", item: LayoutItem(className: "UILabel", address: "0x7f3")))
    XCTAssertEqual(original.firstItem.address, "0x7f1")
    XCTAssertEqual(original.constant.text, "120")
    XCTAssertTrue(original.names.isEmpty)
    XCTAssertEqual(copy.firstItem.address, "0x7f2")
    XCTAssertEqual(copy.constant.text, "44")
    XCTAssertEqual(copy.names.map(\.key), ["label"])
    XCTAssertEqual(try constraint(), original)
  }

  func testEqualityAndHashReadTheParts() throws {
    let first = try constraint()
    let second = try constraint()  // parsed again: another box, the same parts
    XCTAssertEqual(first, second)
    XCTAssertEqual(Set([first, second]).count, 1)
    var changed = second
    changed.isActive = false
    XCTAssertNotEqual(first, changed)
    XCTAssertEqual(Set([first, changed]).count, 2)
    let view = LayoutItem(className: "UIView", address: "0x1")
    XCTAssertEqual(view, LayoutItem(className: "UIView", address: "0x1"))
    XCTAssertNotEqual(view, LayoutItem(className: "UIView", address: "0x2"))
  }

  func testADebuggerShowsTheParts() throws {
    let text = String(reflecting: try constraint())
    XCTAssertTrue(text.hasPrefix("LayoutConstraint(className: \"NSLayoutConstraint\""), text)
    XCTAssertTrue(text.contains("0x7f1"), text)
    XCTAssertTrue(
      String(reflecting: LayoutItem(className: "UILabel", address: "0x7f1")).hasPrefix(
        "LayoutItem(className: Optional(\"UILabel\")"))
  }
}
