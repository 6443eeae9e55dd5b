import LCQParsing

/// A block with what lcq concluded about it.
public struct BlockAnalysis: Sendable {
  /// The block as read.
  public var block: ConflictBlock
  /// The verdict.
  public var verdict: Verdict
  /// What the replay proved (`nil` for blocks that could not be replayed: unparsed, redacted).
  public var replay: Replay?
  /// The fingerprint that groups the same bug across runs (`nil` until computed).
  public var fingerprint: String?

  /// Creates an analysis.
  public init(block: ConflictBlock, verdict: Verdict, replay: Replay? = nil, fingerprint: String? = nil) {
    self.block = block
    self.verdict = verdict
    self.replay = replay
    self.fingerprint = fingerprint
  }

  /// Indices into `block.constraints` of the minimal conflicting set (empty when none).
  public var minimalSet: [Int] { replay?.minimalSet ?? [] }
}

/// Gives each block its verdict: read problems first, then a replay through the exact solver.
public struct BlockAnalyzer: Sendable {
  /// Creates an analyzer.
  public init() {}

  /// Analyses one block.
  public func analyze(_ block: ConflictBlock) -> BlockAnalysis {
    let verdict = Self.readVerdict(of: block)
    guard verdict == .pending else { return BlockAnalysis(block: block, verdict: verdict) }
    let replay = BlockReplayer.replay(block)
    return BlockAnalysis(block: block, verdict: replay.verdict, replay: replay)
  }

  /// `redacted` for `<private>` lists, `unparsed` when no listed constraint could be read,
  /// `pending` otherwise.
  public static func readVerdict(of block: ConflictBlock) -> Verdict {
    if block.isRedacted, block.constraints.isEmpty { return .redacted }
    if !block.constraints.contains(where: \.isParsed) { return .unparsed }
    return .pending
  }
}
