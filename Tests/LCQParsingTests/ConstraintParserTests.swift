import LCQParsing
import XCTest

/// One description per form in GRAMMAR.md §5, with the typed value worked out by hand.
final class ConstraintParserTests: XCTestCase {
  private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutConstraint?
  {
    parsedDescription(text, file: file, line: line)
  }

  func testEquationWithConstant() throws {
    let c = try XCTUnwrap(
      parse("<NSLayoutConstraint:0x7f83b9a05b10 UIImageView:0x7f83b8171210.width == 40   (active)>"))
    XCTAssertEqual(c.className, "NSLayoutConstraint")
    XCTAssertEqual(c.origin, .layoutConstraint)
    XCTAssertEqual(c.address, "0x7f83b9a05b10")
    XCTAssertEqual(c.firstItem, LayoutItem(className: "UIImageView", address: "0x7f83b8171210"))
    XCTAssertEqual(c.firstAttribute, .width)
    XCTAssertEqual(c.relation, .equal)
    XCTAssertNil(c.secondItem)
    XCTAssertEqual(c.constant.text, "40")
    XCTAssertEqual(c.multiplier.value, 1)
    XCTAssertEqual(c.isActive, true)
    XCTAssertEqual(c.notation, .equation)
  }

  /// A `names:` list is read up to 64 entries; one more makes the description unreadable, with
  /// the column of the first entry past the limit (the security review's H3: 10,000 names took
  /// 2.6 GB later on).
  func testANamesListOverSixtyFourEntriesIsRefused() throws {
    func description(names count: Int) -> String {
      let names = (0..<count).map { "'v\($0)':UIView:0x\(String($0 + 1, radix: 16))" }
      return "<NSLayoutConstraint:0x1 H:|-(8)-[v0]   (active, names: " + names.joined(separator: ", ") + " )>"
    }
    let limit = try XCTUnwrap(parse(description(names: 64)))
    XCTAssertEqual(limit.names.count, 64)
    XCTAssertEqual(limit.firstItem.address, "0x1")
    let over = description(names: 65)
    guard case .failure(let failure) = ConstraintParser().parse(over) else { return XCTFail("read 65 names") }
    XCTAssertEqual(failure.reason, "more than 64 names entries (UIKit lists the views of one format string)")
    let entry = try XCTUnwrap(over.range(of: "'v64'"))
    XCTAssertEqual(failure.column, over.utf8.distance(from: over.startIndex, to: entry.lowerBound) + 1)
  }

  /// iOS 7 printed a zero right side as nothing: `attr ==>` is `attr == 0`.
  func testAnIOS7EquationWithNothingAfterItsRelationIsZero() throws {
    let c = try XCTUnwrap(parse("<NSLayoutConstraint:0x15dc6d40 UIView:0x15dbe780.midX ==>"))
    XCTAssertEqual(c.firstItem.address, "0x15dbe780")
    XCTAssertEqual(c.firstAttribute, .midX)
    XCTAssertEqual(c.relation, .equal)
    XCTAssertNil(c.secondItem)
    XCTAssertEqual(c.constant.text, "0")
    let atLeast = try XCTUnwrap(parse("<NSLayoutConstraint:0x1 UIView:0x2.width >=>"))
    XCTAssertEqual(atLeast.relation, .greaterThanOrEqual)
    XCTAssertEqual(atLeast.constant.value, 0)
  }

