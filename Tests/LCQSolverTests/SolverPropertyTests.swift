import LCQTestSupport
import XCTest

@testable import LCQSolver

/// Random systems, decided by the solver and, independently, by Fourier–Motzkin elimination.
final class SolverPropertyTests: XCTestCase {
  typealias Q = Rational

  /// `Σ coefficients·x + constant (relation) 0`, as plain data.
  struct RandomConstraint {
    var coefficients: [Int]
    var constant: Int
    var relation: Relation
  }

  func randomSystem(_ generator: inout SeededGenerator) -> (variables: Int, constraints: [RandomConstraint]) {
    let variables = Int.random(in: 1...3, using: &generator)
    let count = Int.random(in: 2...7, using: &generator)
    let constraints = (0..<count).map { _ in
      RandomConstraint(
        coefficients: (0..<variables).map { _ in Int.random(in: -3...3, using: &generator) },
        constant: Int.random(in: -10...10, using: &generator),
        relation: [.equal, .lessThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual].randomElement(
          using: &generator)!)
    }
    return (variables, constraints)
  }

  /// Decides feasibility by eliminating variables one at a time (no simplex involved).
  func fourierMotzkinFeasible(variables: Int, _ constraints: [RandomConstraint]) -> Bool {
    // Each row: coefficients and constant of `Σ a·x + c ≤ 0`.
    var rows: [([Q], Q)] = []
    for constraint in constraints {
      let a = constraint.coefficients.map { Q($0) }
      let c = Q(constraint.constant)
      switch constraint.relation {
      case .lessThanOrEqual: rows.append((a, c))
      case .greaterThanOrEqual: rows.append((a.map { -$0 }, -c))
      case .equal:
        rows.append((a, c))
        rows.append((a.map { -$0 }, -c))
      }
    }
    for variable in 0..<variables {
      let positive = rows.filter { $0.0[variable] > .zero }
      let negative = rows.filter { $0.0[variable] < .zero }
      var next = rows.filter { $0.0[variable].isNearZero }
      for p in positive {
        for n in negative {
          let scaleP = -n.0[variable]
          let scaleN = p.0[variable]
          let a = zip(p.0, n.0).map { $0 * scaleP + $1 * scaleN }
          next.append((a, p.1 * scaleP + n.1 * scaleN))
        }
      }
      rows = next
    }
    return rows.allSatisfy { $0.1 <= .zero }
  }

  func makeConstraints<Number: SolverNumber>(
    _ system: [RandomConstraint], variables: [Variable], as _: Number.Type
  ) -> [Constraint<Number>] {
    system.enumerated().map { index, constraint in
      let terms = zip(constraint.coefficients, variables).map { Term($1, Number($0)) }
      return Constraint(
        Expression(terms, constant: Number(constraint.constant)), constraint.relation, name: "c\(index)")
    }
  }

  /// Adds everything it can; returns the first proof of a conflict, if any.
  func solve<Number: SolverNumber>(_ constraints: [Constraint<Number>]) -> (
    Solver<Number>, Explanation<Number>?
  ) {
    var solver = Solver<Number>()
    var proof: Explanation<Number>?
    for constraint in constraints {
      do {
        try solver.add(constraint)
      } catch {
        if case .unsatisfiableConstraint(_, let explanation) = error, proof == nil { proof = explanation }
      }
    }
    return (solver, proof)
  }

  func testTheSolverAgreesWithFourierMotzkinAndProvesEachAnswer() {
    var generator = SeededGenerator(seed: 2026)
    var infeasibleCount = 0
    for round in 0..<3000 {
      let (count, system) = randomSystem(&generator)
      let variables = (0..<count).map { Variable("x\($0)") }
      let constraints = makeConstraints(system, variables: variables, as: Q.self)
      let (solver, proof) = solve(constraints)
      let expected = fourierMotzkinFeasible(variables: count, system)
      XCTAssertEqual(proof == nil, expected, "round \(round): \(constraints)")
      if let proof {
        infeasibleCount += 1
        XCTAssertTrue(proof.isValid, "round \(round): invalid proof \(proof.entries.map(\.constraint))")
      } else {
        let values = solver.values()
        for constraint in constraints {
          XCTAssertTrue(constraint.isSatisfied { values[$0] ?? .zero }, "round \(round): \(constraint)")
        }
      }
    }
    XCTAssertGreaterThan(infeasibleCount, 300, "the generator should make many conflicts")
  }

