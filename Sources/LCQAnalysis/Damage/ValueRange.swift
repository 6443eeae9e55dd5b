import LCQSolver

/// The least and greatest values linear expressions take under a set of rows: the exact
/// solver's nearest solutions to −``far`` and to +``far``, one solver for the rows with each
/// expression's weak targets put in and taken out. Exact: a weak target pulls the value as far
/// as the rows allow, and no further.
struct ValueRange {
  /// A value no layout reaches: a solution that lands on it has no bound on that side (a bound
  /// further out than a billion points is reported as none).
  static let far = Rational(1_000_000_000, 1)

  /// What the rows allow of an expression.
  enum Result {
    /// The least and greatest values (`nil`: no bound on that side).
    case values(low: Rational?, high: Rational?)
    /// The rows cannot hold together, whatever the expression.
    case nowhere
    /// The solver gave up (numbers past its size limit, or a broken invariant).
    case unknown
  }

  /// The solver with the rows; `nil` once it failed.
  private var solver: Solver<Rational>?
  /// Why it failed.
  private var failure: Result = .unknown

  /// A range finder over `rows`.
  init(_ rows: [Constraint<Rational>]) {
    var solver = Solver<Rational>()
    do {
      try solver.add(rows: rows)
      self.solver = solver
    } catch {
      if case SolverError<Rational>.unsatisfiableConstraint = error { failure = .nowhere }
    }
  }

  /// The values `expression` takes under the rows.
  mutating func of(_ expression: Expression<Rational>) -> Result {
    guard var solver else { return failure }
    self.solver = nil  // back only if every step ends well
    let value = Variable("value")
    let definition = Constraint(Expression(value) - expression, .equal)
    let towardLow = Constraint(Expression(value) + Self.far, .equal, strength: .weak)
    let towardHigh = Constraint(Expression(value) - Expression(constant: Self.far), .equal, strength: .weak)
    do {
      try solver.add(definition)
      try solver.add(towardLow)
      let low = solver.value(of: value)
      try solver.remove(towardLow)
      try solver.add(towardHigh)
      let high = solver.value(of: value)
      try solver.remove(towardHigh)
      try solver.remove(definition)
      self.solver = solver
      return .values(low: -Self.far < low ? low : nil, high: high < Self.far ? high : nil)
    } catch {
      return .unknown
    }
  }
}
