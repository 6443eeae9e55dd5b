import LCQAnalysis
import LCQParsing
import LCQStore

/// What `lcq db reanalyze` changed.
public struct ReanalysisResult: Sendable, Hashable {
  /// Occurrences read again.
  public var occurrences = 0
  /// Occurrences whose verdict, fingerprint or broken-constraint standing changed.
  public var changed = 0
  /// Failed blocks that the current parser reads, now stored as occurrences.
  public var recovered = 0
  /// Stored texts that no longer read as exactly one block (left as they were).
  public var unreadable = 0
  /// Conflicts left with no occurrence and removed.
  public var removedConflicts = 0
  /// Conflicts created by new fingerprints.
  public var newConflicts = 0
}

/// `lcq db reanalyze`: every stored block read again with this binary's parser and analysis.
public enum Reanalysis {
  /// Reads every stored block of `store` again, `batchSize` occurrences a transaction, and moves
  /// each occurrence to the conflict its new fingerprint names; a status (resolved, ignored)
  /// moves with the occurrences when all of an old conflict's occurrences land in one new
  /// conflict. Failed blocks that now read whole are stored as occurrences of their run.
  /// `appSource` is the app's source tree, when given: it tells a library's views from the app's.
  public static func run(on store: any ConflictStore, appSource: AppSource? = nil, batchSize: Int = 2000)
    throws(StoreError) -> ReanalysisResult
  {
    var result = ReanalysisResult()
    var cache = AnalysisCache()
    let analyzer = BlockAnalyzer(
      options: .init(enumeratesMinimalSets: false, findsSingleFixes: false), appSource: appSource)
    let writer = store.makeReanalysisRecorder()
    var lastID: Int64 = 0
    while true {
      let occurrences = try store.storedOccurrences(after: lastID, limit: batchSize)
      guard let last = occurrences.last else { break }
      lastID = last.id
      var outcomes: [ReanalysisOutcome] = []
      for occurrence in occurrences {
        result.occurrences += 1
        guard let block = onlyBlock(in: occurrence.text, file: occurrence.sourceFile) else {
          result.unreadable += 1
          continue
        }
        let summary = cache.summary(of: block) { analyzer.analyze($0) }
        guard let fingerprint = summary.fingerprint else {
          result.unreadable += 1
          continue
        }
        let unchanged =
          fingerprint == occurrence.fingerprint && summary.verdict.rawValue == occurrence.verdict
          && summary.brokenInMinimalSet == occurrence.brokenInMinimalSet
        if unchanged {
          outcomes.append(.unchanged(occurrence, summary: summary))
        } else {
          result.changed += 1
          outcomes.append(
            .changed(
              occurrence, fingerprint: fingerprint, summary: summary,
              describedConstraints: summary.describedConstraints(of: block)))
        }
      }
      result.newConflicts += try writer.apply(outcomes)
    }
    var recoveries: [FailedBlockRecovery] = []
    for failed in try store.storedFailedBlocks() {
      // A message the input ended inside stays uncounted until an ingest reads it whole: its
      // stored text ends where the input did, so read alone it is still cut off.
      guard let block = onlyBlock(in: failed.rawText, file: failed.sourceFile), !block.endsCutOff else {
        continue
      }
      let summary = cache.summary(of: block) { analyzer.analyze($0) }
      guard let fingerprint = summary.fingerprint, summary.verdict != .unparsed, summary.verdict != .redacted
      else { continue }
      recoveries.append(
        FailedBlockRecovery(
          block: failed, fingerprint: fingerprint, summary: summary,
          describedConstraints: summary.describedConstraints(of: block),
          brokenConstraint: block.brokenConstraint?.description))
    }
    try writer.recover(recoveries)
    result.recovered = recoveries.count
    result.removedConflicts = try writer.finish()
    return result
  }

  /// The one block `text` holds, or nil when it no longer reads as exactly one.
  private static func onlyBlock(in text: String, file: String) -> ConflictBlock? {
    let blocks = ConflictScanner.blocks(in: text, file: file)
    return blocks.count == 1 ? blocks.first : nil
  }
}
