import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// A mask that fixes a view's size (`h=--& v=--&`, a 34-pt cell view whose label needs 8 + 21 +
/// 8 = 37 pt) gets the fix of making that size flexible in the mask, proven by re-solving with
/// the size free of the mask; the root view's advice stays for masks that pin a view to its
/// superview (issue 70 item 7). Each expectation worked out by hand.
final class FixedSizeMaskTests: XCTestCase {
  private func analyze(mask: String, platform: String = ListMessage.uikit) -> BlockAnalysis {
    ListMessage.analyze(
      [
        "<NSAutoresizingMaskLayoutConstraint:0x1 \(mask) MyApp.CellView:0x10.height == 34   (active)>",
        "<NSAutoresizingMaskLayoutConstraint:0x2 \(mask) MyApp.CellView:0x10.width == 320   (active)>",
        "<NSLayoutConstraint:0x3 V:|-(8)-[UILabel:0x20]   (active, names: '|':MyApp.CellView:0x10 )>",
        "<NSLayoutConstraint:0x4 V:[UILabel:0x20]-(8)-|   (active, names: '|':MyApp.CellView:0x10 )>",
        "<NSLayoutConstraint:0x5 UILabel:0x20.height == 21   (active)>",
      ], header: platform)
  }

  func testAFixedHeightInTheMaskIsMadeFlexibleFirst() throws {
    let diagnosis = try XCTUnwrap(analyze(mask: "h=--& v=--&").diagnosis)
    let best = try XCTUnwrap(diagnosis.bestFix)
    XCTAssertEqual(best.kind, .flexibleAutoresizingSize)
    XCTAssertEqual(best.changes, [0])
    XCTAssertEqual(
      best.text,
      "Make CellView's height flexible in its autoresizing mask (`autoresizingMask` adds `.flexibleHeight`): "
        + "the mask fixes it at 34 pt with [1], and the other constraints need another height. The view keeps "
        + "its mask; its height then follows its superview's. It gives way by 3 pt.")
    // Turning the mask off is still proven, without the root view's advice: this mask pins no
    // view to its superview.
    let off = try XCTUnwrap(diagnosis.suggestions.first { $0.kind == .translatesAutoresizingMask })
    XCTAssertEqual(off.changes, [0, 1])
    XCTAssertFalse(off.text.contains("child view controller"), off.text)
    // The width [2] takes no part: no flexible width is offered.
    XCTAssertEqual(diagnosis.suggestions.filter { $0.kind == .flexibleAutoresizingSize }.count, 1)
  }

  func testAppKitNamesItsOwnOption() throws {
    let best = try XCTUnwrap(analyze(mask: "h=--& v=--&", platform: ListMessage.appkit).diagnosis?.bestFix)
    XCTAssertTrue(best.text.contains("(`autoresizingMask` adds `.height`)"), best.text)
  }

  /// `v=-&-` makes the height flexible already (the view is pinned to its superview's top and
  /// bottom): no flexible-size fix, and the root view's advice stays.
  func testAMaskThatPinsTheViewKeepsTheRootViewsAdvice() throws {
    let diagnosis = try XCTUnwrap(analyze(mask: "h=-&- v=-&-").diagnosis)
    XCTAssertFalse(diagnosis.suggestions.contains { $0.kind == .flexibleAutoresizingSize })
    let off = try XCTUnwrap(diagnosis.suggestions.first { $0.kind == .translatesAutoresizingMask })
    XCTAssertTrue(
      off.text.contains("(for a child view controller's root view, pin it to the container's edges)"))
  }
}
