import LCQAnalysis
import LCQParsing
import XCTest

/// The layout rules, one at a time, on small hand-written blocks.
final class LayoutModelTests: XCTestCase {
  /// Analyses a list given as description lines.
  func analyze(_ descriptions: [String], platform header: String = ListMessage.uikit) -> BlockAnalysis {
    ListMessage.analyze(descriptions, header: header)
  }

  func testSizesAreNeverNegative() {
    // 10 + w + 10 = 15 needs w = -5.
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 H:|-(10)-[UIView:0xa]   (active, names: '|':UIView:0xb )>",
      "<NSLayoutConstraint:0x2 H:[UIView:0xa]-(10)-|   (active, names: '|':UIView:0xb )>",
      "<NSLayoutConstraint:0x3 UIView:0xb.width == 15   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1, 2])
    let implicit = analysis.replay?.certificate?.terms.filter { $0.constraint == nil }.map(\.row)
    XCTAssertEqual(implicit, ["0xa.width ≥ 0"])
  }

  func testRightToLeftMirrorsLeadingAndTrailing() {
    // In RTL, H:[A]-(8)-[B] puts B 8 points to the left of A; B's right edge at A.x - 8 then
    // conflicts with B.right == A.left.
    let rtl = analyze([
      "<NSLayoutConstraint:0x1 H:[UIView:0xa]-(8)-[UIView:0xb](RTL)   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.right == UIView:0xa.left   (active)>",
    ])
    XCTAssertEqual(rtl.verdict, .conflict)
    let ltr = analyze([
      "<NSLayoutConstraint:0x1 H:[UIView:0xa]-(8)-[UIView:0xb](LTR)   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.right == UIView:0xa.left   (active)>",
    ])
    // In LTR, B starts 8 right of A's right edge, so B's right edge cannot be at A's left edge
    // either, unless A has a negative width: a conflict too, through A.width ≥ 0.
    XCTAssertEqual(ltr.verdict, .conflict)
    let ltrFine = analyze([
      "<NSLayoutConstraint:0x1 H:[UIView:0xa]-(8)-[UIView:0xb](LTR)   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.left == UIView:0xa.right + 8   (active)>",
    ])
    XCTAssertEqual(ltrFine.verdict, .satisfiable)
    let rtlFine = analyze([
      "<NSLayoutConstraint:0x1 H:[UIView:0xa]-(8)-[UIView:0xb](RTL)   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.left == UIView:0xb.right + 8   (active)>",
    ])
    XCTAssertEqual(rtlFine.verdict, .satisfiable)
  }

