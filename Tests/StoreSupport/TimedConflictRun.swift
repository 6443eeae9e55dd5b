import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore
import XCTest

/// Stores one run of ``timedConflictMessage(_:at:)`` messages, each analysed as `lcq ingest`
/// analyses it, with the run started at `started` (unix time) and each occurrence's identity
/// `identity` and its index; returns each attribute's fingerprint.
public func storeTimedRun(
  _ metadata: RunMetadata, startedAt started: Int64, logged: [(attribute: String, time: Int64)],
  identity: String, into store: any ConflictStore
) throws -> [String: String] {
  var fingerprints: [String: String] = [:]
  let clock = IngestClock(now: Date(timeIntervalSince1970: TimeInterval(started)), timeZone: .utc)
  let writer = try store.beginIngest(metadata, clock: clock)
  for (index, message) in logged.enumerated() {
    let block = try XCTUnwrap(
      ConflictScanner.blocks(in: timedConflictMessage(message.attribute, at: message.time), file: "timed.log")
        .first)
    let summary = AnalysisSummary(BlockAnalyzer().analyze(block))
    fingerprints[message.attribute] = try XCTUnwrap(summary.fingerprint)
    writer.add(
      BlockRecord(
        block: block, template: BlockTemplate(splitting: block.rawText), summary: summary, clock: clock,
        identity: "\(identity)-\(index)"))
  }
  try writer.finish(.finished)
  return fingerprints
}
