import LCQSolver

extension Solver where Number == Rational {
  /// Adds each of `rows`; an implicit row that two members share, met twice, is added once.
  mutating func add(rows: [Constraint<Rational>]) throws(SolverError<Rational>) {
    for row in rows {
      do {
        try add(row)
      } catch {
        guard case .duplicateConstraint = error else { throw error }
      }
    }
  }
}
