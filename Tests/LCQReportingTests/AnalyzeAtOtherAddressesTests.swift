import Foundation
import LCQParsing
import LCQTestSupport
import XCTest

@testable import LCQAnalysis
@testable import LCQPipeline
@testable import LCQReporting

/// A message whose list `lcq analyze --format json` saw before at other addresses reuses that
/// analysis with the addresses renamed (``RepeatedLists/analysisAcrossAddresses(of:by:)``), and
/// must print exactly the JSON a fresh analysis of it prints.
///
/// Every corpus and formats log is followed by copies of itself at other addresses: one with
/// random addresses of random lengths (the seed is printed; `LCQ_TEST_SEED` replays it), one
/// whose addresses keep their lengths but come in the opposite order (every comparison between
/// two addresses turns around), and one with every address one digit shorter or longer.
final class AnalyzeAtOtherAddressesTests: XCTestCase {
  /// `text` with each address replaced by `newAddress(i)` for the i-th distinct one (by first
  /// appearance), by the rule of ``AddressTokens``.
  static func rewritten(_ text: String, _ newAddress: (Int, UInt64) -> UInt64) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var numbers: [UInt64: Int] = [:]
      var output: [UInt8] = []
      var copied = 0
      AddressTokens.forEach(in: bytes) { range, value in
        let number = numbers[value] ?? numbers.count
        numbers[value] = number
        output.append(contentsOf: bytes[copied..<range.lowerBound])
        output.append(contentsOf: ("0x" + String(newAddress(number, value), radix: 16)).utf8)
        copied = range.upperBound
      }
      output.append(contentsOf: bytes[copied...])
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// The logs with their copies, one file's worth each.
  static func logsAtOtherAddresses() throws -> [(name: String, text: String)] {
    let corpus = AnalyzeRepeatsTests.corpus
    var generator = SeededGenerator.forTest("AnalyzeAtOtherAddressesTests")
    let lengths = [1, 2, 3, 5, 8, 9, 11, 12, 13, 16]
    // The example log with labels that hold address-like text, one of them an item's address:
    // such lists are reused only at the same addresses.
    let example = try String(
      contentsOf: corpus.deletingLastPathComponent().appendingPathComponent("../../../Examples/simulator.log")
        .standardizedFileURL, encoding: .utf8
    )
    .replacingOccurrences(of: "'Set lunch'", with: "'Order 0x1f2e3d'")
    .replacingOccurrences(of: "'Added at 10:26'", with: "'Item 0x7f83b9a05e80'")
    // FuzzReplay's block whose `inf*NSImageView:0x7f…` reads as a name that holds an address:
    // its fingerprint reads the address, so it is reused only at the same addresses.
    let nameWithAddress = try String(
      contentsOf: corpus.deletingLastPathComponent().appendingPathComponent(
        "../../LCQAnalysisTests/Fixtures/fuzz/replay-name-holding-an-address.log"
      ).standardizedFileURL, encoding: .utf8)
    // A label of a control character (written `\u0010` in JSON) and an address's digits: the
    // JSON holds the address's text, which is no address of the label's.
    let escaped = try String(
      contentsOf: corpus.deletingLastPathComponent().appendingPathComponent("../../../Examples/simulator.log")
        .standardizedFileURL, encoding: .utf8
    ).replacingOccurrences(of: "'Set lunch'", with: "'\u{10}x7f83b9a05e80'")
    let crafted = [
      ("labels with addresses", example), ("a name that holds an address", nameWithAddress),
      ("a label escaped next to an address's digits", escaped),
    ]
    return try (AnalyzeRepeatsTests.logs() + crafted).map { name, text in
      var used = Set<UInt64>()
      let random = rewritten(text) { _, _ in
        while true {
          let digits = lengths.randomElement(using: &generator)!
          let value =
            UInt64.random(in: 1...UInt64.max, using: &generator) >> (64 - 4 * digits) | 1 << (4 * digits - 4)
          if used.insert(value).inserted { return value }
        }
      }
      // The same lengths in the opposite order: 0x7f…10 ↔ 0x80…ef, and so on, digit by digit.
      let reversed = rewritten(text) { _, value in
        guard value > 0 else { return 0 }
        let digits = (64 - value.leadingZeroBitCount + 3) / 4
        let lowest = UInt64(1) << (4 * digits - 4)
        let highest = digits == 16 ? UInt64.max : lowest * 16 - 1
        return highest - (value - lowest)
      }
      // One digit fewer or more, by turns (made unique where that would merge two objects).
      used = []
      let resized = rewritten(text) { number, value in
        var new = number % 2 == 0 ? max(value >> 4, 1) : (value >> 60 == 0 ? value << 4 | 1 : value >> 8)
        while !used.insert(new).inserted { new += 1 }
        return new
      }
      return (name, [text, random, reversed, resized].joined(separator: "\nnot a conflict\n"))
    }
  }

