import Foundation
import LCQParsing
import XCTest

@testable import LCQAnalysis

/// The analysis cache answers what a fresh analysis would, for blocks whose descriptions are
/// parsed only when the cache needs them, and its key renumbers addresses one-to-one.
final class AnalysisCacheTests: XCTestCase {
  let analyzer = BlockAnalyzer(options: .init(enumeratesMinimalSets: false, findsSingleFixes: false))

  /// Every corpus file goes through one cache twice: as logged, then with every address
  /// rewritten (`0x7f…` becomes `0x17f…`, which also moves every later column). Each answer must
  /// equal a fresh analysis of that very text, and each block must end with that text's own
  /// issues (lines and columns), whether the cache hit or missed.
  func testCachedAnswersEqualFreshAnalysesOnTheCorpusAtNewAddresses() throws {
    var cache = AnalysisCache()
    var checked = 0
    var unreadableHits = 0
    for file in Corpus.realFiles {
      let original = try Data(contentsOf: Corpus.root.appendingPathComponent("real/" + file))
      let moved = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "0x", with: "0x1")
      for text in [String(decoding: original, as: UTF8.self), moved] {
        let fresh = ConflictScanner.blocks(in: text, file: file)
        let deferred = Self.deferredBlocks(text, file: file)
        XCTAssertEqual(fresh.count, deferred.count, file)
        for (expected, late) in zip(fresh, deferred) {
          var block = late
          let hitsBefore = cache.hits
          let summary = cache.summary(of: &block) { analyzer.analyze($0) }
          XCTAssertEqual(
            summary, AnalysisSummary(analyzer.analyze(expected)), "\(file):\(expected.source.line)")
          XCTAssertEqual(block.issues, expected.issues, "\(file):\(expected.source.line)")
          if cache.hits > hitsBefore, !expected.isFullyParsed { unreadableHits += 1 }
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 300)
    XCTAssertGreaterThan(cache.hits, checked / 3, "the rewritten copies should hit")
    XCTAssertGreaterThan(unreadableHits, 0, "a hit on a list with unreadable descriptions is covered")
  }

  /// FuzzReplay's block whose `inf*NSImageView:0x7f…` reads as a name that holds an address
  /// (the fingerprint reads that name), as logged and with its addresses moved: each gets what a
  /// fresh analysis of it gives, and only the copy at the same addresses is answered from the
  /// cache.
  func testAListWithAnAddressInsideANameIsAnsweredOnlyAtTheSameAddresses() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fuzz/replay-name-holding-an-address.log")
    let original = try String(contentsOf: fixture, encoding: .utf8)
    var cache = AnalysisCache()
    var fingerprints: [String?] = []
    for text in [original, original, original.replacingOccurrences(of: "0x", with: "0x1")] {
      for (expected, late) in zip(
        ConflictScanner.blocks(in: text, file: "fuzz"), Self.deferredBlocks(text, file: "fuzz"))
      {
        var block = late
        let summary = cache.summary(of: &block) { analyzer.analyze($0) }
        XCTAssertEqual(summary, AnalysisSummary(analyzer.analyze(expected)))
        fingerprints.append(summary.fingerprint)
      }
    }
    XCTAssertEqual(fingerprints.count, 3)
    XCTAssertEqual(fingerprints[0], fingerprints[1])
    XCTAssertNotEqual(fingerprints[0], fingerprints[2], "the moved name changes the fingerprint")
    XCTAssertEqual(cache.hits, 1, "only the same addresses again are answered from the cache")
  }

  func testTheKeyRenumbersAddressesOneToOne() {
    func key(_ first: String, _ second: String) -> String {
      let text = """
        (
            "<NSLayoutConstraint:0xa1 UIView:\(first).width == 40   (active)>",
            "<NSLayoutConstraint:0xa2 UIView:\(second).width == 60   (active)>"
        )
        """
      return AnalysisCache.key(of: ConflictScanner.blocks(in: text, file: "t")[0])
    }
    // The same objects at other addresses: one key.
    XCTAssertEqual(key("0x7f01", "0x7f01"), key("0x6002", "0x6002"))
    XCTAssertEqual(key("0x7f01", "0x7f02"), key("0x6002", "0x6001"))
    // One object against two: different keys, however the two are written.
    XCTAssertNotEqual(key("0x7f01", "0x7f01"), key("0x7f01", "0x7f02"))
    XCTAssertNotEqual(key("0x1", "0x1"), key("0x1", "0x01"))
    XCTAssertNotEqual(key("0xab", "0xab"), key("0xab", "0xAB"))
    // A logged `@1` never reads as a renumbered address.
    XCTAssertNotEqual(key("0x7f01", "0x7f02"), key("0x7f01", "@1"))
  }

  /// The platform is part of what the analysis reads (AppKit's coordinates may be flipped,
  /// its priority type has another name), so the same list under AppKit's header and under
  /// UIKit's gets two entries: each block's summary is its own fresh analysis's, in either order.
  func testTheSameListUnderEachFrameworksHeaderIsAnalysedForEach() {
    let list = """
      (
          "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=-&- NSView:0xa.minY == NSView:0xb.minY + 20   (active)>",
          "<NSLayoutConstraint:0x2 V:|-(20)-[NSView:0xa]   (active, names: '|':NSView:0xb )>",
          "<NSLayoutConstraint:0x3 NSView:0xa.height == 50   (active)>",
          "<NSLayoutConstraint:0x4 NSView:0xb.height == 100   (active)>"
      )
      """
    let appKit = "Unable to simultaneously satisfy constraints:\n" + list + "\n"
    let uiKit = "Unable to simultaneously satisfy constraints.\n" + list + "\n"
    for text in [appKit + uiKit, uiKit + appKit] {
      var cache = AnalysisCache()
      let fresh = ConflictScanner.blocks(in: text, file: "t")
      XCTAssertEqual(Set(fresh.map(\.platform)), [.appkit, .uikit])
      XCTAssertNotEqual(
        AnalysisSummary(analyzer.analyze(fresh[0])).verdict,
        AnalysisSummary(analyzer.analyze(fresh[1])).verdict,
        "the two frameworks' readings should differ, or this test shows nothing")
      for (expected, late) in zip(fresh, Self.deferredBlocks(text, file: "t")) {
        var block = late
        XCTAssertEqual(
          cache.summary(of: &block) { analyzer.analyze($0) }, AnalysisSummary(analyzer.analyze(expected)),
          "\(expected.platform)")
      }
      XCTAssertEqual(cache.misses, 2)
    }
  }

  static func deferredBlocks(_ text: String, file: String) -> [ConflictBlock] {
    var scanner = ConflictScanner(file: file, parsesDescriptions: false)
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(text.utf8)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }
}
