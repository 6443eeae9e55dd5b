import BigInt

extension Rational: SolverNumber {
  /// Zero.
  public static let zero = Rational(storage: .small(0, 1))
  /// One.
  public static let one = Rational(storage: .small(1, 1))

  /// Creates the integer `integer`.
  public init(_ integer: Int) {
    if integer == Int(Int64.min) {
      self = Rational(numerator: BigInt(integer), denominator: 1)
    } else {
      self.init(storage: .small(Int64(integer), 1))
    }
  }

  /// Exact: only zero is zero.
  @inlinable public var isNearZero: Bool {
    if case .small(let numerator, _) = storage { return numerator == 0 }
    return false  // a big value is never zero: zero is always stored small
  }

  /// The most bits a numerator or denominator may have while the solver computes with it:
  /// 8,192 bits, about 2,466 decimal digits. Numbers read from a log stop at 40 digits or an
  /// exponent of ±400 (1,329 bits), so only a long chain of such numbers multiplied together
  /// reaches it.
  public static let maximumBitWidth = 8_192

  /// Whether the numerator or the denominator has more than ``maximumBitWidth`` bits.
  @inlinable public var exceedsSizeLimit: Bool {
    guard case .big(let fraction) = storage else { return false }
    return fraction.numerator.bitWidth > Self.maximumBitWidth
      || fraction.denominator.bitWidth > Self.maximumBitWidth
  }

  /// The nearest `Double` (approximately, for values that do not fit in 64 bits).
  public var doubleValue: Double {
    switch storage {
    case .small(let numerator, let denominator):
      return Double(numerator) / Double(denominator)
    case .big(let fraction):
      let (numerator, denominator) = (fraction.numerator, fraction.denominator)
      let shift = max(0, max(numerator.bitWidth, denominator.bitWidth) - 1000)
      return Double(numerator >> shift) / Double(denominator >> shift)
    }
  }

  /// The sum.
  @inlinable public static func + (lhs: Rational, rhs: Rational) -> Rational {
    if case .small(let a, let b) = lhs.storage, case .small(let c, let d) = rhs.storage {
      if c == 0 { return lhs }
      if a == 0 { return rhs }
      if b == 1, d == 1 {
        let (sum, overflow) = a.addingReportingOverflow(c)
        if !overflow, sum != .min { return Rational(storage: .small(sum, 1)) }
      } else if b == d {
        let (sum, overflow) = a.addingReportingOverflow(c)
        if !overflow, sum != .min { return reducedSmall(sum, b) }
      } else {
        let (ad, o1) = a.multipliedReportingOverflow(by: d)
        let (cb, o2) = c.multipliedReportingOverflow(by: b)
        let (bd, o3) = b.multipliedReportingOverflow(by: d)
        if !(o1 || o2 || o3) {
          let (sum, o4) = ad.addingReportingOverflow(cb)
          if !o4, sum != .min { return reducedSmall(sum, bd) }
        }
        if let sum = sharedFactorSum(a, b, c, d) { return sum }
      }
    }
    return bigSum(lhs, rhs)
  }

  /// `a/b + c/d` in machine integers by Knuth's way (see ``bigSum(_:_:)``), when `a·d + c·b`
  /// over `b·d` overflowed but the denominators share a factor that keeps the terms small:
  /// `nil` when it overflows too. With no common factor the sum's denominator is `b·d` itself,
  /// which did not fit.
  @usableFromInline @inline(never) static func sharedFactorSum(
    _ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64
  ) -> Rational? {
    let g = Int64(greatestCommonDivisor(b.magnitude, d.magnitude))
    guard g != 1 else { return nil }
    let (bg, dg) = (b / g, d / g)
    let (x, o1) = a.multipliedReportingOverflow(by: dg)
    let (y, o2) = c.multipliedReportingOverflow(by: bg)
    guard !(o1 || o2) else { return nil }
    let (t, o3) = x.addingReportingOverflow(y)
    guard !o3, t != .min else { return nil }
    if t == 0 { return .zero }
    let h = Int64(greatestCommonDivisor(t.magnitude, g.magnitude))
    let (denominator, o4) = bg.multipliedReportingOverflow(by: d / h)
    guard !o4 else { return nil }
    return Rational(storage: .small(t / h, denominator))
  }

  /// The sum with arbitrary precision (kept out of line so that the 64-bit path stays small).
  ///
  /// Knuth's way (TAOCP vol. 2, §4.5.1): with `g = gcd(b, d)`, `a/b + c/d` is
  /// `t / (b/g · d/g')` where `t = a·(d/g) + c·(b/g)` and `g' = gcd(t, g)`, already in lowest
  /// terms. The GCDs work on the denominators, not on the whole result, and integers need none.
  @usableFromInline @inline(never) static func bigSum(_ lhs: Rational, _ rhs: Rational) -> Rational {
    let (a, b, c, d) = (lhs.numerator, lhs.denominator, rhs.numerator, rhs.denominator)
    if b == 1, d == 1 { return inLowestTerms(a + c, 1) }
    let g = BigInt(greatestCommonDivisor(b.magnitude, d.magnitude))
    if g == 1 { return inLowestTerms(a * d + c * b, b * d) }
    let (bg, dg) = (b / g, d / g)
    let t = a * dg + c * bg
    if t.isZero { return .zero }
    let h = BigInt(greatestCommonDivisor(t.magnitude, g.magnitude))
    return h == 1 ? inLowestTerms(t, bg * d) : inLowestTerms(t / h, bg * (d / h))
  }