  static func json(_ analysis: BlockAnalysis, _ renaming: AddressRenaming?) -> String {
    var json = JSONWriter()
    BlockJSON.write(analysis, codeOwnership: nil, renaming: renaming, to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  func testAListAtOtherAddressesPrintsTheJSONAFreshAnalysisPrints() throws {
    let analyzer = BlockAnalyzer()
    var blocks = 0
    var renamed = 0
    for (name, text) in try Self.logsAtOtherAddresses() {
      let repeats = RepeatedLists(acrossAddresses: true)
      for block in ConflictScanner.blocks(in: text, file: name) {
        let (analysis, renaming) = repeats.analysisAcrossAddresses(of: block, by: analyzer)
        XCTAssertEqual(
          Self.json(analysis, renaming), Self.json(analyzer.analyze(block), nil),
          "\(name):\(block.source.line)")
        blocks += 1
        if renaming != nil { renamed += 1 }
      }
    }
    XCTAssertGreaterThan(blocks, 500)
    // Most copies' messages are reused at other addresses; the rest have lists whose
    // descriptions differ only in addresses and come in another order (analysed afresh).
    XCTAssertGreaterThan(renamed, blocks * 2 / 5, "\(renamed) of \(blocks) blocks reused at other addresses")
  }

  /// Through `InputFile.analyzeRendered`, as `lcq analyze --format json` calls it, on one and
  /// on two threads: what a fresh analysis of every block prints, in the same order.
  func testAnalyzeRenderedPrintsWhatAFreshAnalysisPrints() throws {
    let file = try AnalyzeRepeatsTests.temporaryLog(Self.logsAtOtherAddresses())
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    var fresh: [String] = []
    _ = try InputFile.analyze(
      file.path, with: BlockAnalyzer(), reusesRepeats: false, render: { Self.json($0, nil) }
    ) { _, text in fresh.append(text) }
    XCTAssertGreaterThan(fresh.count, 500)
    for jobs in [1, 2] {
      var printed: [String] = []
      _ = try InputFile.analyzeRendered(file.path, with: BlockAnalyzer(), jobs: jobs, render: Self.json) {
        printed.append($0)
      }
      XCTAssertTrue(printed == fresh, "--jobs \(jobs)")
    }
  }

  /// Through `InputFile.analyzeRendered` with the templates of `lcq analyze --format json`
  /// (``BlockJSONTemplate/templating``), on one and on two threads: every line is what a fresh
  /// analysis of its block prints.
  func testTemplatesPrintWhatAFreshAnalysisPrints() throws {
    let file = try AnalyzeRepeatsTests.temporaryLog(Self.logsAtOtherAddresses())
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    var fresh: [String] = []
    _ = try InputFile.analyze(
      file.path, with: BlockAnalyzer(), reusesRepeats: false, render: { Self.json($0, nil) + "\n" }
    ) { _, text in fresh.append(text) }
    for jobs in [1, 2] {
      var printed: [String] = []
      _ = try InputFile.analyzeRendered(
        file.path, with: BlockAnalyzer(), jobs: jobs, render: { Array((Self.json($0, $1) + "\n").utf8) },
        templating: BlockJSONTemplate.templating
      ) { printed.append(String(decoding: $0, as: UTF8.self)) }
      XCTAssertEqual(printed.count, fresh.count, "--jobs \(jobs)")
      for (index, (line, expected)) in zip(printed, fresh).enumerated() where line != expected {
        XCTFail("--jobs \(jobs), block \(index + 1): \(Self.firstDifference(line, expected))")
        break
      }
    }
  }

  /// Each template of a list written for every later message of that list that ``ListTemplates``
  /// answers (the same key as read, the same member order), against a fresh analysis of it; and
  /// how many were written so, so that the test cannot pass by refusing every template.
  func testATemplateWritesWhatAFreshAnalysisPrints() throws {
    let analyzer = BlockAnalyzer()
    var written = 0
    var blocks = 0
    for (name, text) in try Self.logsAtOtherAddresses() {
      let templates = ListTemplates<BlockJSONTemplate>()
      var scanner = ConflictScanner(file: name, parsesDescriptions: false)
      var read: [ConflictBlock] = []
      scanner.feed(Array(text.utf8)) { read.append($0) }
      _ = scanner.finish { read.append($0) }
      for block in read {
        blocks += 1
        var builder = ListKey.Builder()
        let key = builder.key(of: block)
        let parsed = block.parsingDescriptions()
        let expected = Self.json(analyzer.analyze(parsed), nil)
        if let template = templates.template(under: key, for: block) {
          var json = JSONWriter()
          template.write(for: block, addresses: builder.addresses, to: &json)
          let line = String(decoding: json.bytes, as: UTF8.self)
          XCTAssertEqual(
            line, expected, "\(name):\(block.source.line): \(Self.firstDifference(line, expected))")
          written += 1
        } else if templates.kept(under: key, for: parsed) == nil {
          let made = BlockJSONTemplate(analyzer.analyze(parsed), addresses: builder.addresses)
          templates.keep(
            made.map { ($0, $0.byteCount) }, under: key, ranking: MemberRanking(of: parsed), for: parsed)
        }
      }
    }
    XCTAssertGreaterThan(written, blocks / 3, "\(written) of \(blocks) blocks written from a template")
  }

  /// Where the lists met so far came back (a device log's repeats), a list's template is made
  /// from its first message; where most did not (a log of lists never seen before), from its
  /// second, the first written the long way. Each line is what a fresh analysis prints.
  func testATemplateIsMadeFromAListsFirstMessageOnlyWhereListsComeBack() throws {
    let example = try String(
      contentsOf: AnalyzeRepeatsTests.corpus.deletingLastPathComponent().appendingPathComponent(
        "../../../Examples/simulator.log"
      ).standardizedFileURL, encoding: .utf8)
    let blocks = ConflictScanner.blocks(in: example, file: "example").map(\.rawText)
    XCTAssertGreaterThanOrEqual(blocks.count, 5)
    let copies = (0..<3).map { copy in
      Self.rewritten(blocks[0], { number, _ in UInt64(0x1000 * (copy + 1) + number) })
    }
    // Alone, the copies come back at once: the template is made from the first.
    XCTAssertEqual(try templatesMade(in: copies), [0])
    // After four lists logged once each, it waits for the second copy.
    XCTAssertEqual(try templatesMade(in: Array(blocks[1...4]) + copies), [0, 5])
  }

  /// The messages of `messages` (by position) whose analysis made a JSON template, through
  /// `InputFile.analyzeRendered` as `lcq analyze --format json` calls it; every line it printed
  /// is checked against a fresh analysis.
  private func templatesMade(in messages: [String]) throws -> [Int] {
    let file = try AnalyzeRepeatsTests.temporaryLog([("messages", messages.joined(separator: "\n") + "\n")])
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = ConflictScanner.blocks(in: text, file: file.path).map(\.source.line)
    XCTAssertEqual(lines.count, messages.count)
    let made = Counter()
    let counting = Templating<BlockJSONTemplate, [UInt8]>(
      make: { analysis, renaming, addresses in
        made.add(analysis.block.source.line)
        return BlockJSONTemplate.templating.make(analysis, renaming, addresses)
      },
      fill: BlockJSONTemplate.templating.fill)
    var printed: [String] = []
    _ = try InputFile.analyzeRendered(
      file.path, with: BlockAnalyzer(), render: { Array((Self.json($0, $1) + "\n").utf8) },
      templating: counting
    ) { printed.append(String(decoding: $0, as: UTF8.self)) }
    var fresh: [String] = []
    _ = try InputFile.analyze(
      file.path, with: BlockAnalyzer(), reusesRepeats: false, render: { Self.json($0, nil) + "\n" }
    ) { _, text in fresh.append(text) }
    XCTAssertTrue(printed == fresh)
    return made.values.compactMap { lines.firstIndex(of: $0) }.sorted()
  }

  /// What the threads of `analyzeRendered` note down.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [Int] = []
    var values: [Int] { lock.withLock { noted } }
    func add(_ value: Int) { lock.withLock { noted.append(value) } }
  }

  /// The first place two lines differ, with some text around it.
  static func firstDifference(_ line: String, _ expected: String) -> String {
    let (a, b) = (Array(line.utf8), Array(expected.utf8))
    let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    let around = { (bytes: [UInt8]) in
      String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 80)], as: UTF8.self)
    }
    return "at byte \(index): \(around(a)) | expected: \(around(b))"
  }

  func testAControlCharacterNextToAnAddressKeepsItsListFromATemplate() throws {
    let logs = try Self.logsAtOtherAddresses()
    let text = try XCTUnwrap(logs.first { $0.name == "a label escaped next to an address's digits" }?.text)
    let block = try XCTUnwrap(ConflictScanner.blocks(in: text, file: "escaped").first)
    XCTAssertTrue(block.keepsAddressesInPlace, "the label holds no 0x of its own")
    var builder = ListKey.Builder()
    _ = builder.key(of: block)
    XCTAssertNil(BlockJSONTemplate(BlockAnalyzer().analyze(block), addresses: builder.addresses))
  }

  func testAnAddressInsideOtherTextKeepsAListFromBeingRenamed() throws {
    let logs = try Self.logsAtOtherAddresses()
    let text = try XCTUnwrap(logs.first { $0.name == "a name that holds an address" }?.text)
    let blocks = ConflictScanner.blocks(in: text, file: "fuzz")
    XCTAssertEqual(blocks.count, 4)
    XCTAssertFalse(blocks.contains(where: \.keepsAddressesInPlace))
    let repeats = RepeatedLists(acrossAddresses: true)
    for block in blocks {
      XCTAssertNil(repeats.analysisAcrossAddresses(of: block, by: BlockAnalyzer()).renaming)
    }
    let example = try XCTUnwrap(logs.first { $0.name == "labels with addresses" }?.text)
    // Addresses in labels count as other text too.
    XCTAssertFalse(ConflictScanner.blocks(in: example, file: "example").allSatisfy(\.keepsAddressesInPlace))
    let plain = try XCTUnwrap(logs.first { $0.name.hasPrefix("real/001") }?.text)
    XCTAssertTrue(ConflictScanner.blocks(in: plain, file: "001").allSatisfy(\.keepsAddressesInPlace))
  }

  func testRenamingReplacesOnlyTheRuntimesAddresses() throws {
    let renaming = try XCTUnwrap(
      AddressRenaming(from: [0x7f83_b817_1210, 0xa, 0x0], to: [0x1, 0x6000_0000_0010, 0xb0]))
    XCTAssertEqual(
      renaming.apply("UILabel:0x7f83b8171210.width ≥ 0, 0xa.x a0xa 0x0 (0x7f83b8171210)"),
      "UILabel:0x1.width ≥ 0, 0x600000000010.x a0x600000000010 0xb0 (0x1)")
    // Upper-case digits, a leading zero, 17 digits and a bare 0x are not addresses here.
    let untouched = "0x7F83B8171210 0x0a 0x7f83b81712100000a 0x 0xz 0x7f83b8171211"
    XCTAssertEqual(renaming.apply(untouched), untouched)
    XCTAssertNil(AddressRenaming(from: [1, 2], to: [1, 2]), "the same addresses need no renaming")
  }
}
