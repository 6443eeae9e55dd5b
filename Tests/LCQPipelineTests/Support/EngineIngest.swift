import Foundation
import LCQAnalysis
import LCQParsing
import LCQPipeline
import LCQStore
import XCTest

/// What the pipeline tests on each engine share: the fixture folders, one ingest run through
/// lcq's own pipeline, and a log's fingerprint worked out by the analysis alone (not read back
/// from the store, whose answers the tests check).
enum EngineIngest {
  /// The repository's `Tests` folder.
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The corpus as copied into the parsing tests' fixtures (`real` and `formats`).
  static let corpus = tests.appendingPathComponent("LCQParsingTests/Fixtures/corpus")
  /// The end-to-end fixtures (`diagnosis/…`).
  static let fixtures = tests.appendingPathComponent("EndToEndSupport/Fixtures")

  /// The real corpus log whose name starts with `prefix` (`"009"`).
  static func realLog(_ prefix: String) throws -> String {
    let folder = corpus.appendingPathComponent("real")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let name = try XCTUnwrap(names.first { $0.hasPrefix(prefix) }, "no corpus log \(prefix)")
    return folder.appendingPathComponent(name).path
  }

  /// Every `.log` of the corpus, real ones first.
  static func corpusLogs() throws -> [String] {
    try ["real", "formats"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".log") }.sorted().map {
          corpus.appendingPathComponent("\(folder)/\($0)").path
        }
    }
  }

  /// An observer that keeps nothing.
  final class Silent: IngestObserver, @unchecked Sendable {
    func progressed(_ totals: IngestTotals) {}
    func note(_ message: String) {}
  }

  /// Ingests `paths` into `store` as one run, as `lcq ingest` does, with the clock at `time`
  /// (messages without a timestamp take it); returns the run's totals.
  @discardableResult
  static func ingest(
    _ paths: [String], into store: any ConflictStore, run: String? = nil, build: String? = nil,
    app: String? = nil, at time: Int64 = 1_767_225_600
  ) throws -> IngestTotals {
    let clock = IngestClock(now: Date(timeIntervalSince1970: TimeInterval(time)), timeZone: .utc)
    let session = try store.beginIngest(
      RunMetadata(app: app, build: build, runKey: run, source: "test", lcqVersion: "test"), clock: clock)
    var pipeline = IngestPipeline(
      session: session, scope: OccurrenceIdentity.Scope(app: app, build: build, runKey: run), clock: clock,
      observer: Silent())
    for path in paths { try pipeline.ingest(path) }
    pipeline.stopWorker()
    try session.finish(.finished)
    return session.totals
  }

  /// The fingerprint of the one message of the log at `path`, from the analysis.
  static func fingerprint(ofLog path: String) throws -> String {
    let blocks = ConflictScanner.blocks(in: try String(contentsOfFile: path, encoding: .utf8), file: path)
    XCTAssertEqual(blocks.count, 1, path)
    return try XCTUnwrap(AnalysisSummary(BlockAnalyzer().analyze(try XCTUnwrap(blocks.first))).fingerprint)
  }
}
