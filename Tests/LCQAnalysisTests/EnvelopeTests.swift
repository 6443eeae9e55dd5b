import Foundation
import LCQParsing
import LCQSolver
import XCTest

@testable import LCQAnalysis

/// The device-size envelope on real corpus blocks, each end worked out by hand from the logged
/// constraints (`[n]` is the list's 1-based number).
final class EnvelopeTests: XCTestCase {
  private func envelope(_ file: String, block: Int = 0) -> (BlockAnalysis, [SizeEnvelope]) {
    let analysis = BlockAnalyzer().analyze(Corpus.blocks(file)[block])
    return (analysis, analysis.envelope?.sizes ?? [])
  }

  private func points(_ value: Int64) -> Rational { Rational(value, 1) }

  /// A root view's width: [1] view A's leading = safe area's leading, [3] B's leading = A's
  /// trailing, [2] B's trailing = safe area's trailing, [4] A's width = 375, and the safe area
  /// spans the root view ([6] [7], insets 0). So the root's width is 375 + B's width ≥ 375.
  func testRootViewWidthFiresBelowItsAppConstraintsTotal() {
    let (_, sizes) = envelope("192")
    XCTAssertEqual(sizes.count, 1)
    let width = sizes[0]
    XCTAssertEqual(width.constraint, 4)
    XCTAssertEqual(width.axis, .width)
    XCTAssertEqual(width.container, "root view")
    XCTAssertEqual(width.safe, SizeEnvelope.Interval(low: points(375), high: nil))
    // Widened: "375" stands for 375 ± 0.0005 (six significant digits); the zeros stay zero.
    XCTAssertEqual(width.widenedSafe, SizeEnvelope.Interval(low: Rational(749_999, 2_000), high: nil))
    XCTAssertTrue(width.fires(at: points(320)))
    XCTAssertFalse(width.fires(at: points(375)))
    // The 320-point screens of the table, and nothing wider.
    XCTAssertEqual(
      DeviceSizes.firing(width).map(\.name), ["iPhone SE (1st generation) portrait", "iPad Slide Over"])
    XCTAssertEqual(
      EnvelopeWords.sentence(width),
      "It fires when the root view's width is below 375 pt (where the root view spans the screen: "
        + "iPhone SE (1st generation) portrait, iPad Slide Over); safe from 375 pt up.")
  }

  /// A self-sizing cell logged at height 0: [1] the stack view's top is 5 below the content
  /// view's, [2] its bottom 5 above the content view's, and its height cannot be negative, so
  /// the cell needs 5 + 5 = 10 points.
  func testSelfSizingCellHeight() {
    let (analysis, sizes) = envelope("159")
    XCTAssertEqual(sizes.map(\.constraint), [2])
    XCTAssertEqual(sizes[0].container, "cell")
    XCTAssertEqual(sizes[0].axis, .height)
    XCTAssertEqual(sizes[0].safe, SizeEnvelope.Interval(low: points(10), high: nil))
    XCTAssertFalse(sizes[0].tracksScreen, "a cell's height is no screen's")
    XCTAssertEqual(sizes[0].fires.count, 1)
    // The proven fix lowers an app constraint; with it the cell holds at every height.
    XCTAssertEqual(analysis.diagnosis?.bestFix?.holdsAtEverySize, true)
  }

  /// A temporary fitting width logged at 0: [1] label 1 is 16 from the content view's leading
  /// edge, [2] 40 wide, [3] label 2 is 4 after it, [4] 60 before the trailing edge, and label 2's
  /// width is not negative: 16 + 40 + 4 + 60 = 120.
  func testTemporaryFittingWidth() {
    let (_, sizes) = envelope("099")
    XCTAssertEqual(sizes.map(\.constraint), [4])
    XCTAssertEqual(sizes[0].container, "fitting")
    XCTAssertEqual(sizes[0].safe, SizeEnvelope.Interval(low: points(120), high: nil))
    XCTAssertEqual(
      EnvelopeWords.sentence(sizes[0]),
      "It fires when the temporary fitting width is below 120 pt; safe from 120 pt up.")
  }

