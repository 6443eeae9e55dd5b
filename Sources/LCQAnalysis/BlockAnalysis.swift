import LCQParsing

/// A block with what lcq concluded about it.
public struct BlockAnalysis: Sendable {
  /// The block as read.
  public var block: ConflictBlock
  /// The verdict.
  public var verdict: Verdict
  /// Indices into `block.constraints` of the minimal conflicting set (empty until replayed).
  public var minimalSet: [Int]
  /// The fingerprint that groups the same bug across runs (`nil` until computed).
  public var fingerprint: String?

  /// Creates an analysis.
  public init(block: ConflictBlock, verdict: Verdict, minimalSet: [Int] = [], fingerprint: String? = nil) {
    self.block = block
    self.verdict = verdict
    self.minimalSet = minimalSet
    self.fingerprint = fingerprint
  }
}

/// Gives each block its verdict.
///
/// Replay through the solver is not wired in yet: a readable block is `pending`.
public struct BlockAnalyzer: Sendable {
  /// Creates an analyzer.
  public init() {}

  /// Analyses one block.
  public func analyze(_ block: ConflictBlock) -> BlockAnalysis {
    BlockAnalysis(block: block, verdict: Self.readVerdict(of: block))
  }

  /// `redacted` for `<private>` lists, `unparsed` when no listed constraint could be read,
  /// `pending` otherwise.
  static func readVerdict(of block: ConflictBlock) -> Verdict {
    if block.isRedacted, block.constraints.isEmpty { return .redacted }
    if !block.constraints.contains(where: \.isParsed) { return .unparsed }
    return .pending
  }
}
