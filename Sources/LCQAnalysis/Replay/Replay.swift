import LCQParsing
import LCQSolver

/// What replaying a block's constraints through the exact solver proved.
public struct Replay: Sendable {
  /// The verdict.
  public var verdict: Verdict
  /// One minimal conflicting set (list indices in canonical order): for `conflict`, with every
  /// number widened to what prints the same; for `within-precision`, as printed.
  public var minimalSet: [Int] = []
  /// Every minimal conflicting set, when the block has at most
  /// ``BlockReplayer/enumerationLimit`` readable constraints (`minimalSet` first).
  public var minimalSets: [[Int]] = []
  /// Whether `minimalSets` is known to be all of them.
  public var minimalSetsComplete = false
  /// Constraints whose removal alone makes the whole block feasible (`nil` when not a conflict).
  public var singleFixes: [Int]?
  /// The quantities the verdict depends on that the log does not state.
  public var missing: [MissingQuantity] = []
  /// For `undecidable` blocks with unknown margins: whether UIKit's default 8-point margins
  /// make the block infeasible (`nil` when no margin is unknown).
  public var infeasibleWithDefaultMargins: Bool?
  /// The proof that `minimalSet` cannot hold.
  public var certificate: Certificate?
  /// For each member of `minimalSet`, a solution of the set without it.
  public var witnesses: [Witness] = []
  /// How the constraint UIKit broke stands.
  public var brokenConstraint: BrokenConstraintStanding?
  /// Listed constraints left out of the model, with the reason (unreadable, inactive, optional).
  public var excluded: [(index: Int, reason: String)] = []
  /// Why the replay stopped short, when it did (limits, solver failure).
  public var note: String?
  /// The layout model the replay solved, kept for the diagnosis and the picture.
  var model: LayoutModel?

  /// Creates a replay result with only a verdict.
  public init(verdict: Verdict) {
    self.verdict = verdict
  }
}

/// Where the constraint UIKit chose to break stands against the proven conflict.
public struct BrokenConstraintStanding: Sendable, Hashable {
  /// Its index in the list, if it is there.
  public var index: Int?
  /// Whether it is in ``Replay/minimalSet``.
  public var inMinimalSet: Bool
  /// Whether it is in any minimal set (`nil` when not all sets are known).
  public var inAnyMinimalSet: Bool?
  /// Whether removing it alone makes the whole block feasible.
  public var resolves: Bool?
}
