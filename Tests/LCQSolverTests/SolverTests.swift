import BigInt
import XCTest

@testable import LCQSolver

final class SolverTests: XCTestCase {
  typealias Q = Rational

  func testRequiredEqualitiesAndInequalitiesAreSolvedExactly() throws {
    let x = Variable("x")
    let y = Variable("y")
    var solver = Solver<Q>()
    // x + y = 10, x - y = 1/3, x ≥ 0
    try solver.add(Constraint(Expression([Term(x), Term(y)], constant: Q(-10)), .equal))
    try solver.add(Constraint(Expression([Term(x), Term(y, -.one)], constant: Q(-1, 3)), .equal))
    try solver.add(Constraint(Expression(x), .greaterThanOrEqual))
    XCTAssertEqual(solver.value(of: x), Q(31, 6))
    XCTAssertEqual(solver.value(of: y), Q(29, 6))
  }

  func testOptionalConstraintsGiveWayByPriority() throws {
    let x = Variable("x")
    var solver = Solver<Q>()
    try solver.add(Constraint(Expression(x), .greaterThanOrEqual, Expression(constant: Q(10))))
    try solver.add(Constraint(Expression(x), .equal, Expression(constant: Q(5)), strength: .weak))
    XCTAssertEqual(solver.value(of: x), Q(10))

    let strong = Constraint<Q>(Expression(x), .equal, Expression(constant: Q(40)), strength: .strong)
    try solver.add(strong)
    try solver.add(Constraint(Expression(x), .equal, Expression(constant: Q(30)), strength: .medium))
    XCTAssertEqual(solver.value(of: x), Q(40))
    try solver.remove(strong)
    XCTAssertEqual(solver.value(of: x), Q(30))
  }

  func testAnUnsatisfiableRequiredConstraintComesWithAProofAndChangesNothing() throws {
    let a = Variable("a")
    let b = Variable("b")
    var solver = Solver<Q>()
    let first = Constraint<Q>(Expression(a), .greaterThanOrEqual, Expression(constant: Q(20)), name: "a ≥ 20")
    let second = Constraint<Q>(Expression(b), .greaterThanOrEqual, Expression(a) + Q(5), name: "b ≥ a + 5")
    let unrelated = Constraint<Q>(
      Expression(a), .lessThanOrEqual, Expression(constant: Q(100)), name: "a ≤ 100")
    let third = Constraint<Q>(Expression(b), .lessThanOrEqual, Expression(constant: Q(24)), name: "b ≤ 24")
    try solver.add(first)
    try solver.add(second)
    try solver.add(unrelated)
    XCTAssertThrowsError(try solver.add(third)) { error in
      guard case SolverError<Q>.unsatisfiableConstraint(let failed, let proof) = error else {
        return XCTFail("unexpected \(error)")
      }
      XCTAssertTrue(failed === third)
      XCTAssertTrue(proof.isValid)
      XCTAssertEqual(proof.entries.map(\.constraint.name), ["a ≥ 20", "b ≥ a + 5", "b ≤ 24"])
      XCTAssertEqual(proof.sum, Q(1))
    }
    XCTAssertFalse(solver.contains(third))
    try solver.add(Constraint(Expression(b), .lessThanOrEqual, Expression(constant: Q(25))))
    XCTAssertEqual(solver.value(of: b), Q(25))
    XCTAssertEqual(solver.value(of: a), Q(20))
  }

  func testContradictoryEqualitiesAreExplained() throws {
    let x = Variable("x")
    let w = Variable("w")
    var solver = Solver<Q>()
    try solver.add(Constraint(Expression(w), .equal, Expression(constant: Q(40)), name: "w = 40"))
    try solver.add(Constraint(Expression(x), .equal, Expression(w) * Q(2), name: "x = 2w"))
    let clash = Constraint<Q>(Expression(x), .equal, Expression(constant: Q(79)), name: "x = 79")
    XCTAssertThrowsError(try solver.add(clash)) { error in
      guard case SolverError<Q>.unsatisfiableConstraint(_, let proof) = error else { return XCTFail() }
      XCTAssertTrue(proof.isValid)
      XCTAssertEqual(Set(proof.entries.map(\.constraint.name)), ["w = 40", "x = 2w", "x = 79"])
    }
  }

