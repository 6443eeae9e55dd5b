import LCQAnalysis
import LCQParsing
import LCQStore

/// What `lcq show` reads: one conflict's details from the store and a fresh analysis of its
/// latest raw block, so that the minimal set, the explanation, the fix and the sizes it prints
/// number the constraints of one list, the block printed beneath them.
public struct ShownConflict: Sendable {
  /// The stored details (counts, status, the stored explanation and fix).
  public var details: ConflictDetails
  /// The analysis of ``ConflictDetails/sampleBlock``; `nil` when there is no sample, or it holds
  /// no readable block.
  public var analysis: BlockAnalysis?

  /// The conflict named by `prefix` (a fingerprint or its first digits) under `filter`, with
  /// its latest block analysed.
  public static func load(_ prefix: String, _ filter: QueryFilter, from store: any ConflictStore)
    throws(StoreError) -> ShownConflict
  {
    let details = try store.details(of: prefix, filter)
    let analysis = details.sampleBlock.flatMap { text in
      ConflictScanner.blocks(in: text, file: details.sampleSource ?? "").first.map(BlockAnalyzer().analyze)
    }
    // A sample of another conflict's list (one reanalysis moved) is not this one's.
    return ShownConflict(
      details: details, analysis: analysis?.fingerprint == details.fingerprint ? analysis : nil)
  }
}
