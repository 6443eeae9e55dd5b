import Foundation
import LCQPipeline
import LCQStore
import XCTest

/// The ingest and the reanalysis run in-process on a real database file, with the example log
/// the README's quick start uses.
final class IngestPipelineTests: XCTestCase {
  /// `Examples/simulator.log` in the source tree.
  private let exampleLog = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/simulator.log").path

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-pipeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  /// Records what the pipeline reports.
  private final class Recorder: IngestObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var progressedTotals: [IngestTotals] = []
    private var notes: [String] = []

    func progressed(_ totals: IngestTotals) {
      lock.withLock { progressedTotals.append(totals) }
    }

    func note(_ message: String) {
      lock.withLock { notes.append(message) }
    }

    var blockCounts: [Int] { lock.withLock { progressedTotals.map(\.blocks) } }
    var heard: [String] { lock.withLock { notes } }
  }

  /// Ingests `inputs` into the store at `path` as one run and returns the run's totals.
  private func ingest(_ inputs: [String], into path: String, observer: Recorder = Recorder()) throws
    -> IngestTotals
  {
    let store = try Store(path: path, mode: .createIfMissing)
    let clock = IngestClock(
      now: Date(timeIntervalSince1970: 1_800_000_000), timeZone: TimeZone(identifier: "UTC")!)
    let session = try store.beginIngest(
      RunMetadata(source: inputs.joined(separator: ", "), lcqVersion: "test"), clock: clock)
    var pipeline = IngestPipeline(
      session: session, scope: OccurrenceIdentity.Scope(), clock: clock, observer: observer)
    for input in inputs { try pipeline.ingest(input) }
    pipeline.stopWorker()
    try session.finish(.finished)
    XCTAssertFalse(pipeline.interrupted)
    return session.totals
  }

  /// The number of conflict messages in `path`, counted by their opening sentence.
  private func messageCount(in path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.components(separatedBy: "Unable to simultaneously satisfy constraints").count - 1
  }

  func testEveryMessageIsStoredOnceAndReportedAsItIsAdded() throws {
    let expected = try messageCount(in: exampleLog)
    XCTAssertGreaterThan(expected, 1)
    let path = folder.appendingPathComponent("lcq.sqlite").path
    let recorder = Recorder()
    let first = try ingest([exampleLog], into: path, observer: recorder)
    XCTAssertEqual(first.blocks, expected)
    XCTAssertEqual(first.occurrences + first.unparsed, expected)
    XCTAssertEqual(first.duplicates, 0)
    // One progress report per block, in order, the last with every block.
    XCTAssertEqual(recorder.blockCounts, Array(1...expected))
    XCTAssertEqual(recorder.heard, [])

    let again = try ingest([exampleLog], into: path)
    XCTAssertEqual(again.blocks, expected)
    XCTAssertEqual(again.duplicates, expected)
    XCTAssertEqual(again.occurrences, 0)
    XCTAssertEqual(again.newConflicts, 0)
  }

  func testAnInputThatCannotBeOpenedSaysWhichAndStoresNothing() throws {
    let path = folder.appendingPathComponent("lcq.sqlite").path
    let missing = folder.appendingPathComponent("missing.log").path
    XCTAssertThrowsError(try ingest([missing], into: path)) { error in
      XCTAssertEqual(String(describing: error), "\(missing): cannot open: No such file or directory")
    }
    XCTAssertThrowsError(try ingest([folder.path], into: path)) { error in
      XCTAssertEqual(String(describing: error), "\(folder.path): is a directory")
    }
  }

  func testAMessageCutOffByTheEndOfInputIsKeptUncountedUntilReadWhole() throws {
    let whole = try ingest([exampleLog], into: folder.appendingPathComponent("whole.sqlite").path)
    let text = try String(contentsOfFile: exampleLog, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // Cut the log just before its last list's closing `)`: every constraint is there, but the
    // list never closes, so nothing says the message ended.
    let lastClose = try XCTUnwrap(lines.lastIndex { $0 == ")" })
    let cut = folder.appendingPathComponent("cut.log")
    try (lines[..<lastClose].joined(separator: "\n") + "\n").write(to: cut, atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("lcq.sqlite").path
    let first = try ingest([cut.path], into: path)
    XCTAssertEqual(first.blocks, whole.blocks)
    XCTAssertEqual(first.occurrences, whole.occurrences - 1)
    XCTAssertEqual(first.unparsed, whole.unparsed + 1)
    // Reanalysis reads the cut text alone, which is still cut off: it stays uncounted.
    let reanalysed = try Reanalysis.run(on: Store(path: path, mode: .existing))
    XCTAssertEqual(reanalysed.recovered, 0)
    XCTAssertEqual(reanalysed.occurrences, whole.occurrences - 1)
    // The whole log later: the cut message is stored once, as what it is; the rest are known.
    let later = try ingest([exampleLog], into: path)
    XCTAssertEqual(later.occurrences, 1)
    XCTAssertEqual(later.duplicates, whole.blocks - 1)
  }

  func testReanalysingAFreshStoreChangesNothing() throws {
    let path = folder.appendingPathComponent("lcq.sqlite").path
    let totals = try ingest([exampleLog], into: path)
    let result = try Reanalysis.run(on: Store(path: path, mode: .existing), batchSize: 3)
    XCTAssertEqual(result.occurrences, totals.occurrences)
    XCTAssertEqual(result.changed, 0)
    XCTAssertEqual(result.newConflicts, 0)
    XCTAssertEqual(result.removedConflicts, 0)
    XCTAssertEqual(result.unreadable, 0)
    XCTAssertEqual(result.recovered, 0)
  }
}
