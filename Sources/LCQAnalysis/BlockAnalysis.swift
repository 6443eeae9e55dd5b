import LCQParsing

/// A block with what lcq concluded about it.
public struct BlockAnalysis: Sendable {
  /// The block as read.
  public var block: ConflictBlock
  /// The verdict.
  public var verdict: Verdict
  /// What the replay proved (`nil` for blocks that could not be replayed: unparsed, redacted).
  public var replay: Replay?
  /// The fingerprint that groups the same bug across runs, devices and builds (`nil` when no
  /// constraint could be read).
  public var fingerprint: String?
  /// A short human title for the conflict, e.g. `ProfileCell: UILabel height vs cell height`.
  public var title: String?
  /// Plain English, origins and proven fixes (`nil` for blocks that could not be replayed).
  public var diagnosis: Diagnosis?
  /// On which container-set sizes the conflict fires, or why that cannot be said (`nil` for
  /// blocks that could not be replayed).
  public var envelope: BlockEnvelope?
  /// What the conflict does to the layout UIKit draws, or why that cannot be said (`nil` for
  /// blocks that could not be replayed).
  public var damage: DamageFinding?

  /// Creates an analysis.
  public init(
    block: ConflictBlock, verdict: Verdict, replay: Replay? = nil, fingerprint: String? = nil,
    title: String? = nil
  ) {
    self.block = block
    self.verdict = verdict
    self.replay = replay
    self.fingerprint = fingerprint
    self.title = title
  }

  /// The list indices the fingerprint and title describe: the minimal set, else every
  /// constraint.
  public var describedIndices: [Int] {
    minimalSet.isEmpty ? Array(block.constraints.indices) : minimalSet
  }

  /// Indices into `block.constraints` of the minimal conflicting set (empty when none).
  public var minimalSet: [Int] { replay?.minimalSet ?? [] }
}

/// Gives each block its verdict: read problems first, then a replay through the exact solver.
public struct BlockAnalyzer: Sendable {
  /// What the replay computes beyond the verdict and one minimal set.
  public var options: BlockReplayer.Options
  /// The app's source tree, when it was read (`--source-root`): it tells a library's views from
  /// the app's (``LibraryView``).
  public var appSource: AppSource?
  /// Whether each conflict's envelope is worked out (docs/envelope.md): always, but where a
  /// benchmark measures what it costs.
  public var findsEnvelopes = true

  /// Creates an analyzer.
  public init(options: BlockReplayer.Options = BlockReplayer.Options(), appSource: AppSource? = nil) {
    self.options = options
    self.appSource = appSource
  }

  /// Analyses one block.
  public func analyze(_ block: ConflictBlock) -> BlockAnalysis {
    let verdict = Self.readVerdict(of: block)
    guard verdict == .pending else { return BlockAnalysis(block: block, verdict: verdict) }
    let replay = BlockReplayer.replay(block, options: options)
    var analysis = BlockAnalysis(block: block, verdict: replay.verdict, replay: replay)
    let described =
      analysis.minimalSet.isEmpty
      ? analysis.describedIndices : DeviceIndependentSet.indices(block: block, replay: replay)
    analysis.fingerprint = Fingerprint(block: block, indices: described)?.value
    let views = ViewOwners(block: block, source: appSource)
    analysis.title = ConflictTitle.of(block, indices: analysis.describedIndices, views: views)
    var diagnosis = Diagnosis(block: block, replay: replay, views: views)
    let envelope =
      findsEnvelopes
      ? EnvelopeFinder.envelope(of: block, replay: replay)
      : .none(reason: "not worked out (a benchmark's choice)")
    if !envelope.sizes.isEmpty {
      for index in diagnosis.suggestions.indices {
        let ranges = EnvelopeFinder.fixedSizes(
          block, replay: replay, envelope: envelope, changes: diagnosis.suggestions[index].changes)
        diagnosis.suggestions[index].sizeRanges = ranges
        if let sentence = EnvelopeWords.fixSentence(ranges, envelopes: envelope.sizes) {
          diagnosis.suggestions[index].text += " " + sentence
        }
      }
    }
    analysis.damage = DamageFinder.damage(of: block, replay: replay, names: diagnosis.names)
    analysis.diagnosis = diagnosis
    analysis.envelope = envelope
    return analysis
  }

  /// The order in which the replay models `block`'s readable constraints (list indices).
  /// Addresses decide it only between descriptions that differ in nothing else: two blocks with
  /// the same renumbered ``ListKey`` and the same order are replayed and diagnosed alike, but
  /// for the addresses in the text (``AddressRenaming``).
  public static func memberOrder(of block: ConflictBlock) -> [Int] {
    LayoutModel.memberOrder(of: block)
  }

  /// `redacted` for `<private>` lists, `unparsed` when no listed constraint could be read,
  /// `pending` otherwise.
  public static func readVerdict(of block: ConflictBlock) -> Verdict {
    if block.isRedacted, block.constraints.isEmpty { return .redacted }
    if !block.constraints.contains(where: \.isParsed) { return .unparsed }
    return .pending
  }
}
