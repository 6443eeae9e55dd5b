import LCQAnalysis
import LCQStore

extension BlockRecord {
  /// The record of a prepared block; `prepared.block` is the block as analysed (its
  /// descriptions parsed when the analysis needed them), and its identity is the next one
  /// `identities` gives.
  init(
    prepared: PreparedBlock, summary: AnalysisSummary, clock: IngestClock,
    identities: inout OccurrenceIdentity
  ) {
    self.init(
      block: prepared.block, template: prepared.template, summary: summary, clock: clock,
      identity: identities.next(contentHash: prepared.contentHash))
  }
}
