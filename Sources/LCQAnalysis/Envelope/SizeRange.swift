import LCQSolver

/// The values a size can take under a set of rows: the exact solver's nearest solutions to zero
/// and to ``SizeRange/unbounded``, one solver with its weak target swapped.
enum SizeRange {
  /// A size no layout reaches: a solution that lands here has no largest size.
  static let unbounded = Rational(1_000_000_000, 1)

  /// What the rows allow of one variable.
  enum Result {
    /// The feasible values (`high` `nil` when no value up to ``unbounded`` stops them).
    case values(SizeEnvelope.Interval)
    /// The rows cannot hold together, whatever the variable.
    case nowhere
    /// The solver gave up (numbers past its size limit, or a broken invariant).
    case unknown
  }

  /// The feasible values of `variable` under `rows`; with `nonNegative`, the variable is a size
  /// and may not go below zero.
  static func of(_ variable: Variable, _ rows: [Constraint<Rational>], nonNegative: Bool = false) -> Result {
    var solver = Solver<Rational>()
    do {
      try solver.add(rows: rows)
      if nonNegative {
        try solver.add(Constraint(Expression<Rational>(variable), .greaterThanOrEqual))
      }
      let towardZero = Constraint(Expression<Rational>(variable), .equal, strength: .weak)
      try solver.add(towardZero)
      let low = solver.value(of: variable)
      try solver.remove(towardZero)
      try solver.add(
        Constraint(Expression(variable) - Expression(constant: unbounded), .equal, strength: .weak))
      let high = solver.value(of: variable)
      return .values(SizeEnvelope.Interval(low: low, high: high < unbounded ? high : nil))
    } catch {
      if case SolverError<Rational>.unsatisfiableConstraint = error { return .nowhere }
      return .unknown
    }
  }
}
