/// What lcq can say about one conflict block.
public enum Verdict: String, Sendable, Hashable, CaseIterable {
  /// Infeasible with every unknown free: a proven conflict.
  case conflict
  /// Infeasible as printed, feasible once printed numbers may be anything that prints the same.
  case withinPrecision = "within-precision"
  /// Feasible only thanks to a quantity the log does not state.
  case undecidable
  /// Feasible with everything known: a phantom conflict.
  case satisfiable
  /// No constraint of the list could be read.
  case unparsed
  /// The list was replaced by `<private>`.
  case redacted
  /// Read, but not yet replayed.
  case pending
}
