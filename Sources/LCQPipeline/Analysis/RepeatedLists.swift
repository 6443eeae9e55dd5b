import Foundation
import LCQAnalysis
import LCQParsing

/// Whole analyses of the lists `lcq analyze` has seen, so that a message logged again with the
/// same list (the same objects laid out again) is not replayed again.
///
/// The analysis reads of a block only its constraint descriptions, its broken constraint,
/// whether it is redacted and its platform (``ListKey``, with addresses kept as logged): two
/// blocks with the same exact key get the same verdict, replay, fingerprint, title and
/// diagnosis, and differ only in the block itself (where it was logged, its lines and
/// columns, its raw text). A repeat gets the first one's analysis with its own block, which
/// renders byte for byte as a fresh analysis of it would (`AnalyzeRepeatsTests`).
///
/// Shared by the threads of `lcq analyze --jobs`. Memory is bounded: a list over 64 KiB is
/// never kept, and when the keys kept pass 2 MiB or 256 lists, the cache starts over.
public final class RepeatedLists: @unchecked Sendable {
  private let lock = NSLock()
  /// Analyses by exact key (guarded by `lock`).
  private var analyses: [ListKey: BlockAnalysis] = [:]
  /// The bytes of the keys in `analyses` (guarded by `lock`).
  private var keptBytes = 0
  private static let largestKey = 64 << 10
  private static let keptBytesLimit = 2 << 20
  private static let capacity = 256

  /// Analyses answered from the cache (guarded by `lock`).
  private(set) var hits = 0

  /// Creates an empty cache.
  public init() {}

  /// The analysis of `block` by `analyzer`: a repeat's from the cache, with `block` as its block.
  public func analysis(of block: ConflictBlock, by analyzer: BlockAnalyzer) -> BlockAnalysis {
    var builder = ListKey.Builder(renumbersAddresses: false)
    let key = builder.key(of: block)
    let size = key.text.count
    lock.lock()
    let known = analyses[key]
    if known != nil { hits += 1 }
    lock.unlock()
    if var analysis = known {
      analysis.block = block
      return analysis
    }
    let analysis = analyzer.analyze(block)
    guard size <= Self.largestKey else { return analysis }
    lock.lock()
    if analyses.count >= Self.capacity || keptBytes + size > Self.keptBytesLimit {
      analyses.removeAll(keepingCapacity: true)
      keptBytes = 0
    }
    // The block is replaced on every hit: only the conclusions are kept.
    var conclusions = analysis
    conclusions.block.constraints = []
    conclusions.block.brokenConstraint = nil
    conclusions.block.issues = []
    conclusions.block.rawText = ""
    if analyses.updateValue(conclusions, forKey: key) == nil { keptBytes += size }
    lock.unlock()
    return analysis
  }
}
