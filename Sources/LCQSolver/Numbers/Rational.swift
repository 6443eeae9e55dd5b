import BigInt

/// An exact fraction: a numerator over a positive denominator, always in lowest terms.
///
/// Values that fit in 64 bits are computed with machine integers; an operation whose result
/// would overflow is redone with arbitrary-precision integers, so no operation ever rounds.
public struct Rational: Sendable, Hashable {
  /// The two representations; `big` is used only when `small` cannot hold the value.
  @usableFromInline enum Storage: Sendable, Hashable {
    case small(Int64, Int64)
    case big(BigFraction)
  }

  @usableFromInline var storage: Storage

  @inlinable init(storage: Storage) { self.storage = storage }

  /// Creates `numerator / denominator`, reduced. `denominator` must not be zero.
  public init(_ numerator: Int64, _ denominator: Int64) {
    precondition(denominator != 0, "a rational's denominator is zero")
    if numerator != .min, denominator != .min {
      self =
        denominator > 0
        ? Self.reducedSmall(numerator, denominator) : Self.reducedSmall(-numerator, -denominator)
    } else {
      self = Self.reduced(BigInt(numerator), BigInt(denominator))
    }
  }

  /// Creates `numerator / denominator`, reduced. `denominator` must not be zero.
  public init(numerator: BigInt, denominator: BigInt) {
    precondition(!denominator.isZero, "a rational's denominator is zero")
    self = Self.reduced(numerator, denominator)
  }

  /// The numerator, in lowest terms (negative for negative values).
  public var numerator: BigInt {
    switch storage {
    case .small(let numerator, _): BigInt(numerator)
    case .big(let fraction): fraction.numerator
    }
  }

  /// The denominator, in lowest terms (always positive).
  public var denominator: BigInt {
    switch storage {
    case .small(_, let denominator): BigInt(denominator)
    case .big(let fraction): fraction.denominator
    }
  }

  /// Whether the value needed arbitrary precision.
  public var isBig: Bool {
    if case .big = storage { return true }
    return false
  }

  /// -1, 0 or 1.
  public var signum: Int {
    switch storage {
    case .small(let numerator, _): numerator == 0 ? 0 : (numerator < 0 ? -1 : 1)
    case .big(let fraction): fraction.numerator.sign == .minus ? -1 : 1
    }
  }

  /// Reduces a fraction and picks the smallest storage that holds it.
  @usableFromInline static func reduced(_ numerator: BigInt, _ denominator: BigInt) -> Rational {
    var numerator = numerator
    var denominator = denominator
    if denominator.sign == .minus {
      numerator.negate()
      denominator.negate()
    }
    let divisor = BigInt(greatestCommonDivisor(numerator.magnitude, denominator.magnitude))
    if divisor != 1, !divisor.isZero {
      numerator /= divisor
      denominator /= divisor
    }
    return inLowestTerms(numerator, denominator)
  }

  /// A fraction already in lowest terms (`denominator > 0`), in the smallest storage that
  /// holds it.
  @usableFromInline static func inLowestTerms(_ numerator: BigInt, _ denominator: BigInt) -> Rational {
    if numerator.isZero { return .zero }
    if let small = Int64(exactly: numerator), let smallDenominator = Int64(exactly: denominator),
      small != .min, smallDenominator != .min
    {
      return Rational(storage: .small(small, smallDenominator))
    }
    return Rational(storage: .big(BigFraction(numerator: numerator, denominator: denominator)))
  }

  /// Reduces a fraction of machine integers (`denominator > 0`).
  @inlinable static func reducedSmall(_ numerator: Int64, _ denominator: Int64) -> Rational {
    if numerator == 0 { return Rational(storage: .small(0, 1)) }
    if denominator == 1 { return Rational(storage: .small(numerator, 1)) }
    let divisor = greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
    if divisor == 1 { return Rational(storage: .small(numerator, denominator)) }
    let d = Int64(divisor)
    return Rational(storage: .small(numerator / d, denominator / d))
  }

  /// Binary GCD of two magnitudes.
  @inlinable static func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var a = a
    var b = b
    if a == 0 { return b }
    if b == 0 { return a }
    if a == 1 || b == 1 { return 1 }
    let shift = (a | b).trailingZeroBitCount
    a >>= a.trailingZeroBitCount
    repeat {
      b >>= b.trailingZeroBitCount
      if a > b { swap(&a, &b) }
      b -= a
    } while b != 0
    return a << shift
  }
}

/// A fraction too large for machine integers, boxed so that ``Rational`` stays small.
@usableFromInline final class BigFraction: Sendable, Hashable {
  @usableFromInline let numerator: BigInt
  @usableFromInline let denominator: BigInt

  init(numerator: BigInt, denominator: BigInt) {
    self.numerator = numerator
    self.denominator = denominator
  }

  @usableFromInline static func == (lhs: BigFraction, rhs: BigFraction) -> Bool {
    lhs.numerator == rhs.numerator && lhs.denominator == rhs.denominator
  }

  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(numerator)
    hasher.combine(denominator)
  }

  /// The same fraction with the opposite sign.
  @usableFromInline var negated: BigFraction { BigFraction(numerator: -numerator, denominator: denominator) }
}
