import BigInt
import LCQTestSupport
import XCTest

@testable import LCQSolver

final class RationalTests: XCTestCase {
  func testArithmeticIsExactAndReduced() {
    let third = Rational(1, 3)
    XCTAssertEqual(third + third + third, .one)
    XCTAssertEqual(Rational(6, -4).description, "-3/2")
    XCTAssertEqual(Rational(2, 3) * Rational(9, 4), Rational(3, 2))
    XCTAssertEqual(Rational(1, 2) / Rational(-1, 4), Rational(-2))
    XCTAssertEqual(Rational(5) - Rational(5), .zero)
    XCTAssertTrue(Rational(-1, 3) < Rational(-1, 4))
    XCTAssertFalse(Rational(1, 3) < Rational(1, 3))
  }

  func testOverflowMovesToArbitraryPrecisionAndBack() {
    let huge = Rational(Int64.max, 1)
    let sum = huge + huge
    XCTAssertTrue(sum.isBig)
    XCTAssertEqual(sum.numerator, BigInt(Int64.max) * 2)
    let back = sum - huge
    XCTAssertFalse(back.isBig)
    XCTAssertEqual(back, huge)
    let tiny = Rational(1, Int64.max) * Rational(1, Int64.max)
    XCTAssertTrue(tiny.isBig)
    XCTAssertEqual(tiny * Rational(Int64.max, 1) * Rational(Int64.max, 1), .one)
    XCTAssertTrue(Rational(1, Int64.max) * Rational(1, Int64.max) < Rational(1, Int64.max))
  }

  /// `b·d` overflows, but the denominators share 2^40: the sum fits, and is stored in 64 bits
  /// like any value that fits (worked out by hand: 1/(3·2^40) + 1/(5·2^40) = 8/(15·2^40)).
  func testSumsOverSharedDenominatorsStayInSixtyFourBits() {
    let sum = Rational(1, 3 << 40) + Rational(1, 5 << 40)
    XCTAssertFalse(sum.isBig)
    XCTAssertEqual(sum.description, "1/\(15 << 37)")
    XCTAssertEqual(Rational(1, 3 << 40) - Rational(1, 3 << 40), .zero)
    // No common factor: the denominator 3^39·5^27 is past 64 bits, so the sum is big.
    let apart = Rational(1, 4_052_555_153_018_976_267) + Rational(1, 7_450_580_596_923_828_125)
    XCTAssertTrue(apart.isBig)
    XCTAssertEqual(apart.denominator, BigInt(4_052_555_153_018_976_267) * BigInt(7_450_580_596_923_828_125))
  }

  /// A factor of ±1 gives the other factor, or its negation.
  func testUnitFactors() {
    let value = Rational(-7, 12)
    XCTAssertEqual((value * .one).description, "-7/12")
    XCTAssertEqual((Rational.one * value).description, "-7/12")
    XCTAssertEqual((value * Rational(-1)).description, "7/12")
    XCTAssertEqual((Rational(-1) * value).description, "7/12")
    XCTAssertEqual((value + .zero).description, "-7/12")
    XCTAssertEqual((Rational.zero + value).description, "-7/12")
  }

  func testComparisonNearTheLimitsOfSixtyFourBits() {
    let a = Rational(Int64.max - 1, Int64.max)
    let b = Rational(Int64.max - 2, Int64.max - 1)
    // (m-1)/m > (m-2)/(m-1) since (m-1)² > m(m-2).
    XCTAssertTrue(b < a)
    XCTAssertFalse(a < b)
  }

  func testDecimalTextIsReadExactly() {
    XCTAssertEqual(Rational(decimal: "41.6667"), Rational(416_667, 10_000))
    XCTAssertEqual(Rational(decimal: "-0.5"), Rational(-1, 2))
    XCTAssertEqual(Rational(decimal: ".25"), Rational(1, 4))
    XCTAssertEqual(Rational(decimal: "5."), Rational(5))
    XCTAssertEqual(Rational(decimal: "+3e2"), Rational(300))
    let dblMin = Rational(decimal: "2.22507e-308")!
    XCTAssertEqual(dblMin.numerator, BigInt(222_507))
    XCTAssertEqual(dblMin.denominator, BigInt(10).power(313))
    XCTAssertEqual(Rational(decimal: "1e308")!.numerator, BigInt(10).power(308))
    XCTAssertNil(Rational(decimal: "1e"))
    XCTAssertNil(Rational(decimal: "abc"))
    XCTAssertNil(Rational(decimal: "."))
  }

  /// A literal is read only within 40 digits and an exponent of ±400 (the security review's H1
  /// and H2: `1e-1000000` crashed, `1e999999` ran for hours); inside them, exactly.
  func testDecimalTextBeyondTheLimitsIsRefused() {
    let forty = String(repeating: "7", count: 40)
    XCTAssertEqual(Rational(decimal: forty)?.numerator, BigInt(forty))
    XCTAssertNil(Rational(decimal: forty + "7"))
    XCTAssertNil(Rational(decimal: "0." + String(repeating: "0", count: 40) + "1"))
    XCTAssertEqual(Rational(decimal: "1e400")?.numerator, BigInt(10).power(400))
    XCTAssertEqual(Rational(decimal: "-1e-400")?.denominator, BigInt(10).power(400))
    XCTAssertEqual(Rational(decimal: "-1e-400")?.numerator, BigInt(-1))
    for text in ["1e401", "1e-401", "1e999999", "1e-1000000", "10e9223372036854775807", "1e4000"] {
      XCTAssertNil(Rational(decimal: text), text)
      XCTAssertFalse(Rational.isWithinDecimalLimits(text), text)
    }
    // Leading zeros of the exponent count for nothing: 1e0000000002 is 100.
    XCTAssertEqual(Rational(decimal: "1e" + String(repeating: "0", count: 1000) + "2"), Rational(100))
    XCTAssertTrue(Rational.isWithinDecimalLimits("UIView"), "not a number: left to the reader to refuse")
    // A million digits are judged in one pass, without reading them as a number.
    XCTAssertFalse(Rational.isWithinDecimalLimits(String(repeating: "9", count: 1_000_000)))
  }

  func testRandomArithmeticMatchesArbitraryPrecision() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<2000 {
      let values = (0..<2).map { _ in
        Rational(
          Int64.random(in: -1 << 40...1 << 40, using: &generator),
          Int64.random(in: 1...1 << 40, using: &generator))
      }
      let (a, b) = (values[0], values[1])
      func big(_ n: BigInt, _ d: BigInt) -> Rational { Rational(numerator: n, denominator: d) }
      XCTAssertEqual(
        a + b, big(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator))
      XCTAssertEqual(a * b, big(a.numerator * b.numerator, a.denominator * b.denominator))
      XCTAssertEqual(a < b, a.numerator * b.denominator < b.numerator * a.denominator)
    }
  }
}