  func testLeadingEdgeVisualFormatMatchesTheEquation() throws {
    let vfl = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 H:|-(15)-[UIImageView:0x7f83b8171210]   (active, names: '|':UITableViewCellContentView:0x7f83b8171010 )>"
      ))
    XCTAssertEqual(vfl.notation, .visualFormat)
    XCTAssertEqual(vfl.firstItem.address, "0x7f83b8171210")
    XCTAssertEqual(vfl.firstAttribute, .leading)
    XCTAssertEqual(vfl.secondItem?.address, "0x7f83b8171010")
    XCTAssertEqual(vfl.secondItem?.className, "UITableViewCellContentView")
    XCTAssertEqual(vfl.secondItem?.isSuperview, true)
    XCTAssertEqual(vfl.secondAttribute, .leading)
    XCTAssertEqual(vfl.constant.value, 15)
    let equation = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x2 UIImageView:0x7f83b8171210.leading == UITableViewCellContentView:0x7f83b8171010.leading + 15   (active)>"
      ))
    XCTAssertEqual(shape(vfl), shape(equation))
  }

  func testTrailingEdgeVisualFormatMatchesTheEquation() throws {
    let vfl = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x608000890860 V:[UIStackView:0x7fa4d0dece70]-(9)-|   (active, names: '|':Proto.HeaderView:0x7fa4d0df1370 )>"
      ))
    let equation = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x3 Proto.HeaderView:0x7fa4d0df1370.bottom == UIStackView:0x7fa4d0dece70.bottom + 9   (active)>"
      ))
    XCTAssertEqual(shape(vfl), shape(equation))
  }

  func testSiblingSpacingWithRelation() throws {
    let c = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x6080006966c0 V:[UIView:0x7f95002902c0]-(>=11)-[App.LineView:0x7f9500290110]   (active)>"
      ))
    XCTAssertEqual(c.firstItem.className, "App.LineView")
    XCTAssertEqual(c.firstAttribute, .top)
    XCTAssertEqual(c.relation, .greaterThanOrEqual)
    XCTAssertEqual(c.secondItem?.address, "0x7f95002902c0")
    XCTAssertEqual(c.secondAttribute, .bottom)
    XCTAssertEqual(c.constant.value, 11)
  }

  func testSizeVisualFormatMatchesTheEquation() throws {
    let vfl = try XCTUnwrap(parse("<NSLayoutConstraint:0x7fca0bd51a10 V:[UIView:0x7fca0bd50f70(200)]>"))
    let equation = try XCTUnwrap(parse("<NSLayoutConstraint:0x4 UIView:0x7fca0bd50f70.height == 200>"))
    XCTAssertEqual(shape(vfl), shape(equation))
    XCTAssertNil(vfl.isActive)
    let labelled = try XCTUnwrap(parse("<NSLayoutConstraint:0x7a872 H:[UILabel:0x7a8724b0'Name'(>=400)]>"))
    XCTAssertEqual(labelled.firstItem.label, "Name")
    XCTAssertEqual(labelled.firstAttribute, .width)
    XCTAssertEqual(labelled.relation, .greaterThanOrEqual)
    XCTAssertEqual(labelled.constant.value, 400)
  }

  func testNegativeAndSystemSpacingInVisualFormat() throws {
    let negative = try XCTUnwrap(
      parse("<NSLayoutConstraint:0x5 V:|-(-2)-[NSView:0x600000120f00]   (Names: '|':NSView:0x6 )>"))
    XCTAssertEqual(negative.constant.text, "-2")
    XCTAssertNil(negative.isActive)
    XCTAssertEqual(negative.names.first?.key, "|")
    let space = try XCTUnwrap(
      parse(
        "<_UISystemBaselineConstraint:0x7 V:|-(>=NSLayoutAnchorConstraintSpace(8))-[UILabel:0x111b35c20]   (active, names: '|':UIView:0x8 )>"
      ))
    XCTAssertEqual(space.origin, .systemBaseline)
    XCTAssertEqual(space.relation, .greaterThanOrEqual)
    XCTAssertEqual(space.systemSpacing?.value, 8)
    XCTAssertEqual(space.constant.value, 0)
    let nsSpace = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x9 H:[UILabel:0x7fd94ccacfa0' ']-(NSSpace(8))-[UIButton:0x7fd94ccb1800'Show More']>"
      ))
    XCTAssertEqual(nsSpace.secondItem?.label, " ")
    XCTAssertEqual(nsSpace.firstItem.label, "Show More")
    XCTAssertEqual(nsSpace.systemSpacing?.value, 8)
  }

  func testDirectionSuffix() throws {
    let c = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x6000031bfc00 H:|-(5)-[NSVisualEffectView:0x7fd7bfb4b160](LTR)   (active, names: '|':HeliPort.WifiMenuItemView:0x7fd7bfb4aac0 )>"
      ))
    XCTAssertEqual(c.direction, .leftToRight)
    XCTAssertEqual(c.secondItem?.className, "HeliPort.WifiMenuItemView")
  }

  func testUnarySignWithASpace() throws {
    let c = try XCTUnwrap(parse("<NSLayoutConstraint:0x600 UIView:0x7fa4f344aeb0.width == - 16   (active)>"))
    XCTAssertEqual(c.constant.text, "-16")
    XCTAssertEqual(c.constant.value, -16)
    let plus = try XCTUnwrap(
      parse("<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=-&- UIView:0x2.midY == + 39   (active)>"))
    XCTAssertEqual(plus.constant.text, "39")
    XCTAssertEqual(plus.firstAttribute, .midY)
  }

  func testConstantTextIsKeptAsPrinted() throws {
    let tiny = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x600000a85d70 'UIView-Encapsulated-Layout-Height' Proto.HeaderView:0x7fa4d0df1370.height == 2.22507e-308   (active)>"
      ))
    XCTAssertEqual(tiny.constant.text, "2.22507e-308")
    XCTAssertEqual(tiny.identifier, "UIView-Encapsulated-Layout-Height")
    let fraction = try XCTUnwrap(parse("<NSLayoutConstraint:0x1 UIView:0x2.height == 94.3333   (active)>"))
    XCTAssertEqual(fraction.constant.text, "94.3333")
  }

  func testMultiplierBeforeAndAfterTheItem() throws {
    let prefix = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x6080006968a0 ListViewImage-a....width == 0.4*UITableViewCellContentView:0x7f94fa4d7d10.width   (active, names: ListViewImage-a...:0x7f950028efe0 )>"
      ))
    XCTAssertEqual(prefix.firstItem.name, "ListViewImage-a...")
    XCTAssertEqual(prefix.firstItem.address, "0x7f950028efe0")
    XCTAssertEqual(prefix.multiplier.text, "0.4")
    XCTAssertEqual(prefix.secondItem?.className, "UITableViewCellContentView")
    let suffix = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x7be3f940 UIImageView:0x4db3270.width == UIImageView:0x4db3270.height * 0.384615>"
      ))
    XCTAssertEqual(suffix.multiplier.text, "0.384615")
    XCTAssertEqual(suffix.secondAttribute, .height)
    XCTAssertEqual(suffix.firstItem, suffix.secondItem)
  }

  func testSecondItemWithConstant() throws {
    let c = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x11452b6b0 UIStackView:0x108470380.bottom == DuckDuckGo.UnifiedToggleInputToolbarView:0x11420db80.bottom - 8   (active)>"
      ))
    XCTAssertEqual(c.secondItem?.className, "DuckDuckGo.UnifiedToggleInputToolbarView")
    XCTAssertEqual(c.secondItem?.moduleLessClassName, "UnifiedToggleInputToolbarView")
    XCTAssertEqual(c.constant.text, "-8")
    let glued = try XCTUnwrap(
      parse("<NSLayoutConstraint:0x1 UIView:0x2.width == UIView:0x7f9d383079d0.width-29>"))
    XCTAssertEqual(glued.constant.text, "-29")
  }

  func testSnapKitAndMasonry() throws {
    let snap = try XCTUnwrap(
      parse(
        "<SnapKit.LayoutConstraint:0x6000002b2660@CCBaseCell.swift#88 NSKVONotifying_LQRoundedCornerView:0x7ff92c7ec1f0.height >= 44.0>"
      ))
    XCTAssertEqual(snap.origin, .snapKit)
    XCTAssertEqual(snap.sourceLocation, SourceLocation(file: "CCBaseCell.swift", line: 88))
    XCTAssertEqual(snap.constant.text, "44.0")
    XCTAssertNil(snap.isActive)
    let path = try XCTUnwrap(
      parse(
        "<investor.LayoutConstraint:0x7ff11e143790@/Users/someone/iOS/App/DocumentCell.swift#37 UIButton:0x7ff11e141ed0.top == investor.DocumentCell:0x7ff11e139d60.top>"
      ))
    XCTAssertEqual(path.origin, .snapKit)
    XCTAssertEqual(path.sourceLocation?.file, "/Users/someone/iOS/App/DocumentCell.swift")
    let masonry = try XCTUnwrap(
      parse("<MASLayoutConstraint:ConstantConstraint UILabel:messageLabel.height >= 5000>"))
    XCTAssertEqual(masonry.origin, .masonry)
    XCTAssertEqual(masonry.address, "ConstantConstraint")
    XCTAssertEqual(masonry.firstItem, LayoutItem(className: "UILabel", address: "messageLabel"))
    let nested = try XCTUnwrap(
      parse(
        "<<DeviceImagesTest.LayoutConstraint:0x7f8a412e8740> <UIView:0x7f8a412e8eb0>.top == <_UILayoutGuide:0x7f8a412e9430>.bottom>"
      ))
    XCTAssertEqual(nested.origin, .snapKit)
    XCTAssertEqual(nested.secondItem?.className, "_UILayoutGuide")
  }

  func testAutoresizingMask() throws {
    let c = try XCTUnwrap(
      parse(
        "<NSAutoresizingMaskLayoutConstraint:0x60000089a130 h=--& v=--& UIView:0x7f95000e5ac0.width == 70   (active)>"
      ))
    XCTAssertEqual(c.origin, .autoresizingMask(AutoresizingMask(horizontal: "--&", vertical: "--&")))
    let old = try XCTUnwrap(
      parse("<NSAutoresizingMaskLayoutConstraint:0x8887740 MASExampleDebuggingView:superview.height == 416>"))
    XCTAssertEqual(old.origin, .autoresizingMask(nil))
  }

  func testLabelsWithQuotesDotsAndEscapes() throws {
    let apostrophe = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 UILabel:0x7f95b5653eb0'YOU'RE OK'.bottom == UIView:0x2.bottom - 8   (active)>"
      ))
    XCTAssertEqual(apostrophe.firstItem.label, "YOU'RE OK")
    let dots = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 UILabel:0x3'22 feb. 2018 18:00'.leading == UIView:0x2.leading   (active)>"))
    XCTAssertEqual(dots.firstItem.label, "22 feb. 2018 18:00")
    let escaped = try XCTUnwrap(
      parse("<NSLayoutConstraint:0x1 UILabel:0x1345b66f0'AirDrop. Um Dateien \\U00fcber ...'.height == 20>"))
    XCTAssertEqual(escaped.firstItem.label, "AirDrop. Um Dateien über ...")
    let guide = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 UILayoutGuide:0x7f9314722de0'BackButtonGuide(0x7f9314722de0)'.width == 0   (active)>"
      ))
    XCTAssertEqual(guide.firstItem.label, "BackButtonGuide(0x7f9314722de0)")
    XCTAssertTrue(guide.firstItem.isLayoutGuide)
  }

  func testNamesOnlyItems() throws {
    let spaced = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x17468b860 progress background.height == 5   (active, names: progress background:0x1089a5290 )>"
      ))
    XCTAssertEqual(spaced.firstItem.name, "progress background")
    XCTAssertEqual(spaced.firstItem.address, "0x1089a5290")
    let dotted = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 AddressToolbar.lockIcon.width == 40   (active, names: AddressToolbar.lockIcon:0x106c2b2e0 )>"
      ))
    XCTAssertEqual(dotted.firstItem.name, "AddressToolbar.lockIcon")
    XCTAssertEqual(dotted.firstAttribute, .width)
    let fourDots = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x6000008989c0 DetailViewFeatureItemCell....width == 54   (active, names: DetailViewFeatureItemCell...:0x7f95000e5e50 )>"
      ))
    XCTAssertEqual(fourDots.firstItem.name, "DetailViewFeatureItemCell...")
    XCTAssertEqual(fourDots.firstItem.address, "0x7f95000e5e50")
    let vfl = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x600000482e90 H:|-(0)-[name_label]   (active, names: name_label:0x7fa4d0e9e480, OverViewFactorLabel:0x7fa4d0e8b450, '|':OverViewFactorLabel:0x7fa4d0e8b450 )>"
      ))
    XCTAssertEqual(vfl.firstItem.address, "0x7fa4d0e9e480")
    XCTAssertEqual(vfl.secondItem?.address, "0x7fa4d0e8b450")
    XCTAssertEqual(vfl.names.count, 3)
  }

  func testMangledGenericClassAndSpacedAngle() throws {
    let mangled = try XCTUnwrap(
      parse(
        "<NSLayoutConstraint:0x1 _TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_:0x7fed43476280.height == 0   (active)>"
      ))
    XCTAssertEqual(mangled.firstItem.className, "_TtGC8MyAppXYZ8CardViewCS_P10$10582914415RecoveryKeyView_")
    let lldb = try XCTUnwrap(
      parse("< NSLayoutConstraint:0x60400028a5a0 UIView:0x7f910ec003d0.width == 150   (active)>"))
    XCTAssertEqual(lldb.constant.value, 150)
  }

  func testPrioritiesFromEngineDumps() throws {
    let c = try XCTUnwrap(
      parse(
        "<NSIBPrototypingLayoutConstraint:0x78e7 'IB auto generated at build time for view with fixed frame'  H:[UIView:0x78e7c570(258@251)] priority:251>"
      ))
    XCTAssertEqual(c.origin, .interfaceBuilderPrototyping)
    XCTAssertEqual(c.identifier, "IB auto generated at build time for view with fixed frame")
    XCTAssertEqual(c.constant.value, 258)
    XCTAssertEqual(c.priority?.value, 251)
  }

  func testEngineVariableAttribute() throws {
    let c = try XCTUnwrap(
      parse("<NSLayoutConstraint:0x1 UIScrollView:0x2.contentHeight{id: 178} == -5.000000   (active)>"))
    XCTAssertEqual(c.firstAttribute, .engineVariable("contentHeight{id: 178}"))
    XCTAssertEqual(c.constant.text, "-5.000000")
  }

  func testFailuresSayWhere() {
    guard
      case .failure(let hex) = ConstraintParser().parse(
        "<NSLayoutConstraint:0x61h00099cd0 _UIButtonBarStackView:0x7fb573cxbf90.width <= 0   (active)>")
    else { return XCTFail("invalid hex accepted") }
    XCTAssertEqual(hex.column, 25)  // the "h"
    XCTAssertTrue(hex.reason.contains("invalid hex digit"))
    guard case .failure(let cut) = ConstraintParser().parse("<NSLayoutConstraint:0x1f5244d0 H:[U") else {
      return XCTFail("cut-off description accepted")
    }
    XCTAssertTrue(cut.reason.contains("cut off"))
    guard
      case .failure(let relation) = ConstraintParser().parse("<NSLayoutConstraint:0x1 UIView:0x2.width ~ 3>")
    else {
      return XCTFail("bad relation accepted")
    }
    XCTAssertEqual(relation.column, 42)
  }

  /// The equation a constraint stands for, ignoring how it was printed.
  private func shape(_ c: LayoutConstraint) -> String {
    "\(c.firstItem.address ?? "?").\(c.firstAttribute) \(c.relation) \(c.multiplier.value)*"
      + "\(c.secondItem?.address ?? "-").\(c.secondAttribute.map { "\($0)" } ?? "-") + \(c.constant.value)"
  }
}
