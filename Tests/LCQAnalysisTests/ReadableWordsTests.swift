import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// Words an iOS engineer would not misread (issue 70 item 8), each expectation worked out by
/// hand from the constraints written here or in the shared corpus block named.
final class ReadableWordsTests: XCTestCase {
  private func analyze(_ constraints: [String], broken: Int? = nil) -> BlockAnalysis {
    ListMessage.analyze(constraints, broken: broken)
  }

  /// A label's leading edge 15 after its superview's, its trailing edge 4 after it: the three
  /// make the label 4 − 15 = −11 pt wide (about: each printed number may be anything that
  /// prints the same). The sentence says so in points, with the minus sign.
  func testANegativeSizeTheMembersForceIsSaidInPoints() throws {
    let analysis = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0x10.leading == UIView:0x20.leading + 15   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x10.trailing == UIView:0x20.leading + 4   (active)>",
    ])
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(
      analysis.diagnosis?.explanation,
      "These 2 constraints cannot all hold: the app's constraints [1] [2] on UILabel contradict each other. "
        + "Together they make UILabel about −11 pt wide, and no size can be negative.")
    // When the members leave the size a range, the figure is its greatest value, rounded up:
    // 4.00005 − 14.99995 = −10.9999.
    let range = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0x10.leading >= UIView:0x20.leading + 15   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x10.trailing == UIView:0x20.leading + 4   (active)>",
    ])
    XCTAssertTrue(
      range.diagnosis?.explanation?.contains("Together they make UILabel at most −10.99 pt wide") == true,
      range.diagnosis?.explanation ?? "")
    // A conflict of two sizes says nothing of a negative one.
    let sizes = analyze([
      "<NSLayoutConstraint:0x1 UILabel:0x10.width == 20   (active)>",
      "<NSLayoutConstraint:0x2 UILabel:0x10.width == 30   (active)>",
    ])
    XCTAssertFalse(sizes.diagnosis?.explanation?.contains("negative") ?? true)
  }

  /// The damage's figures use the minus sign too (shared 032: the button's bottom comes to at
  /// most 24 − 56 ≈ −31.99 pt, where 24 was asked below the gradient's bottom).
  func testNegativeFiguresUseTheMinusSign() throws {
    for block in Corpus.blocks("032") {
      let analysis = BlockAnalyzer().analyze(block)
      guard let words = analysis.damage?.damage?.words else { continue }
      XCTAssertFalse(words.contains(" -"), words)
    }
    let analysis = analyze(
      [
        "<NSLayoutConstraint:0x1 UILabel:0x10.leading == UIView:0x20.leading + 15   (active)>",
        "<NSLayoutConstraint:0x2 UILabel:0x10.trailing == UIView:0x20.leading - 4   (active)>",
      ], broken: 0)
    // Without [1], the label's leading edge is at most its trailing edge, −4 (printed, so
    // anything under −3.99995 that prints as −4): at most −3.99 pt, at least 18.99 pt from 15.
    XCTAssertEqual(
      analysis.damage?.damage?.words,
      "UIKit's layout misses [1] (UILabel: leading edge = UIView's leading edge + 15) by at least 18.99 pt: it "
        + "comes to at most −3.99 pt, not 15 pt.")
  }

  /// Masonry prints its key where the address goes only when one is set: a pointer is no key.
  func testAMasonryKeyIsAKeyAndAPointerIsAPointer() throws {
    let analysis = analyze([
      "<MASLayoutConstraint:0x600000ea3c60 UILabel:0x10.height == 21>",
      "<MASLayoutConstraint:ConstantConstraint UILabel:0x10.height == 24>",
    ])
    XCTAssertEqual(analysis.diagnosis?.origins[0].first?.text, "made by Masonry")
    XCTAssertEqual(analysis.diagnosis?.origins[1].first?.text, "made by Masonry (key ConstantConstraint)")
  }

  /// A guide UIKit ties to its view by a margin-guide constraint is that view's guide, even
  /// when an app view is nearer by other constraints (shared 017: the stack view's margins).
  func testAGuideThatBelongsToAViewIsThatViewsGuide() throws {
    let block = try XCTUnwrap(Corpus.blocks("017").first)
    let analysis = BlockAnalyzer().analyze(block)
    let names = try XCTUnwrap(analysis.diagnosis?.names)
    let guide = try XCTUnwrap(
      block.constraints.compactMap(\.constraint).flatMap(\.items).first {
        $0.label == "UIViewLayoutMarginsGuide"
      })
    XCTAssertEqual(names.context(of: guide), "UIStackView's guide")
    // A guide related to a view by the app's own constraint is only next to it.
    let near = analyze([
      "<NSLayoutConstraint:0x1 UILayoutGuide:0x30.height == MyApp.Card:0x20.height   (active)>",
      "<NSLayoutConstraint:0x2 UILayoutGuide:0x30.height == 10   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Card:0x20.height == 20   (active)>",
    ])
    XCTAssertEqual(near.diagnosis?.sentences[1], "UILayoutGuide (next to MyApp.Card): height = 10")
  }
}