  func testMarginsAreUnknownUnlessTheGuideIsLogged() {
    let unknown = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0xa.leading == UIView:0xb.leadingMargin   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0xa.trailing == UIView:0xb.trailingMargin   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xb.width == 10   (active)>",
    ])
    XCTAssertEqual(unknown.verdict, .undecidable)
    XCTAssertEqual(unknown.replay?.missing, [.margins])
    XCTAssertEqual(unknown.replay?.infeasibleWithDefaultMargins, true)

    let linked = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0xa.leading == UIView:0xb.leadingMargin   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0xa.trailing == UIView:0xb.trailingMargin   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xb.width == 10   (active)>",
      "<NSLayoutConstraint:0x4 'UIView-leftMargin-guide-constraint' H:|-(8)-[UILayoutGuide:0xc'UIViewLayoutMarginsGuide'](LTR)   (active, names: '|':UIView:0xb )>",
      "<NSLayoutConstraint:0x5 'UIView-rightMargin-guide-constraint' H:[UILayoutGuide:0xc'UIViewLayoutMarginsGuide']-(8)-|(LTR)   (active, names: '|':UIView:0xb )>",
    ])
    XCTAssertEqual(linked.verdict, .conflict)
    XCTAssertEqual(linked.minimalSet.sorted(), [2, 3, 4])
  }

  func testBaselinesLieWithinTheirView() {
    // A baseline 30 below the top of a view at most 20 high.
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0xa.firstBaseline == UILabel:0xa.top + 30   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0xa.height <= 20   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    let open = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0xa.firstBaseline == UIView:0xb.top + 30   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0xa.top == UIView:0xb.top   (active)>",
    ])
    XCTAssertEqual(open.verdict, .undecidable)
    XCTAssertEqual(open.replay?.missing, [.baseline])
  }

  func testAPositionScaledByAFactorDependsOnTheContainerOrigin() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.centerX == 0.5*UIView:0xb.centerX   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.centerX == UIView:0xb.centerX + 10   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .undecidable)
    XCTAssertEqual(analysis.replay?.missing, [.containerOrigin])
  }

  func testRoundingOfPrintedNumbersIsAllowedForButNotMore() {
    // 3 × 33.3333 = 99.9999 ≠ 100 as printed, but 33.3333 stands for [33.33325, 33.33335].
    let rounding = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width == 33.3333   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.width == 3*UIView:0xa.width   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xb.width == 100   (active)>",
    ])
    XCTAssertEqual(rounding.verdict, .withinPrecision)
    let real = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width == 33.333   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.width == 3*UIView:0xa.width   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xb.width == 100   (active)>",
    ])
    XCTAssertEqual(real.verdict, .conflict)
  }

  func testAutoresizingPositionsAreRelativeToTheNamedSuperview() {
    let analysis = analyze([
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& UIView:0xa.minX == 10   (active, names: '|':UIView:0xb )>",
      "<NSLayoutConstraint:0x2 UIView:0xa.leading == UIView:0xb.leading + 20   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    let unnamed = analyze([
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& UIView:0xa.minX == 10   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.leading == UIView:0xb.leading + 20   (active)>",
    ])
    XCTAssertEqual(unnamed.verdict, .undecidable)
    XCTAssertEqual(unnamed.replay?.missing, [.containerOrigin])
  }

  func testEngineVariablesUnreadableAndInactiveConstraints() {
    let engine = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.height == UIView:0xa.contentHeight{id: 178}   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.height == 10   (active)>",
    ])
    XCTAssertEqual(engine.verdict, .undecidable)
    XCTAssertEqual(engine.replay?.missing, [.engineVariable])
    let inactive = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.height == 20   (inactive)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.height == 10   (active)>",
    ])
    XCTAssertEqual(inactive.verdict, .satisfiable)
    XCTAssertEqual(inactive.replay?.excluded.map(\.reason), ["inactive"])
  }

  /// A constraint with a number beyond the exact limits is left out, and what is left decides:
  /// a conflict among the others stays proven, and a block that needed it is undecidable with
  /// `huge-number` as the missing quantity. Nothing is lost from the list.
  func testNumbersBeyondTheExactLimitsAreLeftOutWithTheirReason() {
    let undecided = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width == 1e-1000000   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.width == 60   (active)>",
    ])
    XCTAssertEqual(undecided.verdict, .undecidable)
    XCTAssertEqual(undecided.replay?.missing, [.hugeNumber])
    XCTAssertEqual(undecided.replay?.excluded.map(\.index), [0])
    XCTAssertEqual(undecided.replay?.excluded.map(\.reason), ["a number too large to decide exactly"])
    XCTAssertEqual(undecided.block.constraints.count, 2)
    // 40 = width = 60 still conflicts without the crafted constraint [2].
    let decided = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width == 40   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.leading == UIView:0xb.leading + "
        + String(repeating: "9", count: 41)
        + "   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xa.width == 60   (active)>",
    ])
    XCTAssertEqual(decided.verdict, .conflict)
    XCTAssertEqual(decided.minimalSet.sorted(), [0, 2])
  }

  /// A two-item autoresizing constraint relates the two frames directly (corpus 094's shape):
  /// right = midX + w/2 = (S.midX + 187.5) + (S.width + 375)/2 = S.right + 375, against the app's
  /// right == S.right. The one-item form stays relative to the superview's origin.
  func testTwoItemAutoresizingRelatesTheFramesDirectly() {
    let analysis = analyze([
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=--& UIView:0xa.midX == UIView:0xb.midX + 187.5   (active)>",
      "<NSAutoresizingMaskLayoutConstraint:0x2 h=-&- v=--& UIView:0xa.width == UIView:0xb.width + 375   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xa.right == UIView:0xb.right   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1, 2])
    // 187.5 + 375/2 = 375: with a constant of −187.5 the three agree (right = S.right).
    let agreeing = analyze([
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=--& UIView:0xa.midX == UIView:0xb.midX - 187.5   (active)>",
      "<NSAutoresizingMaskLayoutConstraint:0x2 h=-&- v=--& UIView:0xa.width == UIView:0xb.width + 375   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xa.right == UIView:0xb.right   (active)>",
    ])
    XCTAssertEqual(agreeing.verdict, .satisfiable)
  }

  /// Autoresizing rows and a VFL row of the same child and superview share one coordinate
  /// space, whatever the origin and, on AppKit, whichever way the superview is flipped:
  /// midY = S.midY ± 20 with height = S.height puts the top 20 below or above S's top, while
  /// `V:|-(0)-[child]` puts it at S's top. A conflict of all three on either platform.
  func testAutoresizingAndVisualFormatShareOneCoordinateSpace() {
    for header in [
      "Unable to simultaneously satisfy constraints.", "Unable to simultaneously satisfy constraints:",
    ] {
      let analysis = analyze(
        [
          "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=-&- NSView:0xa.midY == NSView:0xb.midY + 20   (active)>",
          "<NSAutoresizingMaskLayoutConstraint:0x2 h=-&- v=-&- NSView:0xa.height == NSView:0xb.height   (active)>",
          "<NSLayoutConstraint:0x3 V:|-(0)-[NSView:0xa]   (active, names: '|':NSView:0xb )>",
        ], platform: header)
      XCTAssertEqual(analysis.verdict, .conflict, header)
      XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1, 2], header)
    }
  }

  /// AppKit never says whether a superview is flipped, so a two-item autoresizing row on the
  /// vertical axis is read both ways. S is 100 high; the app puts v 20 below S's top and makes
  /// it 50 high. `v.minY == S.minY + 20`: flipped (y down), v's top is S's top + 20, which
  /// agrees; unflipped (y up), v's bottom is S's bottom − 20, so its top is 100 − 20 − 50 = 30
  /// below S's top, which does not. One reading has a solution: undecidable, for lack of
  /// `flipped`. On UIKit (always y down) the same rows agree.
  func testAnAppKitBlockIsDecidedWithTheSuperviewFlippedAndNot() {
    let rows = [
      "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=-&- NSView:0xa.minY == NSView:0xb.minY + 20   (active)>",
      "<NSLayoutConstraint:0x2 V:|-(20)-[NSView:0xa]   (active, names: '|':NSView:0xb )>",
      "<NSLayoutConstraint:0x3 NSView:0xa.height == 50   (active)>",
      "<NSLayoutConstraint:0x4 NSView:0xb.height == 100   (active)>",
    ]
    let appKit = analyze(rows, platform: ListMessage.appkit)
    XCTAssertEqual(appKit.verdict, .undecidable)
    XCTAssertEqual(appKit.replay?.missing, [.flipped])
    XCTAssertEqual(analyze(rows, platform: ListMessage.uikit).verdict, .satisfiable)
    // With `+ 30` instead, the unflipped reading agrees (100 − 30 − 50 = 20) and the flipped one
    // does not (30 ≠ 20): undecidable again.
    let other = analyze(
      [rows[0].replacingOccurrences(of: "+ 20", with: "+ 30")] + rows.dropFirst(),
      platform: ListMessage.appkit)
    XCTAssertEqual(other.verdict, .undecidable)
    XCTAssertEqual(other.replay?.missing, [.flipped])
    // With `+ 25`, neither reading agrees (25 ≠ 20; 100 − 25 − 50 = 25 ≠ 20): a conflict. Its
    // set and proof are the flipped reading's, where [1] and [2] alone disagree (25 ≠ 20), and
    // the note says so.
    let neither = analyze(
      [rows[0].replacingOccurrences(of: "+ 20", with: "+ 25")] + rows.dropFirst(),
      platform: ListMessage.appkit)
    XCTAssertEqual(neither.verdict, .conflict)
    XCTAssertEqual(neither.minimalSet.sorted(), [0, 1])
    XCTAssertEqual(neither.replay?.certificate?.isVerified, true)
    XCTAssertEqual(
      neither.replay?.note,
      "decided both ways: the AppKit superview flipped or not, the constraints cannot all hold; "
        + "the set and its proof are for the superview flipped (y down)")
  }

  /// iOS 7's `width ==>` is a width of 0, which 10 contradicts: a conflict of both.
  func testAnIOS7ZeroRightSideIsReplayed() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width ==>",
      "<NSLayoutConstraint:0x2 UIView:0xa.width == 10>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1])
  }

  func testSystemSpacingIsItsNumber() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 V:[UIView:0xa]-(NSSpace(8))-[UIView:0xb]   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xb.top == UIView:0xa.bottom + 7   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
  }

  func testTwoIndependentConflictsAreBothFound() {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UIView:0xa.width == 10   (active)>",
      "<NSLayoutConstraint:0x2 UIView:0xa.width == 20   (active)>",
      "<NSLayoutConstraint:0x3 UIView:0xb.height == 10   (active)>",
      "<NSLayoutConstraint:0x4 UIView:0xb.height >= 30   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(Set(analysis.replay?.minimalSets.map { Set($0) } ?? []), [[0, 1], [2, 3]])
    XCTAssertEqual(analysis.replay?.singleFixes, [])
  }
}
