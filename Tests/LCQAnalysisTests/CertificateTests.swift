import XCTest

@testable import LCQAnalysis
@testable import LCQSolver

/// The certificate's own check accepts a proof only when it is one: non-negative multipliers in
/// each row's direction, every variable cancelled, and a negative sum (worked out by hand).
final class CertificateTests: XCTestCase {
  let width = Variable("w")
  let height = Variable("h")

  /// `expression relation 0`.
  func row(_ expression: LCQSolver.Expression<Rational>, _ relation: LCQSolver.Relation) -> Constraint<
    Rational
  > {
    Constraint(expression, relation, name: "\(expression) \(relation)")
  }

  func certificate(_ entries: [(Constraint<Rational>, Rational)]) -> Certificate {
    let proof = Explanation(
      entries: entries.map { Explanation.Entry(constraint: $0.0, multiplier: $0.1) }, sum: .zero)
    return Certificate(proof: proof)
  }

  func testAContradictionIsVerified() {
    // w − 40 ≤ 0 and w − 60 ≥ 0: 1·(40 − w) + 1·(w − 60) = −20 < 0.
    let atMost40 = row(LCQSolver.Expression(width) + Rational(-40), .lessThanOrEqual)
    let atLeast60 = row(LCQSolver.Expression(width) + Rational(-60), .greaterThanOrEqual)
    let proof = certificate([(atMost40, Rational(1)), (atLeast60, Rational(-1))])
    XCTAssertTrue(proof.isVerified)
    XCTAssertEqual(proof.sum, Rational(-20))
  }

  func testAVariableLeftOverIsNoProof() {
    // w ≤ 40 and h ≥ 60 say nothing together: w and h are left in the sum.
    let atMost40 = row(LCQSolver.Expression(width) + Rational(-40), .lessThanOrEqual)
    let atLeast60 = row(LCQSolver.Expression(height) + Rational(-60), .greaterThanOrEqual)
    XCTAssertFalse(certificate([(atMost40, Rational(1)), (atLeast60, Rational(-1))]).isVerified)
  }

  func testAWrongDirectionOrANonNegativeSumIsNoProof() {
    // w ≤ 60 and w ≥ 40 hold together (w = 50): their combination sums to +20, not below 0.
    let atMost60 = row(LCQSolver.Expression(width) + Rational(-60), .lessThanOrEqual)
    let atLeast40 = row(LCQSolver.Expression(width) + Rational(-40), .greaterThanOrEqual)
    XCTAssertFalse(certificate([(atMost60, Rational(1)), (atLeast40, Rational(-1))]).isVerified)
    // Using w ≥ 60 in the ≤ direction (multiplier +1) is not allowed, whatever it sums to.
    let atLeast60 = row(LCQSolver.Expression(width) + Rational(-60), .greaterThanOrEqual)
    let atMost40 = row(LCQSolver.Expression(width) + Rational(-40), .lessThanOrEqual)
    XCTAssertFalse(certificate([(atLeast60, Rational(1)), (atMost40, Rational(-1))]).isVerified)
    // One row in the wrong direction is enough, even when the rest would make a proof: w ≥ 60
    // and w = 100 hold together (w = 100), yet reading w ≥ 60 as 60 − w ≥ 0 "sums" with
    // w − 100 to −40; and w ≤ 40 with w = 10 (w = 10), reading w ≤ 40 as w − 40 ≥ 0, to −30.
    let is100 = row(LCQSolver.Expression(width) + Rational(-100), .equal)
    XCTAssertFalse(certificate([(atLeast60, Rational(1)), (is100, Rational(-1))]).isVerified)
    let is10 = row(LCQSolver.Expression(width) + Rational(-10), .equal)
    XCTAssertFalse(certificate([(atMost40, Rational(-1)), (is10, Rational(1))]).isVerified)
    // The same rows in their own directions are a proof where one exists: w ≥ 60 and w = 10.
    let proof = certificate([(atLeast60, Rational(-1)), (is10, Rational(1))])
    XCTAssertTrue(proof.isVerified)
    XCTAssertEqual(proof.sum, Rational(-50))
  }
}
