import LCQParsing
import XCTest

/// The files in `corpus/formats` and `corpus/device-formats` hold the same two conflicts as
/// printed by each log tool; they must give the same blocks.
final class FormatsTests: XCTestCase {
  /// (file, line of each message's first line, timestamp of each as ISO-8601), read off the files.
  let formats: [(String, [Int], [String?])] = [
    (
      "formats/log-stream-default.log", [4, 30],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    (
      "formats/log-stream-syslog.log", [4, 30],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    (
      "formats/log-stream-ndjson.log", [2, 5],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    (
      "formats/log-show-json.log", [33, 123],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    (
      "formats/xcode-console-crlf.log", [2, 28],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    // `--style compact` prints milliseconds and no UTC offset.
    ("formats/log-stream-compact.log", [4, 30], ["2024-03-05T14:10:01.124", "2024-03-05T14:10:04.127"]),
    // idevicesyslog prints no year and no fraction: no ISO-8601 instant.
    ("formats/idevicesyslog.log", [2, 28], [nil, nil]),
    // pymobiledevice3's JSON lines (`message`, `filename`, `pid`) and its text form, whose
    // process name is followed by the sender image in braces (device-formats/README.md).
    (
      "device-formats/pymobiledevice3-json.log", [2, 5],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
    (
      "device-formats/pymobiledevice3-text.log", [2, 28],
      ["2024-03-05T14:10:01.123457-08:00", "2024-03-05T14:10:04.123460-08:00"]
    ),
  ]

  func testEveryFormatGivesTheSameBlocks() {
    let reference = CorpusFixtures.blocks("formats/log-stream-default.log")
    XCTAssertEqual(reference.map(\.constraints.count), [11, 3])
    for (file, lines, timestamps) in formats {
      let blocks = CorpusFixtures.blocks(file)
      XCTAssertEqual(blocks.count, 2, file)
      guard blocks.count == 2 else { continue }
      for (index, block) in blocks.enumerated() {
        XCTAssertEqual(
          block.constraints.map(\.description), reference[index].constraints.map(\.description), file)
        XCTAssertTrue(block.constraints.allSatisfy(\.isParsed), file)
        XCTAssertEqual(
          block.constraints.map(\.constraint), reference[index].constraints.map(\.constraint), file)
        XCTAssertEqual(
          block.brokenConstraint?.description, reference[index].brokenConstraint?.description, file)
        XCTAssertEqual(block.source.process, "MyApp", file)
        XCTAssertEqual(block.source.pid, 4242, file)
        XCTAssertEqual(block.source.line, lines[index], file)
        XCTAssertEqual(block.source.timestamp?.iso8601, timestamps[index], file)
        XCTAssertEqual(block.platform, .uikit, file)
        XCTAssertTrue(block.issues.isEmpty, "\(file): \(block.issues)")
      }
      XCTAssertEqual(blocks.map(\.brokenConstraintIndex), [7, 1], file)
    }
  }

  func testTimestampsAgreeToThePrecisionEachFormatPrints() {
    let seconds = [(14, 10, 1), (14, 10, 4)]
    for (file, _, _) in formats {
      for (index, block) in CorpusFixtures.blocks(file).enumerated() {
        guard let stamp = block.source.timestamp else { return XCTFail("\(file): no timestamp") }
        XCTAssertEqual(stamp.month, 3, file)
        XCTAssertEqual(stamp.day, 5, file)
        XCTAssertEqual(stamp.hour, seconds[index].0, file)
        XCTAssertEqual(stamp.minute, seconds[index].1, file)
        XCTAssertEqual(stamp.second, seconds[index].2, file)
      }
    }
    let syslog = CorpusFixtures.blocks("formats/idevicesyslog.log")[0].source.timestamp
    XCTAssertNil(syslog?.year)
    XCTAssertEqual(syslog?.text, "Mar  5 14:10:01")
    let instant = CorpusFixtures.blocks("formats/log-stream-ndjson.log")[0].source.timestamp?.unixTime
    // 2024-03-05T22:10:01.123457Z
    XCTAssertEqual(instant ?? 0, 1_709_676_601.123457, accuracy: 1e-6)
  }

  func testUnrelatedLinesBetweenBlocksAreNotPartOfThem() {
    for (file, _, _) in formats {
      for block in CorpusFixtures.blocks(file) {
        XCTAssertEqual(block.interleavedLineCount, 0, file)
        XCTAssertFalse(block.rawText.contains("nw_connection"), file)
      }
    }
  }
}