  func testTheOrderOfAdditionNeverChangesFeasibility() {
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<500 {
      let (count, system) = randomSystem(&generator)
      let variables = (0..<count).map { Variable("x\($0)") }
      let constraints = makeConstraints(system, variables: variables, as: Q.self)
      let feasible = solve(constraints).1 == nil
      for _ in 0..<4 {
        XCTAssertEqual(solve(constraints.shuffled(using: &generator)).1 == nil, feasible)
      }
    }
  }

  func testTheDoubleSolverFindsTheSameSolutionsOnFeasibleSystems() {
    var generator = SeededGenerator(seed: 5)
    var compared = 0
    for _ in 0..<1000 {
      let (count, system) = randomSystem(&generator)
      let variables = (0..<count).map { Variable("x\($0)") }
      let exact = solve(makeConstraints(system, variables: variables, as: Q.self))
      let fast = solve(makeConstraints(system, variables: variables, as: Double.self))
      XCTAssertEqual(exact.1 == nil, fast.1 == nil)
      guard exact.1 == nil else { continue }
      compared += 1
      for variable in variables {
        XCTAssertEqual(exact.0.value(of: variable).doubleValue, fast.0.value(of: variable), accuracy: 1e-6)
      }
    }
    XCTAssertGreaterThan(compared, 100)
  }

  func testRemovingConstraintsLeavesTheSameSolutionAsNeverAddingThem() throws {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<500 {
      let (count, system) = randomSystem(&generator)
      let variables = (0..<count).map { Variable("x\($0)") }
      let constraints = makeConstraints(system, variables: variables, as: Q.self)
      var (solver, _) = solve(constraints)
      let added = constraints.filter { solver.contains($0) }
      let removed = added.filter { _ in Bool.random(using: &generator) }
      for constraint in removed { try solver.remove(constraint) }
      let values = solver.values()
      for constraint in added where !removed.contains(constraint) {
        XCTAssertTrue(constraint.isSatisfied { values[$0] ?? .zero })
      }
    }
  }

  func testARefusedConstraintLeavesTheSolverAsIfItWasNeverTried() {
    var generator = SeededGenerator(seed: 77)
    var refusals = 0
    for round in 0..<3000 {
      let (count, system) = randomSystem(&generator)
      let variables = (0..<count).map { Variable("x\($0)") }
      let constraints = makeConstraints(system, variables: variables, as: Q.self)
      var solver = Solver<Q>()
      var accepted: [RandomConstraint] = []
      for (constraint, data) in zip(constraints, system) {
        let expected = fourierMotzkinFeasible(variables: count, accepted + [data])
        let added = (try? solver.add(constraint)) != nil
        XCTAssertEqual(added, expected, "round \(round): after \(accepted.count) accepted, \(constraint)")
        if added { accepted.append(data) } else { refusals += 1 }
      }
      let values = solver.values()
      for constraint in constraints where solver.contains(constraint) {
        XCTAssertTrue(constraint.isSatisfied { values[$0] ?? .zero }, "round \(round): \(constraint)")
      }
    }
    XCTAssertGreaterThan(refusals, 300)
  }

  func testAddsAndRemovesInAnyOrderAgreeWithFourierMotzkin() throws {
    var generator = SeededGenerator(seed: 31)
    var refusals = 0
    for round in 0..<2000 {
      var (count, system) = randomSystem(&generator)
      // Logs repeat constraints: copies make redundant rows, which removal must handle.
      system += system.filter { _ in Bool.random(using: &generator) }
      let variables = (0..<count).map { Variable("x\($0)") }
      let constraints = makeConstraints(system, variables: variables, as: Q.self)
      var solver = Solver<Q>()
      for step in 0..<12 {
        let index = Int.random(in: 0..<constraints.count, using: &generator)
        let constraint = constraints[index]
        if solver.contains(constraint) {
          try solver.remove(constraint)
        } else {
          let inside = constraints.indices.filter { solver.contains(constraints[$0]) }
          let expected = fourierMotzkinFeasible(variables: count, inside.map { system[$0] } + [system[index]])
          let added = (try? solver.add(constraint)) != nil
          if !added { refusals += 1 }
          XCTAssertEqual(added, expected, "round \(round) step \(step): \(constraint)")
        }
        let values = solver.values()
        for constraint in constraints where solver.contains(constraint) {
          XCTAssertTrue(constraint.isSatisfied { values[$0] ?? .zero }, "round \(round) step \(step)")
        }
      }
    }
    XCTAssertGreaterThan(refusals, 300)
  }
}
