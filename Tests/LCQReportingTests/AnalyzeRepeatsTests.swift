import Foundation
import LCQAnalysis
import LCQParsing
import XCTest

@testable import LCQPipeline
@testable import LCQReporting

/// A message whose list `lcq analyze` saw before gets the earlier analysis with its own block
/// (``RepeatedLists``), and must print exactly what a fresh analysis of it prints: text, JSON and
/// picture, byte for byte.
final class AnalyzeRepeatsTests: XCTestCase {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LCQParsingTests/Fixtures/corpus").standardizedFileURL

  /// Every real corpus log and every formats log.
  static func logs() throws -> [(name: String, text: String)] {
    try ["real", "formats"].flatMap { folder in
      let names = try FileManager.default.contentsOfDirectory(
        atPath: corpus.appendingPathComponent(folder).path
      ).filter { $0.hasSuffix(".log") }.sorted()
      return try names.map { name in
        let data = try Data(contentsOf: corpus.appendingPathComponent(folder + "/" + name))
        return (folder + "/" + name, String(decoding: data, as: UTF8.self))
      }
    }
  }

  /// Each of ``logs()`` written twice in one file (with a line between, so every line and
  /// column of the second copy moves); the second copy's messages repeat the first's lists
  /// exactly, at other places.
  static func doubledLogs() throws -> [(name: String, text: String)] {
    try logs().map { name, text in (name, text + "\nnot a conflict\n" + text) }
  }

  /// The logs' texts, one after another, in a file of a new temporary folder (the caller
  /// removes the folder).
  static func temporaryLog(_ logs: [(name: String, text: String)]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("all.log")
    try logs.map(\.text).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  static func rendered(_ analysis: BlockAnalysis) -> [String] {
    [
      BlockText.render(analysis), BlockJSON.value(of: analysis).serialized,
      BlockSVG.render(analysis) ?? "no picture",
    ]
  }

  func testARepeatPrintsWhatAFreshAnalysisPrints() throws {
    let analyzer = BlockAnalyzer()
    let repeats = RepeatedLists()
    var blocks = 0
    for (name, text) in try Self.doubledLogs() {
      for block in ConflictScanner.blocks(in: text, file: name) {
        let fresh = Self.rendered(analyzer.analyze(block))
        let reused = Self.rendered(repeats.analysis(of: block, by: analyzer))
        XCTAssertEqual(reused, fresh, "\(name):\(block.source.line)")
        blocks += 1
      }
    }
    XCTAssertGreaterThan(blocks, 300)
    XCTAssertGreaterThanOrEqual(repeats.hits, blocks / 2, "every second copy's message should be a repeat")
  }

  /// Through `InputFile.analyze` as `lcq analyze` calls it, on one and on two threads: the same
  /// output, in the same order, with and without reuse.
  func testAnalyzeReusingRepeatsPrintsTheSameOnAnyNumberOfThreads() throws {
    let file = try Self.temporaryLog(Self.doubledLogs())
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    func output(jobs: Int, reusesRepeats: Bool) throws -> [String] {
      var printed: [String] = []
      _ = try InputFile.analyze(
        file.path, with: BlockAnalyzer(), jobs: jobs, reusesRepeats: reusesRepeats,
        render: { Self.rendered($0).joined(separator: "\n") }
      ) { _, text in printed.append(text) }
      return printed
    }
    let fresh = try output(jobs: 1, reusesRepeats: false)
    XCTAssertGreaterThan(fresh.count, 300)
    XCTAssertEqual(try output(jobs: 1, reusesRepeats: true), fresh)
    XCTAssertEqual(try output(jobs: 2, reusesRepeats: true), fresh)
  }
}
