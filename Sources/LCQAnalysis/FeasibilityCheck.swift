import LCQSolver

/// Whether a set of rows can hold together, answered exactly by a fresh ``Solver``.
enum Feasibility {
  /// A solution: a value for every variable of the rows.
  case feasible([Variable: Rational])
  /// A proof that the rows cannot hold together, and the members it uses.
  case infeasible(Explanation<Rational>, members: Set<Int>)

  /// Adds `rows` in order to a new exact solver.
  static func check(_ rows: [ModelRow]) throws(ReplayError) -> Feasibility {
    var check = IncrementalCheck()
    if let conflict = try check.add(rows) { return conflict }
    return .feasible(check.solver.values())
  }

  /// Whether the answer is a solution.
  var isFeasible: Bool {
    if case .feasible = self { return true }
    return false
  }
}

/// An exact solver that rows are added to in steps; as a value, it can be copied to try
/// several continuations of the same rows.
struct IncrementalCheck {
  var solver = Solver<Rational>()
  var owners: [ObjectIdentifier: Int] = [:]

  /// Adds `rows` in order; returns the proof when one cannot be added (the rows before it stay).
  mutating func add(_ rows: [ModelRow]) throws(ReplayError) -> Feasibility? {
    for row in rows {
      if let member = row.member { owners[ObjectIdentifier(row.constraint)] = member }
      do {
        try solver.add(row.constraint)
      } catch {
        switch error {
        case .unsatisfiableConstraint(_, let proof):
          let members = Set(proof.entries.compactMap { owners[ObjectIdentifier($0.constraint)] })
          return .infeasible(proof, members: members)
        case .duplicateConstraint:
          continue  // an implicit row that is already in
        default:
          throw ReplayError.solver("\(error)")
        }
      }
    }
    return nil
  }
}

/// Why a block could not be replayed to the end.
enum ReplayError: Error {
  /// The solver reported a broken invariant.
  case solver(String)
}
