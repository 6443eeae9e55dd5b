import Foundation
import LCQParsing
import LCQTestSupport
import XCTest

@testable import LCQAnalysis

/// The fingerprint groups the same conflict however it was listed, wherever objects lived and
/// whatever device it ran on, and keeps different conflicts apart.
final class FingerprintTests: XCTestCase {
  let analyzer = BlockAnalyzer(options: .init(enumeratesMinimalSets: false, findsSingleFixes: false))

  /// Corpus blocks whose replay proved a conflict.
  lazy var conflicts: [(block: ConflictBlock, analysis: BlockAnalysis)] = Corpus.allBlocks.compactMap {
    block in
    let analysis = analyzer.analyze(block)
    return analysis.verdict == .conflict ? (block, analysis) : nil
  }

  func testSHA256MatchesTheStandardTestVectors() {
    XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      SHA256.hex(String(repeating: "a", count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // The same vectors given in parts.
    XCTAssertEqual(
      SHA256.hex(joining: ["a", "", "bc"]), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
    XCTAssertEqual(
      SHA256.hex(joining: ["abcdbcdecdefdefgefghfghighijhijk", "ijkljklmklmnlmnomnopnopq"]),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      SHA256.hex(joining: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  /// The processor's SHA instructions (where present) and the Swift rounds agree on every
  /// length around the block and padding boundaries, on bytes from a fixed generator.
  func testSHA256OnTheProcessorMatchesTheSwiftRounds() throws {
    try XCTSkipUnless(SHA256.usesHardware, "no SHA instructions on this processor")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for length in 0...300 {
      let bytes = (0..<length).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
      }
      XCTAssertEqual(
        SHA256.digest(bytes, hardware: true), SHA256.digest(bytes, hardware: false), "length \(length)")
    }
    let long = [UInt8](repeating: 0x61, count: 1_000_000)
    XCTAssertEqual(SHA256.digest(long, hardware: true), SHA256.digest(long, hardware: false))
  }

  /// The refinement's work budget changes no real fingerprint: it stops refining only when
  /// items × constraints exceeds `workLimit`, and a set of n constraints has at most 2n items,
  /// so 2n² ≤ `workLimit` for every corpus block means every one refines until stable, as
  /// before the budget existed.
  /// On a block at the reader's limit the budget binds: a chain of 20,000 constraints gets
  /// 400,000 / 20,000 = 20 rounds, after which an item is told apart only by its distance (up
  /// to 20) from either end of the chain: at most 2 × 20 + 1 colours, where a full refinement of
  /// a 100-item chain tells apart its 100 items (the chain is directed).
  func testTheRefinementBudgetBindsOnABlockAtTheReadersLimit() {
    func chain(_ count: Int) -> ItemColoring {
      let items = (0...count).map { "v\($0)" }
      let edges = (0..<count).map {
        ItemColoring.Edge(shape: "leading = trailing", first: items[$0 + 1], second: items[$0])
      }
      return ItemColoring(
        initial: Dictionary(uniqueKeysWithValues: items.map { ($0, "UIView") }), edges: edges)
    }
    XCTAssertEqual(ItemColoring.workLimit / 20_000, 20)
    XCTAssertLessThanOrEqual(Set(chain(20_000).colors.values).count, 41)
    XCTAssertEqual(Set(chain(100).colors.values).count, 101)
  }

  func testTheRefinementBudgetNeverBindsOnRealLogs() {
    let sizes = Corpus.allBlocks.map { block in block.constraints.filter(\.isParsed).count }
    XCTAssertGreaterThan(sizes.count, 100)
    let largest = sizes.max() ?? 0
    XCTAssertLessThanOrEqual(2 * largest * largest, ItemColoring.workLimit, "largest block: \(largest)")
  }

  func testShufflingTheListKeepsTheFingerprint() {
    var generator = SeededGenerator.forTest("FingerprintTests")
    XCTAssertGreaterThan(conflicts.count, 80)
    for (block, analysis) in conflicts {
      XCTAssertNotNil(analysis.fingerprint)
      for _ in 0..<3 {
        var other = block
        other.constraints.shuffle(using: &generator)
        XCTAssertEqual(analyzer.analyze(other).fingerprint, analysis.fingerprint, place(block))
      }
    }
  }

  func testNewAddressesKeepTheFingerprint() {
    for (block, analysis) in conflicts {
      let renamed = Self.rescan(Self.replacingAddresses(in: block.rawText), file: block.source.file)
      XCTAssertEqual(renamed.count, 1, place(block))
      guard let other = renamed.first else { continue }
      XCTAssertNotEqual(
        other.constraints.map(\.description), block.constraints.map(\.description), place(block))
      XCTAssertEqual(analyzer.analyze(other).fingerprint, analysis.fingerprint, place(block))
    }
  }

  /// Members that read the same without their addresses are ordered by their addresses, so the
  /// fingerprint must not follow that order. A chain of three views whose links read alike
  /// (`leading == trailing + 8`), with addresses that sort the links one way, then the other:
  /// the same conflict, the same fingerprint.
  func testMembersThatReadAlikeKeepTheFingerprintWhateverTheirAddresses() {
    func chain(_ a: String, _ b: String, _ c: String) -> ConflictBlock {
      let text = """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x\(a)1 UIView:0x\(b).leading == UIView:0x\(a).trailing + 8   (active)>",
            "<NSLayoutConstraint:0x\(b)1 UIView:0x\(c).leading == UIView:0x\(b).trailing + 8   (active)>",
            "<NSLayoutConstraint:0x\(c)1 UIView:0x\(c).trailing == UIView:0x\(a).leading + 10   (active)>"
        )

        """
      return Self.rescan(text, file: "chain.log")[0]
    }
    // 8 + 8 between three views whose sizes are never negative cannot be 10.
    let first = analyzer.analyze(chain("a1", "b2", "c3"))
    let second = analyzer.analyze(chain("c3", "b2", "a1"))
    XCTAssertEqual(first.verdict, .conflict)
    XCTAssertEqual(first.minimalSet.count, 3)
    XCTAssertNotNil(first.fingerprint)
    XCTAssertEqual(second.fingerprint, first.fingerprint)
  }

  /// Every corpus conflict whose text `change` alters, scanned and analysed again: how many it
  /// altered, and how many of those kept their verdict and minimal set, each of which is handed
  /// to `check` (the first analysis, the new one, and where the block is).
  private func reanalysingKeptSets(
    _ change: (String) -> String, check: (BlockAnalysis, BlockAnalysis, String) -> Void
  ) -> (changed: Int, sameSet: Int) {
    var changed = 0
    var sameSet = 0
    for (block, analysis) in conflicts {
      let text = change(block.rawText)
      guard text != block.rawText, let other = Self.rescan(text, file: block.source.file).first else {
        continue
      }
      changed += 1
      let otherAnalysis = analyzer.analyze(other)
      guard otherAnalysis.verdict == analysis.verdict, otherAnalysis.minimalSet == analysis.minimalSet else {
        continue
      }
      sameSet += 1
      check(analysis, otherAnalysis, place(block))
    }
    return (changed, sameSet)
  }

  /// The safe area's insets and the layout margins are the device's too (a notch, a home
  /// indicator, a wider screen's margins): corpus conflicts with those constants 10% larger keep
  /// their fingerprint, whenever they keep their minimal set.
  func testAnotherSafeAreaOrMarginKeepsTheFingerprint() {
    let (changed, sameSet) = reanalysingKeptSets({
      Self.changingConstants(
        of: "<NSLayoutConstraint:[^ >]+ '(UIViewSafeAreaLayoutGuide-|UIView-[a-z]+Margin-guide-)[^>]*>",
        in: $0)
    }) { analysis, other, place in
      XCTAssertEqual(other.fingerprint, analysis.fingerprint, place)
    }
    XCTAssertGreaterThanOrEqual(changed, 5)
    XCTAssertGreaterThanOrEqual(sameSet, 4, "\(sameSet) of \(changed) kept their set")
  }

  /// Another device, 10% larger: every cell size, autoresizing frame and temporary fitting size
  /// changes. When the same constraints still conflict, the fingerprint must not move. A size
  /// change can also dissolve the conflict or draw other constraints into it; that is another
  /// conflict, and the test counts it to show it stays rare.
  func testAnotherDeviceKeepsTheFingerprint() {
    let (changed, sameSet) = reanalysingKeptSets(Self.changingDeviceConstants(in:)) {
      analysis, other, place in
      XCTAssertEqual(other.fingerprint, analysis.fingerprint, place)
      XCTAssertEqual(other.title, analysis.title, place)
    }
    XCTAssertGreaterThan(changed, 35)
    XCTAssertGreaterThan(sameSet * 10, changed * 8, "\(sameSet) of \(changed) kept their set")
  }

  /// Every container-set size of the corpus (a cell's or root view's width or height, a
  /// temporary fitting size, a template cell's content-view width) replaced by those of other
  /// devices, 320 to 430 pt wide and 44 to 600 pt high, one at a time: every variant that is
  /// still a conflict keeps the block's fingerprint, whichever minimal set that size selects.
  func testEveryDeviceSizeKeepsTheFingerprint() throws {
    let sizeDescription = try NSRegularExpression(
      pattern:
        "<NSLayoutConstraint:[^ >]+ ('(UIView|NSView)-Encapsulated-Layout-(Width|Height)'|'_UITemporaryLayout(Width|Height)'|'fittingSize(H|V)Target'|(UITableViewCellContentView|UICollectionViewCellContentView):0x[0-9a-f]+\\.width) [^>]*?== ([0-9.]+)[^>]*>"
    )
    let widths = ["320", "375", "390", "414", "430"]
    let heights = ["44", "88", "200", "600"]
    var variants = 0
    var kept = 0
    for (block, analysis) in conflicts {
      let text = block.rawText
      for match in sizeDescription.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let description = (text as NSString).substring(with: match.range)
        let number = (text as NSString).substring(with: match.range(at: 7))
        let isWidth =
          description.contains("Width") || description.contains("HTarget") || description.contains(".width")
        // A content-view width counts only when it is a screen width (as the rule says).
        if description.contains("ContentView:"), !description.contains("'"), !widths.contains(number) {
          continue
        }
        for size in isWidth ? widths : heights where size != number {
          let resized = description.replacingOccurrences(of: "== \(number)", with: "== \(size)")
          guard
            let other = Self.rescan(text.replacingOccurrences(of: description, with: resized), file: "v")
              .first
          else { continue }
          variants += 1
          let otherAnalysis = analyzer.analyze(other)
          guard otherAnalysis.verdict == .conflict else { continue }
          kept += 1
          XCTAssertEqual(
            otherAnalysis.fingerprint, analysis.fingerprint, "\(place(block)): \(number) → \(size)")
        }
      }
    }
    // 84 of the 157 variants still conflict (the others fit their new size).
    XCTAssertGreaterThan(variants, 120)
    XCTAssertGreaterThan(kept, 75, "\(kept) of \(variants) variants still conflict")
  }

  /// Blocks whose minimal sets differ in anything the fingerprint keeps get different
  /// fingerprints. The comparison key is made from the logged text alone (addresses, labels and
  /// device constants masked by the test), not from the fingerprint's own canonical form.
  func testDifferentMinimalSetsGetDifferentFingerprints() {
    var keyByFingerprint: [String: (key: [String], place: String)] = [:]
    var keys = Set<[String]>()
    for (block, analysis) in conflicts {
      // The set hashed: the minimal set no device decides (the replay's, unless it holds a
      // container-set size).
      let hashed = DeviceIndependentSet.indices(block: block, replay: analysis.replay!)
      let key = hashed.map { Self.maskedText(block.constraints[$0].description) }.sorted()
      keys.insert(key)
      let fingerprint = analysis.fingerprint!
      if let earlier = keyByFingerprint[fingerprint] {
        XCTAssertEqual(earlier.key, key, "\(place(block)) shares \(fingerprint) with \(earlier.place)")
      } else {
        keyByFingerprint[fingerprint] = (key, place(block))
      }
    }
    XCTAssertGreaterThanOrEqual(keyByFingerprint.count, keys.count)
    XCTAssertGreaterThan(keys.count, 60)
  }

  /// One conflict as OS versions, tools and two ways of writing it print it: a label 8 pt inside
  /// each side of its cell is 16 pt narrower than the cell, so a 300-pt label cannot fit a
  /// 200-pt cell (300 + 16 ≠ 200). Visual format with `(active, names:)`, iOS 7–9's `(Names:)`
  /// and `H:[A(300)]` sizes, equations without a state, the trailing side written from the
  /// label's side (`label.trailing == cell.trailing - 8`, the same constraint as `cell.trailing
  /// == label.trailing + 8`), an identifier the app added later, 32-bit addresses: one
  /// fingerprint. The label 8 pt *outside* the trailing edge is another constraint and another
  /// conflict (300 + 8 - 8 ≠ 200): another fingerprint.
  func testTheSameConflictAsOSVersionsAndToolsPrintItGetsOneFingerprint() {
    func block(_ lines: [String]) -> ConflictBlock {
      let list = lines.map { "    \"<NSLayoutConstraint:\($0)>\"" }.joined(separator: ",\n")
      return Self.rescan(
        "Unable to simultaneously satisfy constraints.\n(\n\(list)\n)\n", file: "variants.log")[0]
    }
    let variants = [
      [
        "0x600001 H:|-(8)-[UILabel:0x7f01]   (active, names: '|':MyApp.Cell:0x7f02 )",
        "0x600002 H:[UILabel:0x7f01]-(8)-|   (active, names: '|':MyApp.Cell:0x7f02 )",
        "0x600003 UILabel:0x7f01.width == 300   (active)",
        "0x600004 MyApp.Cell:0x7f02.width == 200   (active)",
      ],
      [
        "0x7a01 H:|-(8)-[UILabel:0x7b01]   (Names: '|':MyApp.Cell:0x7b02 )",
        "0x7a02 H:[UILabel:0x7b01]-(8)-|   (Names: '|':MyApp.Cell:0x7b02 )", "0x7a03 H:[UILabel:0x7b01(300)]",
        "0x7a04 H:[MyApp.Cell:0x7b02(200)]",
      ],
      [
        "0x600001 UILabel:0x7f01.leading == MyApp.Cell:0x7f02.leading + 8",
        "0x600002 MyApp.Cell:0x7f02.trailing == UILabel:0x7f01.trailing + 8",
        "0x600003 UILabel:0x7f01.width == 300", "0x600004 MyApp.Cell:0x7f02.width == 200",
      ],
      [
        "0x600001 MyApp.Cell:0x7f02.leading == UILabel:0x7f01.leading - 8   (active)",
        "0x600002 UILabel:0x7f01.trailing == MyApp.Cell:0x7f02.trailing - 8   (active)",
        "0x600003 'labelWidth' UILabel:0x7f01.width == 300   (active)",
        "0x600004 MyApp.Cell:0x7f02.width == 200   (active)",
      ],
    ]
    let analyses = variants.map { analyzer.analyze(block($0)) }
    for analysis in analyses {
      XCTAssertEqual(analysis.verdict, .conflict)
      XCTAssertEqual(analysis.minimalSet.count, 4)
    }
    XCTAssertEqual(Set(analyses.map(\.fingerprint)).count, 1, "\(analyses.map(\.fingerprint))")
    var outside = variants[2]
    outside[1] = "0x600002 UILabel:0x7f01.trailing == MyApp.Cell:0x7f02.trailing + 8"
    let other = analyzer.analyze(block(outside))
    XCTAssertEqual(other.verdict, .conflict)
    XCTAssertNotEqual(other.fingerprint, analyses[0].fingerprint)
  }

  /// Turning a constraint round: `A.x <= B.y + 5` is `B.y >= A.x - 5`; between two items that
  /// read alike the form with the constant that is not negative is kept, and for a zero
  /// constant `<=`.
  func testAConstraintIsWrittenWithItsSidesInAFixedOrder() {
    func oriented(_ text: String) -> String {
      guard case .success(let constraint) = ConstraintParser().parse("<NSLayoutConstraint:0x1 \(text)>")
      else {
        return "unreadable"
      }
      let turned = Fingerprint.oriented(constraint)
      return [
        turned.firstItem.className ?? "", turned.firstAttribute.description, turned.relation.rawValue,
        turned.secondItem?.className ?? "", turned.secondAttribute?.description ?? "", turned.constant.text,
      ].joined(separator: " ")
    }
    XCTAssertEqual(
      oriented("UILabel:0x2.leading <= MyApp.Cell:0x3.leading + 5"),
      "MyApp.Cell leading >= UILabel leading -5")
    XCTAssertEqual(
      oriented("MyApp.Cell:0x3.leading >= UILabel:0x2.leading - 5"),
      "MyApp.Cell leading >= UILabel leading -5")
    XCTAssertEqual(oriented("UIView:0x2.width == UIView:0x3.width - 10"), "UIView width == UIView width 10")
    XCTAssertEqual(oriented("UIView:0x2.width >= UIView:0x3.width"), "UIView width <= UIView width 0")
    // A multiplier other than 1 is kept as printed.
    XCTAssertEqual(
      oriented("UILabel:0x2.width == 0.5*MyApp.Cell:0x3.width"), "UILabel width == MyApp.Cell width 0")
  }

  func testAFingerprintIsVersionedAndShort() {
    for (_, analysis) in conflicts.prefix(10) {
      let value = analysis.fingerprint!
      XCTAssertTrue(value.hasPrefix("v3:"))
      XCTAssertEqual(value.count, 19)
      XCTAssertTrue(value.dropFirst(3).allSatisfy(\.isHexDigit))
    }
  }

  func testTitlesNameTheAppClassAndBothSides() {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600001 UILabel:0x7f01'Jane Appleseed'.height == 120   (active)>",
          "<NSLayoutConstraint:0x600002 V:|-(0)-[UILabel:0x7f01'Jane Appleseed']   (active, names: '|':UITableViewCellContentView:0x7f02 )>",
          "<NSLayoutConstraint:0x600003 V:[UILabel:0x7f01'Jane Appleseed']-(0)-|   (active, names: '|':UITableViewCellContentView:0x7f02 )>",
          "<NSLayoutConstraint:0x600004 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f02.height == 44   (active)>",
          "<NSLayoutConstraint:0x600005 MyApp.ProfileCell:0x7f03.width >= 10   (active)>"
      )

      Will attempt to recover by breaking constraint
      <NSLayoutConstraint:0x600001 UILabel:0x7f01'Jane Appleseed'.height == 120   (active)>
      """
    let block = Self.rescan(text, file: "title.log")[0]
    let analysis = analyzer.analyze(block)
    XCTAssertEqual(analysis.verdict, .conflict)
    XCTAssertEqual(analysis.minimalSet.sorted(), [0, 1, 2, 3])
    XCTAssertEqual(analysis.title, "UILabel height vs cell height")

    let withApp = Self.rescan(
      text.replacingOccurrences(of: "UITableViewCellContentView", with: "MyApp.ProfileCell"), file: "t")[0]
    XCTAssertEqual(analyzer.analyze(withApp).title, "ProfileCell: UILabel height vs cell height")
  }

  func testLabelTextDoesNotChangeTheFingerprint() {
    let block = Corpus.allBlocks.first { $0.constraints.contains { $0.constraint?.firstItem.label != nil } }!
    let analysis = analyzer.analyze(block)
    var other = block
    for index in other.constraints.indices {
      guard var constraint = other.constraints[index].constraint else { continue }
      if constraint.firstItem.label != nil { constraint.firstItem.label = "Übersetzt" }
      if constraint.secondItem?.label != nil { constraint.secondItem?.label = "другой текст" }
      other.constraints[index].constraint = constraint
    }
    XCTAssertNotNil(analysis.fingerprint)
    XCTAssertEqual(analyzer.analyze(other).fingerprint, analysis.fingerprint)
  }

  // MARK: Helpers

  func place(_ block: ConflictBlock) -> String { "\(block.source.file):\(block.source.line)" }

  static func rescan(_ text: String, file: String) -> [ConflictBlock] {
    ConflictScanner.blocks(in: text, file: file)
  }

  /// Every `0x…` address replaced by another, consistently.
  static func replacingAddresses(in text: String) -> String {
    let pattern = try! NSRegularExpression(pattern: "0x[0-9a-fA-F]+")
    var mapping: [String: String] = [:]
    var result = ""
    var last = text.startIndex
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let range = Range(match.range, in: text)!
      let address = String(text[range])
      let replacement =
        mapping[address] ?? "0x6000\(String(format: "%08x", 0x1234_5000 + mapping.count * 0x40))"
      mapping[address] = replacement
      result += text[last..<range.lowerBound] + replacement
      last = range.upperBound
    }
    return result + text[last...]
  }

  /// The descriptions of system constraints with device-decided constants get numbers 10%
  /// larger.
  static func changingDeviceConstants(in text: String) -> String {
    changingConstants(
      of:
        "<(NSAutoresizingMaskLayoutConstraint|NSLayoutConstraint:[^ >]+ '(UIView-Encapsulated-Layout-|_UITemporaryLayout|fittingSize))[^>]*>",
      in: text)
  }

  /// The descriptions that match `pattern` get numbers 10% larger.
  static func changingConstants(of pattern: String, in text: String) -> String {
    let description = try! NSRegularExpression(pattern: pattern)
    let number = try! NSRegularExpression(pattern: "(?<![0-9a-fA-Fx.{:])[0-9]+(\\.[0-9]+)?(?![0-9a-fA-Fx}])")
    var result = ""
    var last = text.startIndex
    for match in description.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let range = Range(match.range, in: text)!
      let body = String(text[range])
      var changed = ""
      var bodyLast = body.startIndex
      for found in number.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
        let numberRange = Range(found.range, in: body)!
        changed +=
          body[bodyLast..<numberRange.lowerBound] + String(format: "%g", Double(body[numberRange])! * 1.1)
        bodyLast = numberRange.upperBound
      }
      result += text[last..<range.lowerBound] + changed + body[bodyLast...]
      last = range.upperBound
    }
    return result + text[last...]
  }

  /// A description with addresses, label text and device constants masked.
  static func maskedText(_ description: String) -> String {
    var text = description.replacingOccurrences(of: "0x[0-9a-fA-F]+", with: "@", options: .regularExpression)
    text = text.replacingOccurrences(of: "'[^']*'", with: "''", options: .regularExpression)
    text = text.replacingOccurrences(of: "\"[^\"]*\"", with: "''", options: .regularExpression)
    if text.contains("Encapsulated") || text.contains("Autoresizing") || text.contains("Temporary")
      || text.contains("fittingSize") || text.contains("Margin-guide") || text.contains("SafeArea")
    {
      text = text.replacingOccurrences(
        of: "[-+]? ?[0-9]+(\\.[0-9]+)?", with: "#", options: .regularExpression)
    }
    return text
  }
}
