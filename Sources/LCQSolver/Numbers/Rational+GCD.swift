import BigInt

extension Rational {
  /// The greatest common divisor of two magnitudes, by Lehmer's algorithm (Knuth, TAOCP vol. 2,
  /// §4.5.2, Algorithm L).
  ///
  /// Euclid's steps are worked out on the leading 62 bits of both numbers in machine words, as
  /// long as they agree with the steps on the whole numbers, and then applied to the whole numbers
  /// at once: one pass over the words for about 30 bits of reduction, where a binary GCD makes
  /// one pass (and one allocation) for every bit. Once the smaller number fits in a word, the
  /// rest is machine arithmetic.
  static func greatestCommonDivisor(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
    var (u, v) = a >= b ? (a, b) : (b, a)
    while v.words.count > 1 {
      let step = LehmerStep(u, v)
      if step.b == 0 {
        // The leading bits did not decide a single quotient: one division on the whole numbers.
        (u, v) = (v, u % v)
      } else {
        (u, v) = (step.combine(step.a, u, step.b, v), step.combine(step.c, u, step.d, v))
      }
    }
    guard !v.isZero else { return u }
    let small = UInt64(v.words[0])
    if small == 1 { return 1 }
    // u mod v, a word at a time from the top.
    var remainder: UInt = 0
    for word in u.words.reversed() {
      remainder = UInt(small).dividingFullWidth((remainder, word)).remainder
    }
    return BigUInt(greatestCommonDivisor(UInt64(remainder), small))
  }
}

/// The cofactors of the Euclid steps that the leading bits of `u ≥ v` decide:
/// `(u, v) → (a·u + b·v, c·u + d·v)`, where each pair has opposite signs (or a zero) and
/// both results are non-negative.
struct LehmerStep {
  var a: Int64 = 1
  var b: Int64 = 0
  var c: Int64 = 0
  var d: Int64 = 1

  /// The steps for `u ≥ v`, from their bits at `u`'s leading 62.
  init(_ u: BigUInt, _ v: BigUInt) {
    let shift = max(0, u.bitWidth - 62)
    var x = Int64(UInt64((u >> shift).words.first ?? 0))
    var y = Int64(UInt64((v >> shift).words.first ?? 0))
    // Knuth's test: the quotient is the same for both ends of the range the whole numbers can
    // be in. Every value here stays below 2^62 in magnitude.
    while y + c != 0, y + d != 0 {
      let q = (x + a) / (y + c)
      guard q == (x + b) / (y + d) else { break }
      let (qc, o1) = q.multipliedReportingOverflow(by: c)
      let (qd, o2) = q.multipliedReportingOverflow(by: d)
      let (qy, o3) = q.multipliedReportingOverflow(by: y)
      guard !(o1 || o2 || o3) else { break }
      (a, c) = (c, a - qc)
      (b, d) = (d, b - qd)
      (x, y) = (y, x - qy)
    }
  }

  /// `p·u + q·v` for cofactors of opposite signs whose result is known to be non-negative.
  func combine(_ p: Int64, _ u: BigUInt, _ q: Int64, _ v: BigUInt) -> BigUInt {
    let left = u.multiplied(byWord: UInt(p.magnitude))
    let right = v.multiplied(byWord: UInt(q.magnitude))
    return q > 0 ? right - left : left - right
  }
}
