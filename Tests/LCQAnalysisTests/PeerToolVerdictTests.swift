import LCQAnalysis
import LCQParsing
import XCTest

/// Every verdict on the peer web tool's 26 test inputs (`corpus/real/*-wtf-*`), pinned by hand.
///
/// Each expectation below was worked out on paper from the logged constraints, with the layout
/// rules of the model (sizes ≥ 0, `|` is the superview named in `names:`, margins guides linked
/// when their constraints are logged). Sets are list indices (0-based), sorted.
final class PeerToolVerdictTests: XCTestCase {
  struct Expected {
    var verdict: Verdict
    var minimalSet: [Int] = []
    var singleFixes: [Int]? = nil
    var missing: [MissingQuantity] = []
    var defaultMarginsConflict: Bool? = nil
    var setCount = 1
  }

  static let expectations: [String: Expected] = [
    // Stack 21 + h + 9 inside a header of height ~0: h ≥ 0 is enough; `height == 24` is not needed.
    "001": Expected(verdict: .conflict, minimalSet: [1, 2, 3], singleFixes: [1, 2, 3]),
    // Circle at superview + 6, label at superview + 0, leadings equal: 6 = 0.
    "002": Expected(verdict: .conflict, minimalSet: [0, 1, 2], singleFixes: [0, 1, 2]),
    // Label inset 3 + 3 in a view pinned 0 + 0 to a view of height 0: every constraint counts.
    "003": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3, 4], singleFixes: [0, 1, 2, 3, 4]),
    // Guide top = collection bottom + 87, guide bottom = view bottom = collection bottom: the guide's
    // height would be -87. Its logged height (0), the collection's 230 and the view's 568 are not needed.
    "004": Expected(verdict: .conflict, minimalSet: [1, 3, 5], singleFixes: [1, 3, 5]),
    // Centred 54 in 70 puts the cell at +8; trailing -2 puts it at +18.
    "005": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3], singleFixes: [0, 1, 2, 3]),
    // Image 0.4 × 342 wide at 1.574:1 is 86.9 high, but 123.5 - 7 - 7 - 9 - 11 - 11 leaves 78.5.
    // The label's `height == 0` is not needed: height ≥ 0 gives the same bound.
    "006": Expected(
      verdict: .conflict, minimalSet: [0, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      singleFixes: [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    // Image 60 high pinned top and bottom in a cell 80 high.
    "007": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3], singleFixes: [0, 1, 2, 3]),
    // Two distinct labels (two addresses under one cut name), 7 apart: nothing conflicts.
    "008": Expected(verdict: .satisfiable),
    // 15 + w1 + 8 + stack + 8 + 60 + 5 = 94.3333 with w1, stack ≥ 0: `width == 40` is not needed,
    // the encapsulated width is.
    "009": Expected(verdict: .conflict, minimalSet: [1, 2, 3, 4, 5, 10], singleFixes: [1, 2, 3, 4, 5, 10]),
    "010": Expected(verdict: .satisfiable),
    // The image is 234 - 27 = 207 high, so 0.384615 × 207 = 79.6 wide, not 85 (beyond rounding).
    "011": Expected(
      verdict: .conflict, minimalSet: [0, 1, 2, 3, 4, 5, 6], singleFixes: [0, 1, 2, 3, 4, 5, 6]),
    // Feasible for any margins and baseline; with 8-pt margins too (the view is ≥ 44.5 high).
    "012": Expected(verdict: .undecidable, missing: [.margins, .baseline], defaultMarginsConflict: false),
    // The badge forces the image's width, hence the rounded view's width, to 0; the stack between
    // its margins then needs both insets to be 0: feasible, but not with 8-pt margins.
    "013": Expected(verdict: .undecidable, missing: [.margins], defaultMarginsConflict: true),
    // The inner stack must be ≥ 50 high (centred on a 50-high view below its top), the button 8
    // below it, all inside a 50-high margin area: every one of the 15 constraints is needed.
    "014": Expected(
      verdict: .conflict, minimalSet: Array(0...14), singleFixes: Array(0...14)),
    // 0 + 52 + 0 + 42 = 94 ≠ 86.
    "015": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3, 4], singleFixes: [0, 1, 2, 3, 4]),
    "016": Expected(verdict: .satisfiable),
    // Margins 22 + 22 inside a stack as wide as a scroll view of width 0: the guide's width is -44.
    "017": Expected(verdict: .conflict, minimalSet: [0, 5, 6, 7], singleFixes: [0, 5, 6, 7]),
    // Label top ≥ 8 below the top of a 0-high view, yet centred on it.
    "018": Expected(verdict: .conflict, minimalSet: [0, 1, 2], singleFixes: [0, 1, 2]),
    // Width ≤ 0 with 15-pt margins on both sides.
    "019": Expected(verdict: .conflict, minimalSet: [0, 1, 2], singleFixes: [0, 1, 2]),
    // 13 + 13 inside a width of 0.
    "020": Expected(verdict: .conflict, minimalSet: [0, 1, 2], singleFixes: [0, 1, 2]),
    // Five 8-pt gaps (40) inside a view 50 - 16 = 34 high; the heights are not needed. Three lines
    // are logged twice, so there are 2 × 2 × 2 minimal sets; only the unrepeated lines are single fixes.
    "021": Expected(
      verdict: .conflict, minimalSet: [3, 4, 5, 6, 7, 8, 12, 13], singleFixes: [3, 4, 5, 12, 13], setCount: 8),
    // The view's bottom is the keyboard window's bottom, 34 below the safe area, yet ≤ 8 below it.
    "022": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3, 4], singleFixes: [0, 1, 2, 3, 4]),
    // Three views share top and bottom, so the image is 40 high, but 0.9 × 40 = 36.
    "023": Expected(verdict: .conflict, minimalSet: [0, 1, 2, 3, 4, 5], singleFixes: [0, 1, 2, 3, 4, 5]),
    // Invalid hex digits: the one description cannot be read.
    "024": Expected(verdict: .unparsed),
    // height == 25 and height ≥ 50.
    "025": Expected(verdict: .conflict, minimalSet: [0, 1], singleFixes: [0, 1]),
    // 15 + 15 inside a width of 0.
    "026": Expected(verdict: .conflict, minimalSet: [0, 1, 2], singleFixes: [0, 1, 2]),
  ]

  func testEveryPeerToolInputHasItsHandWorkedVerdict() {
    let files = Corpus.realFiles.filter { $0.contains("-wtf-") }
    XCTAssertEqual(files.count, 26)
    for file in files {
      let key = String(file.prefix(3))
      guard let expected = Self.expectations[key] else {
        XCTFail("no expectation for \(file)")
        continue
      }
      let blocks = Corpus.blocks(key)
      XCTAssertEqual(blocks.count, 1, file)
      let analysis = BlockAnalyzer().analyze(blocks[0])
      XCTAssertEqual(analysis.verdict, expected.verdict, file)
      let replay = analysis.replay
      XCTAssertEqual(replay?.minimalSet.sorted() ?? [], expected.minimalSet, file)
      XCTAssertEqual(replay?.singleFixes?.sorted(), expected.singleFixes, file)
      XCTAssertEqual(replay?.missing ?? [], expected.missing, file)
      XCTAssertEqual(replay?.infeasibleWithDefaultMargins, expected.defaultMarginsConflict, file)
      if expected.verdict == .conflict {
        XCTAssertEqual(replay?.minimalSets.count, expected.setCount, file)
        XCTAssertEqual(replay?.certificate?.isVerified, true, file)
        XCTAssertEqual(replay?.witnesses.count, expected.minimalSet.count, file)
        XCTAssertTrue(replay?.witnesses.allSatisfy(\.isVerified) ?? false, file)
      }
    }
  }

  func testUIKitBrokeAConstraintOutsideTheConflictInCustom9() {
    let analysis = BlockAnalyzer().analyze(Corpus.blocks("009")[0])
    let standing = analysis.replay?.brokenConstraint
    // UIKit broke [7], a stack view alignment constraint that is in no minimal set.
    XCTAssertEqual(standing?.index, 7)
    XCTAssertEqual(standing?.inMinimalSet, false)
    XCTAssertEqual(standing?.inAnyMinimalSet, false)
    XCTAssertEqual(standing?.resolves, false)
  }
}
