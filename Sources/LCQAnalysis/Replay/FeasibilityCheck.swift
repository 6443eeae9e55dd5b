import LCQSolver

/// Whether a set of rows can hold together, answered exactly by a fresh ``Solver``.
enum Feasibility {
  /// A solution: a value for every variable of the rows (empty when the caller of
  /// ``MemberSystem/check(_:keepingValues:)`` did not ask for it).
  case feasible([Variable: Rational])
  /// A proof that the rows cannot hold together, and the members it uses.
  case infeasible(Explanation<Rational>, members: Set<Int>)

  /// Adds `rows` in order to a new exact solver.
  static func check(_ rows: [ModelRow]) throws(ReplayError) -> Feasibility {
    var solver = Solver<Rational>()
    for row in rows {
      do {
        try solver.add(row.constraint)
      } catch {
        switch error {
        case .unsatisfiableConstraint(_, let proof): return refuted(by: proof)
        case .duplicateConstraint: continue  // an implicit row that is already in
        default: throw ReplayError(error)
        }
      }
    }
    return .feasible(solver.values())
  }

  /// The answer for a solver's proof: the members are the owners of the rows it uses (a
  /// member's rows carry its list index as their `source`; implicit rows none).
  static func refuted(by proof: Explanation<Rational>) -> Feasibility {
    .infeasible(proof, members: Set(proof.entries.compactMap(\.constraint.source)))
  }

  /// Whether the answer is a solution.
  var isFeasible: Bool {
    if case .feasible = self { return true }
    return false
  }
}

/// Why a block could not be replayed to the end.
enum ReplayError: Error {
  /// The solver reported a broken invariant.
  case solver(String)
  /// The numbers grew past the solver's size limit (``Rational/maximumBitWidth``).
  case numbersTooLarge

  /// The replay's reading of a solver error that is not an answer.
  init(_ error: SolverError<Rational>) {
    if case .numbersTooLarge = error {
      self = .numbersTooLarge
    } else {
      self = .solver("\(error)")
    }
  }
}