  /// Two-sided: [1] the label is as wide as the root view and [2] 420 wide, so the root view
  /// holds at exactly 420 points and fires on both sides.
  func testTwoSidedInterval() {
    let (_, sizes) = envelope("073")
    XCTAssertEqual(sizes.map(\.constraint), [2])
    XCTAssertEqual(sizes[0].safe, SizeEnvelope.Interval(low: points(420), high: points(420)))
    XCTAssertEqual(sizes[0].fires.count, 2)
    XCTAssertTrue(sizes[0].fires(at: points(320)))
    XCTAssertTrue(sizes[0].fires(at: points(1_024)))
    XCTAssertFalse(sizes[0].fires(at: points(420)))
    XCTAssertEqual(
      sizes[0].widenedSafe,
      SizeEnvelope.Interval(low: Rational(839_999, 2_000), high: Rational(840_001, 2_000)))
  }

  /// Every size: [2] the layout guide's bottom is the root view's bottom, [6] which is the
  /// collection view's bottom, and [4] the guide's top is 87 below that: the guide's height
  /// would be -87 whatever the root view's height [5] is.
  func testEverySizeWhenTheConflictDoesNotNeedTheSize() {
    let (analysis, sizes) = envelope("004")
    XCTAssertFalse(analysis.minimalSet.contains(4))
    XCTAssertEqual(sizes.map(\.constraint), [4])
    XCTAssertNil(sizes[0].safe)
    XCTAssertTrue(sizes[0].firesAtEverySize)
    XCTAssertEqual(sizes[0].fires.count, 1)
    XCTAssertNil(sizes[0].fires[0].low)
    XCTAssertNil(sizes[0].fires[0].high)
  }

  /// Two sizes at once (a cell's width and height): each is freed with the other held.
  func testTwoSizesEachHoldTheOther() {
    let (_, sizes) = envelope("006")
    XCTAssertEqual(sizes.map(\.constraint), [9, 10])
    XCTAssertEqual(sizes.map(\.held), [[10], [9]])
    XCTAssertTrue(EnvelopeWords.sentence(sizes[0]).hasSuffix("with [11] held as logged."))
  }

  /// A list of 17 cells chained width to width, each too narrow for its 400-point label: 17
  /// sizes in one part, past the limit of 16, so no envelope, and the reason says why (each
  /// size would cost a few solves of the whole block).
  func testTooManySizesGiveAReason() throws {
    let name = "seventeen-chained-cells.log"
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/envelope")
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    var scanner = ConflictScanner(file: name)
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(data)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    let analysis = BlockAnalyzer().analyze(try XCTUnwrap(blocks.first))
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(
      analysis.envelope?.reason, "17 sizes a container sets take part; lcq frees at most 16, one at a time")
  }

  /// Every corpus conflict whose list holds a container-set size gets an envelope or a reason;
  /// where the size is in the minimal set, always an envelope.
  func testEveryCorpusConflictWithASizeIsAnswered() {
    var withEnvelope = 0
    var withReason = 0
    for block in Corpus.allBlocks {
      let analysis = BlockAnalyzer().analyze(block)
      guard analysis.verdict == .conflict || analysis.verdict == .withinPrecision else {
        XCTAssertEqual(analysis.envelope?.sizes.isEmpty ?? true, true)
        continue
      }
      let sizes = block.constraints.indices.filter {
        block.constraints[$0].constraint.map(DeviceDependence.isContainerSetSize) == true
      }
      guard !sizes.isEmpty, let envelope = analysis.envelope else { continue }
      if case .none(let reason) = envelope {
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(analysis.minimalSet.contains(where: sizes.contains), "\(block.source): \(reason)")
        withReason += 1
      } else {
        withEnvelope += 1
      }
    }
    // 48 lists whose size carries a container identifier (counted from `lcq analyze --format json`
    // with a script of its own) and one template cell's content-view width (128).
    XCTAssertEqual(withEnvelope, 49)
    XCTAssertEqual(withReason, 0)
    print("corpus: \(withEnvelope) conflicts with an envelope, \(withReason) with a reason")
  }
}
