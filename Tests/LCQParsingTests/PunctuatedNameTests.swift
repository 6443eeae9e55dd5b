import LCQParsing
import XCTest

/// Names-only views whose names hold punctuation (Flutter's `platform_view[1]`), one test per
/// mark: each is read whole up to its delimiter (`]` counted with the brackets it opens, `:`
/// before a `names:` entry's class, `.` before an attribute) and resolved through `names:`.
final class PunctuatedNameTests: XCTestCase {
  private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutConstraint?
  {
    parsedDescription(text, file: file, line: line)
  }

  /// The three visual forms and the equation, each resolving `name` to `MyApp.Inner:0x10` and
  /// the superview to `MyApp.Outer:0x20`.
  private func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let names = "names: \(name):MyApp.Inner:0x10, '|':MyApp.Outer:0x20 "
    let inner = LayoutItem(className: "MyApp.Inner", address: "0x10", name: name)
    let leading = parse(
      "<NSLayoutConstraint:0x1 H:|-(8)-[\(name)]   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(leading?.firstItem, inner, file: file, line: line)
    XCTAssertEqual(leading?.secondItem?.address, "0x20", file: file, line: line)
    XCTAssertEqual(leading?.constant.text, "8", file: file, line: line)
    let trailing = parse(
      "<NSLayoutConstraint:0x2 H:[\(name)]-(8)-|   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(trailing?.firstItem.address, "0x20", file: file, line: line)
    XCTAssertEqual(trailing?.secondItem, inner, file: file, line: line)
    let size = parse("<NSLayoutConstraint:0x3 H:[\(name)(100)]   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(size?.firstItem, inner, file: file, line: line)
    XCTAssertEqual(size?.firstAttribute, .width, file: file, line: line)
    XCTAssertEqual(size?.constant.text, "100", file: file, line: line)
    let equation = parse(
      "<NSLayoutConstraint:0x4 \(name).height == 50   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(equation?.firstItem, inner, file: file, line: line)
    XCTAssertEqual(equation?.firstAttribute, .height, file: file, line: line)
    checkWithoutClasses(name, file: file, line: line)
  }

  /// The `names:` entries without a class: the superview printed by a name with the same
  /// punctuation and its address (Flutter's `'|':platform_view[1]:0x…`), and the view by its key
  /// and address alone. Each resolves to its address, so `|` is the superview at `0x20`.
  private func checkWithoutClasses(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let names = "names: \(name):0x10, '|':\(name):0x20 "
    let leading = parse(
      "<NSLayoutConstraint:0x5 H:|-(8)-[\(name)]   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(leading?.firstItem.address, "0x10", file: file, line: line)
    XCTAssertEqual(leading?.secondItem?.address, "0x20", file: file, line: line)
    XCTAssertEqual(leading?.secondItem?.isSuperview, true, file: file, line: line)
    let trailing = parse(
      "<NSLayoutConstraint:0x6 H:[\(name)]-(8)-|   (active, \(names))>", file: file, line: line)
    XCTAssertEqual(trailing?.firstItem.address, "0x20", file: file, line: line)
    XCTAssertEqual(trailing?.secondItem?.address, "0x10", file: file, line: line)
  }

  func testBrackets() { check("platform_view[1]") }
  func testNestedBrackets() { check("list[2][0]") }
  func testDots() { check("view.main") }
  func testHyphens() { check("my-view") }
  func testNumberSigns() { check("cell#2") }
  func testSpaces() { check("progress background") }
  func testSlashes() { check("header/title") }
  func testAtSigns() { check("badge@2x") }
  func testApostrophes() { check("user's avatar") }
  /// A debug name cut by the print (`CapsuleNavigationBar?isSe...`): a question mark and the
  /// cut's dots, in the superview's entry.
  func testQuestionMarksAndACutName() { checkWithoutClasses("CapsuleNavigationBar?isSe...") }

  /// Flutter's platform view as the superview, by name and address alone: a conflict between
  /// the view's 100-pt width and the platform view's 50 is proven (it read "satisfiable" when
  /// `|` had no address).
  func testAPlatformViewSuperviewWithoutAClassIsResolved() {
    let pinned = parse(
      "<NSLayoutConstraint:0x1 H:|-(0)-[UIView:0x10]   (active, names: '|':platform_view[1]:0x154024540 )>")
    XCTAssertEqual(pinned?.secondItem?.address, "0x154024540")
    XCTAssertNil(pinned?.secondItem?.className)
  }
}