  /// The negation.
  @inlinable public static prefix func - (operand: Rational) -> Rational {
    switch operand.storage {
    case .small(let numerator, let denominator): Rational(storage: .small(-numerator, denominator))
    case .big(let fraction): Rational(storage: .big(fraction.negated))
    }
  }

  /// The difference.
  @inlinable public static func - (lhs: Rational, rhs: Rational) -> Rational {
    lhs + (-rhs)
  }

  /// The product.
  @inlinable public static func * (lhs: Rational, rhs: Rational) -> Rational {
    if case .small(var a, var b) = lhs.storage, case .small(var c, var d) = rhs.storage {
      if a == 0 || c == 0 { return .zero }
      // A factor of ±1 (every unit coefficient of a row) leaves the other in lowest terms.
      if d == 1, c == 1 { return lhs }
      if b == 1, a == 1 { return rhs }
      if d == 1, c == -1, a != .min { return Rational(storage: .small(-a, b)) }
      if b == 1, a == -1, c != .min { return Rational(storage: .small(-c, d)) }
      if b == 1, d == 1 {
        let (n, overflow) = a.multipliedReportingOverflow(by: c)
        if !overflow, n != .min { return Rational(storage: .small(n, 1)) }
      }
      // Cross-reduce first so that the products stay small (and divide only when it helps:
      // a division costs more than the rest of the product).
      let g1 = Int64(greatestCommonDivisor(a.magnitude, d.magnitude))
      if g1 != 1 {
        a /= g1
        d /= g1
      }
      let g2 = Int64(greatestCommonDivisor(c.magnitude, b.magnitude))
      if g2 != 1 {
        c /= g2
        b /= g2
      }
      let (n, o1) = a.multipliedReportingOverflow(by: c)
      let (m, o2) = b.multipliedReportingOverflow(by: d)
      if !(o1 || o2), n != .min { return Rational(storage: .small(n, m)) }
    }
    return bigProduct(lhs, rhs)
  }

  /// The product with arbitrary precision (kept out of line so that the 64-bit path stays
  /// small).
  ///
  /// Cross-reduced first (`gcd(a, d)` and `gcd(c, b)` for `a/b · c/d`), so that the product is
  /// in lowest terms without a GCD of the whole result.
  @usableFromInline @inline(never) static func bigProduct(_ lhs: Rational, _ rhs: Rational) -> Rational {
    var (a, b, c, d) = (lhs.numerator, lhs.denominator, rhs.numerator, rhs.denominator)
    if a.isZero || c.isZero { return .zero }
    let g1 = BigInt(greatestCommonDivisor(a.magnitude, d.magnitude))
    if g1 != 1 { (a, d) = (a / g1, d / g1) }
    let g2 = BigInt(greatestCommonDivisor(c.magnitude, b.magnitude))
    if g2 != 1 { (c, b) = (c / g2, b / g2) }
    return inLowestTerms(a * c, b * d)
  }

  /// The quotient.
  @inlinable public static func / (lhs: Rational, rhs: Rational) -> Rational {
    precondition(!rhs.isNearZero, "division of a rational by zero")
    return lhs * rhs.reciprocal
  }

  /// `1 / self`; `self` must not be zero.
  @inlinable public var reciprocal: Rational {
    switch storage {
    case .small(let numerator, let denominator):
      return numerator < 0
        ? Rational(storage: .small(-denominator, -numerator))
        : Rational(storage: .small(denominator, numerator))
    case .big(let fraction):
      return Rational.reduced(fraction.denominator, fraction.numerator)
    }
  }

  /// Whether `lhs` comes before `rhs`.
  @inlinable public static func < (lhs: Rational, rhs: Rational) -> Bool {
    if case .small(let a, let b) = lhs.storage, case .small(let c, let d) = rhs.storage {
      if b == d { return a < c }
      let x = a.multipliedFullWidth(by: d)
      let y = c.multipliedFullWidth(by: b)
      return x.high < y.high || (x.high == y.high && x.low < y.low)
    }
    return bigLess(lhs, rhs)
  }

  /// `<` with arbitrary precision (kept out of line so that the 64-bit path stays small).
  @usableFromInline @inline(never) static func bigLess(_ lhs: Rational, _ rhs: Rational) -> Bool {
    lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
  }

  /// The value as `n` or `n/d`.
  public var description: String {
    switch storage {
    case .small(let numerator, let denominator):
      denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)"
    case .big(let fraction):
      fraction.denominator == 1
        ? String(fraction.numerator) : "\(fraction.numerator)/\(fraction.denominator)"
    }
  }
}