  func testEditVariablesFollowSuggestions() throws {
    let width = Variable("width")
    let left = Variable("left")
    let right = Variable("right")
    var solver = Solver<Q>()
    try solver.add(Constraint(Expression(left), .equal, Expression(constant: Q(8))))
    try solver.add(Constraint(Expression(right), .equal, Expression(width) - Expression(constant: Q(8))))
    try solver.add(Constraint(Expression(right), .greaterThanOrEqual, Expression(left)))
    try solver.addEditVariable(width, strength: .strong)
    try solver.suggest(Q(300), for: width)
    XCTAssertEqual(solver.value(of: right), Q(292))
    try solver.suggest(Q(10), for: width)
    XCTAssertEqual(solver.value(of: width), Q(16))
    XCTAssertEqual(solver.value(of: right), Q(8))
    try solver.suggest(Q(100), for: width)
    XCTAssertEqual(solver.value(of: right), Q(92))
    try solver.removeEditVariable(width)
    XCTAssertFalse(solver.hasEditVariable(width))
    XCTAssertThrowsError(try solver.suggest(Q(1), for: width))
  }

  func testDuplicateAndUnknownConstraintsAreRefused() throws {
    let x = Variable("x")
    let constraint = Constraint<Q>(Expression(x), .equal)
    var solver = Solver<Q>()
    try solver.add(constraint)
    XCTAssertThrowsError(try solver.add(constraint))
    try solver.remove(constraint)
    XCTAssertThrowsError(try solver.remove(constraint))
    XCTAssertThrowsError(try solver.addEditVariable(x, strength: .required))
  }

  func testRemovingOneOfTwoCopiesOfAnEqualityKeepsTheOther() throws {
    // The sequence a random test found: without preferring the copy's dummy row when the first
    // equality left, the copy was silently dropped and x0 + x1 + 3·x2 + 1 = 0 no longer held.
    let (x0, x1, x2) = (Variable("x0"), Variable("x1"), Variable("x2"))
    func constraint(_ a: Int, _ b: Int, _ c: Int, _ constant: Int, _ relation: Relation) -> Constraint<Q> {
      Constraint(
        Expression([Term(x0, Q(a)), Term(x1, Q(b)), Term(x2, Q(c))], constant: Q(constant)), relation)
    }
    let first = constraint(1, 1, 3, 1, .equal)
    let copy = constraint(1, 1, 3, 1, .equal)
    let bound = constraint(3, 1, -3, -2, .greaterThanOrEqual)
    var solver = Solver<Q>()
    try solver.add(constraint(-2, 2, -3, -3, .lessThanOrEqual))
    try solver.add(constraint(3, -3, 0, -2, .greaterThanOrEqual))
    try solver.add(bound)
    try solver.add(first)
    try solver.remove(bound)
    try solver.add(constraint(3, 1, -3, -2, .greaterThanOrEqual))
    try solver.add(copy)
    try solver.remove(first)
    let values = solver.values()
    XCTAssertTrue(copy.isSatisfied { values[$0] ?? .zero }, "\(values)")
  }

  /// A pivot on a number of more than `Rational.maximumBitWidth` bits stops the solver; one
  /// just under the limit is solved exactly.
  func testNumbersPastTheSizeLimitStopTheSolver() throws {
    let x = Variable("x")
    let under = Q(numerator: BigInt(1) << 8_000, denominator: 1)
    var solver = Solver<Q>()
    try solver.add(Constraint(Expression(x), .equal, Expression(constant: under)))
    XCTAssertEqual(solver.value(of: x), under)

    let past = Q(numerator: BigInt(1) << 8_192, denominator: 3)  // 8,193 bits
    XCTAssertTrue(past.exceedsSizeLimit)
    XCTAssertFalse(under.exceedsSizeLimit)
    var stopped = Solver<Q>()
    XCTAssertThrowsError(try stopped.add(Constraint(Expression(x), .equal, Expression(constant: past)))) {
      error in
      guard case SolverError<Q>.numbersTooLarge = error else { return XCTFail("\(error)") }
    }
  }
}
