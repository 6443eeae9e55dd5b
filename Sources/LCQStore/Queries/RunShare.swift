import BigInt

/// How many runs saw a conflict in the checked scope and in the scope before it (``CheckResult``),
/// and whether the difference is beyond chance.
///
/// The test is one-sided and exact (Fisher's): with `runs + previousRuns` runs that saw the
/// conflict among `of + previousOf` runs in all, and the two scopes equally likely to see it,
/// how likely are `runs` or more of them to fall among the checked scope's `of`? The count of
/// those runs follows the hypergeometric law, so the chance is
/// `Σ_{x ≥ runs} C(K, x)·C(N − K, of − x) / C(N, of)` with `K = runs + previousRuns` and
/// `N = of + previousOf`, summed in whole numbers of any size and divided once, so 1 of 20 runs
/// after 0 of 20 has a chance of exactly 1/2. A small chance means the conflict fires more often
/// than before beyond what chance explains.
public struct RunShare: Sendable, Hashable {
  /// Runs of the checked scope that saw the conflict.
  public var runs: Int
  /// Runs of the checked scope.
  public var of: Int
  /// Runs of the previous scope that saw it.
  public var previousRuns: Int
  /// Runs of the previous scope (0 when there is none).
  public var previousOf: Int

  /// Creates a share.
  public init(runs: Int, of: Int, previousRuns: Int, previousOf: Int) {
    self.runs = runs
    self.of = of
    self.previousRuns = previousRuns
    self.previousOf = previousOf
  }

  /// The one-sided exact test's p-value: the chance of `runs` or more of the scope's runs seeing
  /// the conflict if both scopes saw it equally often. 1 when there is no previous run to
  /// compare with, or when the scope saw it no more often than before.
  public var pValue: Double {
    let total = of + previousOf
    let seen = runs + previousRuns
    guard previousOf > 0, runs > 0, of > 0, runs <= of, previousRuns <= previousOf else { return 1 }
    // term(x) = C(seen, x)·C(total − seen, of − x), for every x the margins allow; their sum is
    // C(total, of). Each term follows from the one before by a ratio whose division is exact.
    let low = max(0, of - (total - seen))
    let high = min(of, seen)
    var term = Self.choose(seen, low) * Self.choose(total - seen, of - low)
    var tail: BigUInt = 0
    var all: BigUInt = 0
    for x in low...high {
      if x >= runs { tail += term }
      all += term
      if x < high {
        term =
          term * BigUInt(seen - x) * BigUInt(of - x) / (BigUInt(x + 1) * BigUInt(total - seen - of + x + 1))
      }
    }
    return Self.quotient(tail, all)
  }

  /// Whether the scope sees the conflict more often than before beyond chance at `level` (a
  /// p-value at or below it).
  public func isBeyondChance(at level: Double) -> Bool { pValue <= level }

  /// C(n, k), exactly.
  static func choose(_ n: Int, _ k: Int) -> BigUInt {
    var result: BigUInt = 1
    for i in 0..<min(k, n - k) { result = result * BigUInt(n - i) / BigUInt(i + 1) }
    return result
  }

  /// `numerator / denominator` (at most 1) as the nearest double: the quotient is taken to 64
  /// significant bits in whole numbers, then scaled, so a tiny chance keeps its digits.
  static func quotient(_ numerator: BigUInt, _ denominator: BigUInt) -> Double {
    guard numerator > 0 else { return 0 }
    let shift = denominator.bitWidth - numerator.bitWidth + 63
    let scaled = UInt64((numerator << shift) / denominator)
    return Double(sign: .plus, exponent: -shift, significand: Double(scaled))
  }
}
