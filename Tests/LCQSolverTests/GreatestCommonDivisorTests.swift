import BigInt
import LCQTestSupport
import XCTest

@testable import LCQSolver

/// Lehmer's GCD against hand-worked cases and against the BigInt package's own binary GCD.
final class GreatestCommonDivisorTests: XCTestCase {
  private func gcd(_ a: BigUInt, _ b: BigUInt) -> BigUInt { Rational.greatestCommonDivisor(a, b) }

  func testHandWorkedCases() {
    let two = BigUInt(2)
    let three = BigUInt(3)
    // 2^200·3^50 and 2^100·3^80 share 2^100·3^50.
    XCTAssertEqual(
      gcd(two.power(200) * three.power(50), two.power(100) * three.power(80)),
      two.power(100) * three.power(50))
    // Neighbouring Fibonacci numbers are coprime and take the most Euclid steps.
    var (f0, f1) = (BigUInt(0), BigUInt(1))
    for _ in 0..<1_500 { (f0, f1) = (f1, f0 + f1) }
    XCTAssertGreaterThan(f1.bitWidth, 1_000)
    XCTAssertEqual(gcd(f1, f0), 1)
    XCTAssertEqual(gcd(f0, f1), 1)
    // 10^308 and 10^300·7: 10^300.
    let ten = BigUInt(10)
    XCTAssertEqual(gcd(ten.power(308), ten.power(300) * 7), ten.power(300))
    // Zero, equal values, a multiple, a one-word divisor of a long number.
    XCTAssertEqual(gcd(0, ten.power(100)), ten.power(100))
    XCTAssertEqual(gcd(ten.power(100), 0), ten.power(100))
    XCTAssertEqual(gcd(ten.power(100), ten.power(100)), ten.power(100))
    XCTAssertEqual(gcd(ten.power(100) * (two.power(130) + 1), two.power(130) + 1), two.power(130) + 1)
    XCTAssertEqual(gcd(ten.power(100) * 1_000_003, 7 * 1_000_003), 1_000_003)
  }

  /// Random numbers of 1 to 40 words, with a random common factor, against the BigInt package's
  /// binary GCD.
  func testRandomNumbersAgreeWithTheBinaryGCD() {
    var generator = SeededGenerator.forTest(#function)
    func random(words: Int) -> BigUInt {
      BigUInt(words: (0..<words).map { _ in UInt.random(in: 0...UInt.max, using: &generator) })
    }
    for _ in 0..<200 {
      let common = random(words: Int.random(in: 1...6, using: &generator))
      let a = random(words: Int.random(in: 1...40, using: &generator)) * common
      let b = random(words: Int.random(in: 1...40, using: &generator)) * common
      XCTAssertEqual(gcd(a, b), a.greatestCommonDivisor(with: b), "\(a) \(b)")
    }
  }

  /// Fractions of long numbers reduce to lowest terms: numerator and denominator coprime.
  func testBigFractionsReduceToLowestTerms() {
    let ten = BigInt(10)
    let value = Rational(numerator: ten.power(308) * 3, denominator: ten.power(300) * 9)
    XCTAssertEqual(value.numerator, ten.power(8))
    XCTAssertEqual(value.denominator, 3)
  }

  /// Sums and products of long fractions (integers, shared powers of ten, random denominators)
  /// equal the naive fraction reduced by the BigInt package's GCD, and are in lowest terms.
  func testBigSumsAndProductsMatchNaiveFractions() {
    var generator = SeededGenerator.forTest(#function)
    func random(bits: Int) -> BigInt {
      BigInt(
        BigUInt(words: (0..<(bits + 63) / 64).map { _ in UInt.random(in: 0...UInt.max, using: &generator) }))
    }
    func naive(_ n: BigInt, _ d: BigInt) -> (BigInt, BigInt) {
      let g = BigInt(n.magnitude.greatestCommonDivisor(with: d.magnitude))
      return g.isZero ? (0, 1) : (n / g, d / g)
    }
    let ten = BigInt(10)
    for round in 0..<300 {
      func value() -> Rational {
        let numerator =
          random(bits: Int.random(in: 1...400, using: &generator)) * (Bool.random(using: &generator) ? 1 : -1)
        let denominator: BigInt =
          switch round % 3 {
          case 0: 1
          case 1: ten.power(Int.random(in: 0...120, using: &generator))
          default: random(bits: Int.random(in: 1...300, using: &generator)) + 1
          }
        return Rational(numerator: numerator, denominator: denominator)
      }
      let (x, y) = (value(), value())
      let sum = naive(
        x.numerator * y.denominator + y.numerator * x.denominator, x.denominator * y.denominator)
      XCTAssertEqual((x + y).numerator, sum.0)
      XCTAssertEqual((x + y).denominator, sum.1)
      let product = naive(x.numerator * y.numerator, x.denominator * y.denominator)
      XCTAssertEqual((x * y).numerator, product.0)
      XCTAssertEqual((x * y).denominator, product.1)
      XCTAssertEqual(x - x, .zero)
    }
  }
}
