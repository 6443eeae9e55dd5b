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
/// With `acrossAddresses`, a list logged again at other addresses (another cell laid out the
/// same way) reuses it too: ``analysisAcrossAddresses(of:by:)`` gives the first one's analysis
/// with the ``AddressRenaming`` that its replay's and diagnosis's text needs (the JSON writer
/// applies it). The solver and the diagnosis use addresses as names only, and the fingerprint
/// and title hold none when every address stands in its place
/// (``LCQParsing/ConflictBlock/keepsAddressesInPlace``; other lists are reused only at the same
/// addresses); the one order addresses decide,
/// between descriptions that differ only in them, is checked (``BlockAnalyzer/memberOrder(of:)``)
/// and a block it differs for is analysed afresh. `AnalyzeAtOtherAddressesTests` compares the
/// JSON with a fresh analysis for every corpus list at random, reversed and resized addresses.
///
/// Shared by the threads of `lcq analyze --jobs`. Memory is bounded: a list over 64 KiB is
/// never kept, and when the keys kept pass 2 MiB or 256 lists, the cache starts over.
public final class RepeatedLists: @unchecked Sendable {
  private struct Kept {
    var analysis: BlockAnalysis
    /// The block's addresses in order of first appearance (under a renumbered key).
    var addresses: [UInt64]
    /// The order its model took its constraints in (``BlockAnalyzer/memberOrder(of:)``; under a
    /// renumbered key).
    var memberOrder: [Int]
  }

  private let lock = NSLock()
  /// Analyses by exact key, and by renumbered key when reused across addresses: two maps, since
  /// an exact key may read like another list's renumbered one (guarded by `lock`).
  private var analyses: [ListKey: Kept] = [:]
  private var renumberedAnalyses: [ListKey: Kept] = [:]
  /// The bytes of the keys in both maps (guarded by `lock`).
  private var keptBytes = 0
  private let acrossAddresses: Bool
  private static let largestKey = 64 << 10
  private static let keptBytesLimit = 2 << 20
  private static let capacity = 256

  /// Analyses answered from the cache (guarded by `lock`).
  private(set) var hits = 0

  /// Creates an empty cache; with `acrossAddresses`, it also answers lists seen at other
  /// addresses (``analysisAcrossAddresses(of:by:)``).
  public init(acrossAddresses: Bool = false) {
    self.acrossAddresses = acrossAddresses
  }

  /// The analysis of `block` by `analyzer`: a repeat's from the cache, with `block` as its block.
  public func analysis(of block: ConflictBlock, by analyzer: BlockAnalyzer) -> BlockAnalysis {
    var exact = ListKey.Builder(renumbersAddresses: false)
    let key = exact.key(of: block)
    if var known = lookUp(key) {
      known.analysis.block = block
      return known.analysis
    }
    let analysis = analyzer.analyze(block)
    keep(analysis, under: key, renumbered: false, addresses: [], memberOrder: [])
    return analysis
  }

  /// The analysis of `block` by `analyzer`, and the renaming its replay's and diagnosis's text
  /// need (`nil` when none): a list seen before at other addresses gets that list's analysis,
  /// with `block`. Without `acrossAddresses`, as
  /// ``analysis(of:by:)``.
  ///
  /// `ranking` is `block`'s ``MemberRanking`` when the caller has it already.
  public func analysisAcrossAddresses(
    of block: ConflictBlock, ranking: MemberRanking? = nil, by analyzer: BlockAnalyzer
  ) -> (analysis: BlockAnalysis, renaming: AddressRenaming?) {
    // An address inside other text (a name, a label) reads as text: such a list is reused
    // only at the very same addresses.
    guard acrossAddresses, block.keepsAddressesInPlace else {
      return (analysis(of: block, by: analyzer), nil)
    }
    var renumbered = ListKey.Builder()
    let key = renumbered.key(of: block)
    if var known = lookUp(key, renumbered: true) {
      known.analysis.block = block
      // The same addresses need no renaming.
      guard let renaming = AddressRenaming(from: known.addresses, to: renumbered.addresses) else {
        return (known.analysis, nil)
      }
      // Other addresses may order descriptions that differ only in them otherwise: the model,
      // and so the proof, would then differ, and the block is analysed afresh.
      let order = (ranking ?? MemberRanking(of: block)).order(in: block)
      if order == known.memberOrder { return (known.analysis, renaming) }
      return (analyzer.analyze(block), nil)
    }
    let analysis = analyzer.analyze(block)
    keep(
      analysis, under: key, renumbered: true, addresses: renumbered.addresses,
      memberOrder: (ranking ?? MemberRanking(of: block)).order(in: block))
    return (analysis, nil)
  }

  private func lookUp(_ key: ListKey, renumbered: Bool = false) -> Kept? {
    lock.lock()
    defer { lock.unlock() }
    let known = renumbered ? renumberedAnalyses[key] : analyses[key]
    if known != nil { hits += 1 }
    return known
  }

  private func keep(
    _ analysis: BlockAnalysis, under key: ListKey, renumbered: Bool, addresses: [UInt64], memberOrder: [Int]
  ) {
    let size = key.text.count
    guard size <= Self.largestKey else { return }
    // The block is replaced on every hit: only the conclusions are kept.
    var conclusions = analysis
    conclusions.block.constraints = []
    conclusions.block.brokenConstraint = nil
    conclusions.block.issues = []
    conclusions.block.rawText = ""
    // A cache that starts over is let go of after the lock: freeing its analyses takes a
    // while, and the other threads need not wait for it.
    var dropped: [[ListKey: Kept]] = []
    lock.lock()
    if analyses.count + renumberedAnalyses.count >= Self.capacity || keptBytes + size > Self.keptBytesLimit {
      dropped = [analyses, renumberedAnalyses]
      analyses = Dictionary(minimumCapacity: analyses.count)
      renumberedAnalyses = Dictionary(minimumCapacity: renumberedAnalyses.count)
      keptBytes = 0
    }
    let kept = Kept(analysis: conclusions, addresses: addresses, memberOrder: memberOrder)
    let replaced =
      renumbered ? renumberedAnalyses.updateValue(kept, forKey: key) : analyses.updateValue(kept, forKey: key)
    if replaced == nil { keptBytes += size }
    lock.unlock()
    dropped.removeAll()  // here, not before the unlock
  }
}
