import Foundation
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

  /// OS X 10.7 (2011) printed a blank after the colon and the body inside the brackets, in both
  /// body forms and with its `(Names: …)` tail.
  func testLionsBlankAfterTheColonIsReadInBothForms() throws {
    let visual = try parse("<NSLayoutConstraint: 0x10012b9a0 H:[NSButton:0x100129db0(100)]>").get()
    XCTAssertEqual(visual.className, "NSLayoutConstraint")
    XCTAssertEqual(visual.address, "0x10012b9a0")
    XCTAssertEqual(visual.firstItem, LayoutItem(className: "NSButton", address: "0x100129db0"))
    XCTAssertEqual(visual.firstAttribute, .width)
    XCTAssertEqual(visual.constant.text, "100")
    let equation = try parse(
      "<NSLayoutConstraint: 0x10012c0a0 NSButton:0x100129db0.leading == NSView:0x100128a40.leading + 20>"
    ).get()
    XCTAssertEqual(equation.address, "0x10012c0a0")
    XCTAssertEqual(equation.firstAttribute, .leading)
    XCTAssertEqual(equation.secondItem, LayoutItem(className: "NSView", address: "0x100128a40"))
    XCTAssertEqual(equation.constant.text, "20")
    let names = try parse(
      "<NSLayoutConstraint: 0x10012d1b0 H:|-(20)-[NSButton:0x100129db0]   (Names: '|':NSView:0x100128a40 )>"
    ).get()
    XCTAssertEqual(names.firstItem, LayoutItem(className: "NSButton", address: "0x100129db0"))
    XCTAssertEqual(names.secondItem?.name, "|")
    XCTAssertEqual(names.secondItem?.className, "NSView")
    XCTAssertEqual(names.secondItem?.address, "0x100128a40")
    XCTAssertEqual(names.constant.text, "20")
    let mask = try parse(
      "<NSAutoresizingMaskLayoutConstraint: 0x10012e2c0 h=--& v=--& V:[NSView:0x100128a40(400)]>"
    ).get()
    XCTAssertEqual(mask.origin, .autoresizingMask(AutoresizingMask(horizontal: "--&", vertical: "--&")))
    XCTAssertEqual(mask.firstAttribute, .height)
    // A blank before something that is not an address is still an error, at the blank.
    guard case .failure(let failure) = parse("<NSLayoutConstraint: UIView:0x10.width == 3>") else {
      return XCTFail("read a description without an address")
    }
    XCTAssertEqual(failure.column, 21)
    XCTAssertEqual(failure.reason, "expected an address after ':'")
  }

  /// iOS 6–8 and OS X 10.7–10.10 printed `NSLayoutAttributeBaseline` as `.baseline`: the last
  /// baseline, on either side.
  func testTheOldBaselineAttributeIsTheLastBaseline() throws {
    let baseline = try parse(
      "<NSLayoutConstraint:0x7c3a0 UIRoundedRectButton:0x7c1b0.baseline == UILabel:0x7c4b0.baseline>"
    ).get()
    XCTAssertEqual(baseline.firstItem, LayoutItem(className: "UIRoundedRectButton", address: "0x7c1b0"))
    XCTAssertEqual(baseline.firstAttribute, .lastBaseline)
    XCTAssertEqual(baseline.secondAttribute, .lastBaseline)
    XCTAssertEqual(baseline.constant.value, 0)
    let offset = try parse("<NSLayoutConstraint:0x7c3b0 UILabel:0x7c4b0.baseline == UIView:0x7c100.top + 30>")
      .get()
    XCTAssertEqual(offset.firstAttribute, .lastBaseline)
    XCTAssertEqual(offset.secondAttribute, .top)
    XCTAssertEqual(offset.constant.text, "30")
    // A names-only item whose name ends in "baseline" is not cut there.
    let named = try parse(
      "<NSLayoutConstraint:0x7c3c0 baselineView.width == 8   (Names: baselineView:0x7c5 )>"
    )
    .get()
    XCTAssertEqual(named.firstAttribute, .width)
    XCTAssertEqual(named.firstItem.address, "0x7c5")
  }

  /// Whole messages in the two forms, written by hand in the shape of the era's prints: every
  /// description read, and the broken constraint found in the list by its address.
  func testWholeMessagesInTheOldFormsAreRead() throws {
    for (name, count, broken) in [
      ("appkit-lion-blank-after-colon", 2, 1), ("uikit-ios6-baseline", 5, 0),
    ] {
      let text = try String(
        contentsOf: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name).log"), encoding: .utf8
      )
      let blocks = ConflictScanner.blocks(in: text, file: name)
      XCTAssertEqual(blocks.count, 1, name)
      let block = try XCTUnwrap(blocks.first)
      XCTAssertEqual(block.constraints.count, count, name)
      XCTAssertTrue(block.isFullyParsed, "\(name): \(block.issues)")
      XCTAssertEqual(block.brokenConstraintIndex, broken, name)
      XCTAssertEqual(block.issues, [], name)
    }
  }
}
