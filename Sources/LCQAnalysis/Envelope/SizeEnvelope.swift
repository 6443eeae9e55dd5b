import LCQSolver

/// On which sizes a conflict fires: for one size a container sets (a cell's width, a root
/// view's height, a temporary fitting width), the values of that size at which the block's
/// other constraints cannot all hold.
///
/// The block's other constraints can hold on one interval of the size, ``safe``, possibly
/// empty; the conflict fires everywhere else: below `safe.low`, above `safe.high`, or at every
/// size when ``safe`` is `nil`. The ends are exact (rationals) with the numbers as printed;
/// for a `conflict` block, ``widenedSafe`` gives them again with every other printed number
/// anything that prints the same, as the verdict is proven: the conflict is proven at every size
/// outside it, and the two differ only within the log's printed precision.
public struct SizeEnvelope: Sendable, Hashable {
  /// The axis of a freed size.
  public enum Axis: String, Sendable, Hashable {
    case width, height
  }

  /// The sizes at which the block's other constraints can hold: from `low` (zero or more for a
  /// size) to `high` (`nil`: no largest size).
  public struct Interval: Sendable, Hashable {
    /// The smallest size at which they hold.
    public var low: Rational
    /// The largest, `nil` when every larger size holds too.
    public var high: Rational?

    /// Whether `value` lies in the interval.
    public func contains(_ value: Rational) -> Bool {
      low <= value && high.map { value <= $0 } != false
    }

    /// Whether it holds every size, from zero with no largest.
    public var isEverySize: Bool { low == .zero && high == nil }
  }

  /// The list index of the constraint whose constant was freed.
  public var constraint: Int
  /// Whether it is a width or a height.
  public var axis: Axis
  /// The constant as logged (its printed text).
  public var logged: String
  /// What sets it: the noun of the sized view (`cell`, `root view`) or `fitting` for a
  /// temporary fitting size.
  public var container: String
  /// Whether screen sizes stand for it (the width of a cell, a root view or a window; the
  /// height of a root view or a window), so devices can be named.
  public var tracksScreen: Bool
  /// Where the other constraints hold, with the numbers as printed; `nil` when they hold at no
  /// size (the conflict does not depend on this size).
  public var safe: Interval?
  /// Whether the block's verdict is proven with every printed number widened (a `conflict`),
  /// so ``widenedSafe`` is worked out; `false` for a `within-precision` block.
  public var isWidened: Bool
  /// Where the other constraints hold with every other printed number anything that prints the
  /// same (`nil` when they hold at no size, or when ``isWidened`` is `false`).
  public var widenedSafe: Interval?
  /// The other container-set sizes of the conflict (list indices), held at their logged values.
  public var held: [Int]

  /// Whether the conflict fires at every size.
  public var firesAtEverySize: Bool { safe == nil }

  /// The firing intervals as `[low, high]` pairs, `nil` for an unbounded end: `[nil, nil]` for
  /// every size, else below the safe interval (when it starts above zero) and above it (when it
  /// ends). A firing interval excludes its finite end: at that size the constraints hold.
  public var fires: [(low: Rational?, high: Rational?)] {
    guard let safe else { return [(nil, nil)] }
    var intervals: [(low: Rational?, high: Rational?)] = []
    if safe.low > .zero { intervals.append((nil, safe.low)) }
    if let high = safe.high { intervals.append((high, nil)) }
    return intervals
  }

  /// Whether the conflict fires when the size is `value`.
  public func fires(at value: Rational) -> Bool {
    !(safe?.contains(value) ?? false)
  }
}

/// The envelopes of a block: one per freed size, or why there is none.
public enum BlockEnvelope: Sendable, Hashable {
  /// One entry per container-set size of the conflict, in list order.
  case sizes([SizeEnvelope])
  /// Why no size applies.
  case none(reason: String)

  /// The entries, empty for ``none(reason:)``.
  public var sizes: [SizeEnvelope] {
    if case .sizes(let sizes) = self { return sizes }
    return []
  }

  /// The reason, for ``none(reason:)``.
  public var reason: String? {
    if case .none(let reason) = self { return reason }
    return nil
  }
}

extension SizeEnvelope {
  /// Whether the conflict fires when the size is a whole number of `points` (a table size).
  public func fires(atPoints points: Double) -> Bool {
    fires(at: Rational(Int64(points.rounded()), 1))
  }
}

extension SizeEnvelope {
  /// Two sizes to draw side by side: one where the conflict fires, a point from the edge of the
  /// safe interval (half the way to zero when that edge is below 1 pt), and the safe edge
  /// itself, the lower edge when there is one above zero; `nil` when it fires at every size.
  public var drawnSizes: (firing: Rational, safe: Rational)? {
    guard let safe else { return nil }
    let one = Rational(1, 1)
    if safe.low > .zero {
      return (safe.low < one ? safe.low * Rational(1, 2) : safe.low - one, safe.low)
    }
    guard let high = safe.high else { return nil }
    return (high + one, high)
  }
}

/// Which sides of an interval of safe sizes fire, for sizes from zero up: the one reading of
/// an interval that the sentences (``EnvelopeWords``) and the report's short form share.
public enum FiringSides<Value: Comparable>: Equatable {
  /// Safe from zero with no largest size: nothing fires.
  case none
  /// Fires below `low` only.
  case below(Value)
  /// Fires above `high` only (above zero when the interval is zero alone).
  case above(Value)
  /// Fires below `low` and above `high`; `low == high` when only one size is safe.
  case outside(low: Value, high: Value)

  /// The sides of the safe sizes from `low` to `high` (`nil`: no largest), sizes starting at
  /// `zero`.
  public init(low: Value, high: Value?, zero: Value) {
    switch (low > zero, high) {
    case (false, nil): self = .none
    case (true, nil): self = .below(low)
    case (false, let high?): self = .above(high)
    case (true, let high?): self = .outside(low: low, high: high)
    }
  }
}

extension SizeEnvelope.Interval {
  /// Which of its sides fire.
  public var firingSides: FiringSides<Rational> { FiringSides(low: low, high: high, zero: .zero) }
}
