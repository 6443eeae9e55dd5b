import LCQParsing

/// What the store keeps of a block's analysis: enough to group and count it.
public struct AnalysisSummary: Sendable, Hashable {
  /// The verdict.
  public var verdict: Verdict
  /// The minimal set (list indices), empty when there is none.
  public var minimalSet: [Int]
  /// The fingerprint, `nil` when no constraint was read.
  public var fingerprint: String?
  /// The title, `nil` when no constraint was read.
  public var title: String?
  /// Whether UIKit's broken constraint is in the minimal set (`nil` when unknown).
  public var brokenInMinimalSet: Bool?
  /// The conflict in plain English: the explanation, then each member of the minimal set as
  /// `[n] sentence` on its own line (`nil` when there is no minimal set).
  public var explanation: String?
  /// The best proven fix (`nil` when none was proven).
  public var bestFix: String?
  /// What the verdict depends on that the log does not state (empty when nothing).
  public var missing: [MissingQuantity] = []
  /// Who owns the conflict (``Diagnosis/conflictOwner``): `nil` unless it is one.
  public var owner: ConstraintOwner?
  /// The classes and SnapKit files the block names (``SourceClues``), for a source index.
  public var sourceClues = SourceClues()
  /// On which sizes a container sets the conflict fires (``SizeEnvelope``), empty when none
  /// takes part.
  public var envelope: [SizeEnvelope] = []
  /// The damage (``DamageFinding``), `nil` when the block has no figure to give or withhold
  /// (not a conflict).
  public var damage: DamageSummary?

  /// The envelope in words, one line per size (`[5] It fires when …`), `nil` when empty.
  public var envelopeText: String? {
    envelope.isEmpty
      ? nil : envelope.map { "[\($0.constraint + 1)] " + EnvelopeWords.sentence($0) }.joined(separator: "\n")
  }

  /// The envelope of the first width a screen stands for (a cell's, a root view's or a
  /// window's): what `lcq top --fires-below` asks about.
  public var screenWidth: SizeEnvelope? {
    envelope.first { $0.axis == .width && $0.tracksScreen }
  }

  /// The descriptions the fingerprint and title describe: the minimal set's, else the whole
  /// list's (as ``BlockAnalysis/describedIndices``).
  public func describedConstraints(of block: ConflictBlock) -> [String] {
    let indices = minimalSet.isEmpty ? Array(block.constraints.indices) : minimalSet
    return indices.map { block.constraints[$0].description }
  }

  /// The summary of a block that was not analysed (`verdict` says why: `unparsed` for a
  /// message kept whole and unread).
  public init(unanalysed verdict: Verdict) {
    self.verdict = verdict
    minimalSet = []
  }

  /// The summary of an analysis.
  public init(_ analysis: BlockAnalysis) {
    verdict = analysis.verdict
    minimalSet = analysis.minimalSet
    fingerprint = analysis.fingerprint
    title = analysis.title
    missing = analysis.replay?.missing ?? []
    owner = analysis.diagnosis?.conflictOwner
    sourceClues = SourceClues(block: analysis.block, described: analysis.describedIndices)
    envelope = analysis.envelope?.sizes ?? []
    damage = analysis.damage.map(DamageSummary.init)
    brokenInMinimalSet = analysis.replay?.brokenConstraint.flatMap { $0.index == nil ? nil : $0.inMinimalSet }
    if let diagnosis = analysis.diagnosis, let sentence = diagnosis.explanation {
      let members = analysis.minimalSet.sorted().map { "[\($0 + 1)] " + (diagnosis.sentences[$0] ?? "?") }
      explanation = ([sentence] + members).joined(separator: "\n")
      bestFix = diagnosis.bestFix?.text ?? diagnosis.noFixReason.map { "No proven fix: \($0)." }
    }
  }
}

/// Remembers analyses by the block's constraint list with its addresses renumbered, so the same
/// conflict logged again (by another cell, at other addresses, at another time) is not replayed
/// again. Everything a summary holds depends only on that key: list indices, verdicts and
/// fingerprints do not depend on which addresses objects had, as long as every address stands
/// in its place; a list with an address inside other text (a name read from
/// `inf*UIView:0x7f…`, a label) is answered from the cache only at the same addresses.
///
/// A block whose descriptions are not parsed yet (see ``ConflictBlock/parsingDescriptions()``)
/// is parsed only when the cache misses, or when the list it matches had descriptions that
/// cannot be read (their issues carry this block's own lines and columns).
///
/// Memory is bounded: when full, the cache starts over.
public struct AnalysisCache: Sendable {
  private struct Entry: Sendable {
    var summary: AnalysisSummary
    var hasUnreadableDescriptions: Bool
    /// The addresses the summary holds good for, when some address of the list is part of
    /// other text (``LCQParsing/ConflictBlock/keepsAddressesInPlace``): the fingerprint and
    /// title read that text. `nil` when the summary holds good at any addresses.
    var onlyAtAddresses: [UInt64]?
  }

  private var entries: [ListKey: Entry] = [:]
  private var keyBuilder = ListKey.Builder()
  /// Most entries kept.
  public let capacity: Int
  /// Lookups answered from the cache.
  public private(set) var hits = 0
  /// Lookups that ran the analysis.
  public private(set) var misses = 0

  /// Creates a cache holding up to `capacity` analyses.
  public init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// The summary of `block`, from the cache or from `analyze`.
  public mutating func summary(of block: ConflictBlock, analyze: (ConflictBlock) -> BlockAnalysis)
    -> AnalysisSummary
  {
    var block = block
    return summary(of: &block, analyze: analyze)
  }

  /// The summary of `block`, from the cache or from `analyze`; parses `block`'s descriptions
  /// first when it has to (a miss, or a match with unreadable descriptions).
  public mutating func summary(of block: inout ConflictBlock, analyze: (ConflictBlock) -> BlockAnalysis)
    -> AnalysisSummary
  {
    summary(of: &block, key: keyBuilder.key(of: block), analyze: analyze)
  }

  /// The summary of `block`, whose key was worked out already (on another thread, say).
  public mutating func summary(
    of block: inout ConflictBlock, key: ListKey, analyze: (ConflictBlock) -> BlockAnalysis
  ) -> AnalysisSummary {
    if let known = entries[key], known.onlyAtAddresses.map({ $0 == key.addresses }) ?? true {
      hits += 1
      if known.hasUnreadableDescriptions { block = block.parsingDescriptions() }
      return known.summary
    }
    misses += 1
    block = block.parsingDescriptions()
    let entry = Entry(
      summary: AnalysisSummary(analyze(block)),
      hasUnreadableDescriptions: !block.isFullyParsed,
      onlyAtAddresses: block.keepsAddressesInPlace ? nil : key.addresses)
    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    entries[key] = entry
    return entry.summary
  }

  /// The key of `block`, as text (for tests).
  static func key(of block: ConflictBlock) -> String {
    var builder = ListKey.Builder()
    return String(decoding: builder.key(of: block).bytes, as: UTF8.self)
  }
}
