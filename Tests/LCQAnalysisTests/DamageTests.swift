import LCQAnalysis
import LCQParsing
import LCQSolver
import XCTest

/// The damage of a conflict and the cost of each fix, on lists worked out by hand (the z3
/// oracle checks the same figures on the corpus: `OracleTests`).
final class DamageTests: XCTestCase {
  func analyze(_ constraints: [String], broken: Int? = nil) -> BlockAnalysis {
    ListMessage.analyze(constraints, broken: broken)
  }

  /// A hidden badge: the stack view's `height == 0` leaves exactly 0 pt for the 24 pt asked.
  /// The rest fixes the height (0 has no rounding), so the miss is exact, and the badge is
  /// collapsed.
  func testAMissTheRestFixesIsExactAndACollapsedViewIsSaid() throws {
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 'UISV-hiding' MyApp.Badge:0x10.height == 0   (active)>",
        "<NSLayoutConstraint:0x2 MyApp.Badge:0x10.height == 24   (active)>",
      ], broken: 1)
    let damage = try XCTUnwrap(analysis.damage?.damage, "\(String(describing: analysis.damage))")
    XCTAssertEqual(damage.constraint, 1)
    XCTAssertEqual(damage.asked, Rational(24, 1))
    XCTAssertEqual(damage.drawnLow, .zero)
    XCTAssertEqual(damage.drawnHigh, .zero)
    XCTAssertEqual(damage.miss, Rational(24, 1))
    XCTAssertTrue(damage.isExact)
    XCTAssertEqual(damage.collapsed.map(\.axis), [.height])
    XCTAssertEqual(damage.collapsed.first?.item.address, "0x10")
    XCTAssertEqual(damage.shows, .visible)
    XCTAssertTrue(damage.words.hasPrefix("UIKit's layout misses [2] ("), damage.words)
    XCTAssertTrue(
      damage.words.hasSuffix(") by exactly 24 pt: it is exactly 0 pt tall. Badge is 0 pt tall."), damage.words
    )
  }

  /// A thumbnail of 120 pt in a 44-pt cell with 12 pt above and below: the rest leaves
  /// 44 − 12 − 12 = 20 pt, each printed number within its rounding (±0.00005 for two
  /// significant digits printed as six), so at most 20.00015 and a miss of at least 99.99985.
  func testASingleLoopMissesByWhatTheRestLeaves() throws {
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 'UIView-Encapsulated-Layout-Height' MyApp.Cell:0x10.height == 44   (active)>",
        "<NSLayoutConstraint:0x2 UIImageView:0x20.top == MyApp.Cell:0x10.top + 12   (active)>",
        "<NSLayoutConstraint:0x3 MyApp.Cell:0x10.bottom == UIImageView:0x20.bottom + 12   (active)>",
        "<NSLayoutConstraint:0x4 UIImageView:0x20.height == 120   (active)>",
      ], broken: 3)
    let damage = try XCTUnwrap(analysis.damage?.damage, "\(String(describing: analysis.damage))")
    XCTAssertEqual(damage.drawnHigh, Rational(400_003, 20_000))
    XCTAssertEqual(damage.drawnLow, Rational(399_997, 20_000))
    XCTAssertEqual(damage.miss, Rational(1_999_997, 20_000))
    XCTAssertFalse(damage.isExact)
    XCTAssertEqual(damage.collapsed, [])
    XCTAssertEqual(damage.shows, .visible)
    XCTAssertTrue(
      damage.words.hasSuffix(") by at least 99.99 pt: it is at most 20.01 pt tall."), damage.words)
  }

  /// An inequality: `width <= 100` against a width of 150 (±0.0005) misses by at least
  /// 49.9995, and the view is at least 149.9995 pt wide.
  func testAnInequalityMissesFromTheSideItForbids() throws {
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 UILabel:0x10.width == 150   (active)>",
        "<NSLayoutConstraint:0x2 UILabel:0x10.width <= 100   (active)>",
      ], broken: 1)
    let damage = try XCTUnwrap(analysis.damage?.damage)
    XCTAssertEqual(damage.drawnLow, Rational(299_999, 2_000))
    XCTAssertEqual(damage.miss, Rational(99_999, 2_000))
    XCTAssertTrue(
      damage.words.hasSuffix(") by at least 49.99 pt: it is at least 149.99 pt wide."), damage.words)
  }

  /// A mask a fifth of a point off: invisible. `1.07143 × 700` is 750.001 against 750.2; the
  /// multiplier's rounding (±0.000005 × 700 = ±0.0035) leaves a miss of at least 0.1955.
  func testASubpixelMissIsInvisible() throws {
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 UIView:0x10.width == 700   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x20.width == 1.07143*UIView:0x10.width   (active)>",
        "<NSLayoutConstraint:0x3 UIView:0x20.width == 750.2   (active)>",
      ], broken: 2)
    let damage = try XCTUnwrap(analysis.damage?.damage)
    XCTAssertEqual(damage.shows, .invisible)
    XCTAssertTrue(damage.miss < Rational(1, 2) && Rational(1, 10) < damage.miss, "\(damage.miss)")
  }

  func testNoFigureSaysWhy() {
    let list = [
      "<NSLayoutConstraint:0x1 UILabel:0x10.width == 150   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x10.width == 100   (active)>",
      "<NSLayoutConstraint:0x3 UILabel:0x10.height == 20   (active)>",
    ]
    XCTAssertEqual(analyze(list).damage?.reason, "the log does not say which constraint UIKit broke")
    XCTAssertEqual(
      analyze(list, broken: 2).damage?.reason, "[3], which UIKit broke, is not part of the conflict shown")
    XCTAssertNotNil(analyze(list, broken: 1).damage?.damage)
  }

  /// Two paths of different cost: x = 100, x = 2 × y, y = 60. Lowering y's width gives way by
  /// 10 (y = 50); lowering x's width or the ratio gives way by 20. The cost alone decides.
  func testTheCostAloneDecides() throws {
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 UIView:0x10.width == 100   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x10.width == 2*UIView:0x20.width   (active)>",
        "<NSLayoutConstraint:0x3 UIView:0x20.width == 60   (active)>",
      ], broken: 0)
    let fixes = try XCTUnwrap(analysis.diagnosis?.suggestions)
    XCTAssertEqual(fixes.map(\.constraint), [2, 0, 1])
    XCTAssertEqual(fixes.map(\.cost), [Rational(10, 1), Rational(20, 1), Rational(20, 1)])
    XCTAssertTrue(fixes[0].text.hasSuffix(" It gives way by 10 pt."), fixes[0].text)
  }

  /// A single loop where every member gives way by 36 pt (0 = 8 + 20 + 8): the zero height the
  /// app set, last in the list, is offered first. The label's own height cannot give way (it
  /// would be −16 pt), so it is not offered.
  func testOnATieAZeroSizeTheAppSetComesFirst() throws {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0x20.height == 20   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x20.top == UIView:0x10.top + 8   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0x10.bottom == UILabel:0x20.bottom + 8   (active)>",
      "<NSLayoutConstraint:0x4 UIView:0x10.height == 0   (active)>",
    ])
    let fixes = try XCTUnwrap(analysis.diagnosis?.suggestions)
    XCTAssertEqual(fixes.map(\.constraint), [3, 1, 2])
    XCTAssertEqual(Set(fixes.map(\.cost)), [Rational(36, 1)])
  }

  /// A label's leading edge pinned twice (after the button, and 15 pt from the container): the
  /// loop's members all give way by 25 pt; one of the two pins is offered first, not the
  /// button's width (which would leave a 15-pt button).
  func testOnATieASecondPinComesFirst() throws {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UIButton:0x30.width == 40   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x20.left == UIButton:0x30.right   (active)>",
      "<NSLayoutConstraint:0x3 UILabel:0x20.left == UIView:0x10.left + 15   (active)>",
      "<NSLayoutConstraint:0x4 UIButton:0x30.left == UIView:0x10.left   (active)>",
    ])
    let fixes = try XCTUnwrap(analysis.diagnosis?.suggestions)
    XCTAssertEqual(fixes.first?.constraint, 1)
    XCTAssertEqual(fixes.map(\.constraint).prefix(2).sorted(), [1, 2])
    XCTAssertEqual(Set(fixes.map(\.cost)), [Rational(25, 1)])
  }

  /// Constants past what the replay takes give no figure, quickly.
  func testExtremeConstantsGiveAReasonNotAHang() {
    for constant in ["1e308", "4.94066e-324", "1000000000000000000"] {
      let analysis = analyze(
        [
          "<NSLayoutConstraint:0x1 UIView:0x10.width == \(constant)   (active)>",
          "<NSLayoutConstraint:0x2 UIView:0x10.width == 100   (active)>",
        ], broken: 1)
      XCTAssertTrue(analysis.damage?.damage != nil || analysis.damage?.reason != nil, constant)
    }
  }
}
