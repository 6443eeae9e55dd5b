import LCQParsing
import XCTest

/// Descriptions in the old `<Class: address> body tail` print style, read where the body is
/// readable; each value worked out by hand.
final class OldPrintStyleTests: XCTestCase {
  private func parse(_ text: String) -> Result<LayoutConstraint, ConstraintParseFailure> {
    ConstraintParser().parse(text)
  }

  func testAVisualFormatBodyWithNullTailsIsRead() throws {
    let trailing = try parse("<NSLayoutConstraint: 0x8a5b3c0> H:[UIView:0x8a5a8f0]-(0)-| ((null), (null))")
      .get()
    XCTAssertEqual(trailing.address, "0x8a5b3c0")
    XCTAssertEqual(trailing.firstItem, LayoutItem(name: "|"))
    XCTAssertEqual(trailing.firstAttribute, .trailing)
    XCTAssertEqual(trailing.secondItem, LayoutItem(className: "UIView", address: "0x8a5a8f0"))
    XCTAssertEqual(trailing.constant.value, 0)
    XCTAssertNil(trailing.identifier)
  }

  func testAPercentEscapedTailAndAMaskAreRead() throws {
    let mask = try parse(
      "<NSAutoresizingMaskLayoutConstraint: 0x8a5c000> h=--& v=--& H:[UIView:0x8a59000(320)] (%28null%29, %28null%29)"
    ).get()
    XCTAssertEqual(mask.origin, .autoresizingMask(AutoresizingMask(horizontal: "--&", vertical: "--&")))
    XCTAssertEqual(mask.firstAttribute, .width)
    XCTAssertEqual(mask.constant.text, "320")
  }

  func testAnEquationBodyIsRead() throws {
    let equation = try parse("<NSLayoutConstraint: 0x1> UIView:0x10.width == 300 ((null), (null))").get()
    XCTAssertEqual(equation.firstItem, LayoutItem(className: "UIView", address: "0x10"))
    XCTAssertEqual(equation.relation, .equal)
    XCTAssertEqual(equation.constant.text, "300")
  }

  /// An unreadable body is not "cut off": it says what it is, at the body's column (39).
  func testAnUnreadableBodyIsAnUnknownFormatNotACut() {
    let text = "<NSLayoutConstraint: 0x8a5b4c0> UIView:0x8a5a8f0.width ((null), (null))"
    guard case .failure(let failure) = parse(text) else { return XCTFail("read an unreadable body") }
    XCTAssertEqual(failure.column, 33)
    XCTAssertTrue(failure.reason.hasPrefix("unknown description format"), failure.reason)
    // A description that really is cut off still says so.
    guard case .failure(let cut) = parse("<NSLayoutConstraint:0x1 UIView:0x10.width == 3") else {
      return XCTFail("read a cut description")
    }
    XCTAssertTrue(cut.reason.contains("cut off"), cut.reason)
  }
}
